// The input of a field naming records of another declared resource (`x-ui.reference`): a select, an autocomplete
// or, read only, the record's embedded copy.
import { Box, Chip, Stack, TextField, Typography } from '@mui/material';
import { AutocompleteArrayInput, AutocompleteInput, ReferenceArrayInput, ReferenceInput, SelectInput, useCanAccess, useGetList, usePermissions, useRecordContext, type RaRecord } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { ApiRecord, ResourceDeclaration } from '../../resources/declaration.js';
import { resourceByName } from '../../resources/index.js';
import { hasAnyPermission } from '../../shared/permissions.js';
import { LoadFailed } from '../layout/LoadFailed.js';
import { useViews, ViewOf } from './views.js';
import { Texts } from '../../shared/texts/index.js';
import type { UiHints } from './formValidation.js';

const label = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** Chips of names, or "None": how a list of references reads when it cannot be changed. */
function Chips({ title, names }: { title: string; names: string[] }) {
  return (
    <Box sx={{ py: 0.5 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {title}
      </Typography>
      <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap" sx={{ minHeight: 32, alignItems: 'center' }}>
        {names.length ? names.map((name) => <Chip key={name} size="small" label={name} />) : <Typography variant="body2">None</Typography>}
      </Stack>
    </Box>
  );
}

type Reference = NonNullable<UiHints['reference']>;

const optionText = (reference: Reference) => (record: RaRecord | ApiRecord | null | undefined) => {
  if (!record) return '';
  if (reference.label) return reference.label.map((field) => label(record[field])).filter(Boolean).join(' ');
  return resourceByName(reference.resource)?.recordRepresentation(record) ?? label(record.id);
};

/** The record's choice of one referenced record, read only: its embedded copy by name, or the placeholder standing for a value ('None' for -1). */
function ChosenReference({ source, title, reference, hints }: { source: string; title: string; reference: Reference; hints: UiHints }) {
  const record = useRecordContext();
  const embedded = reference.embedded ? (record?.[reference.embedded] as ApiRecord | null | undefined) : undefined;
  const placeholder = hints.emptyValue !== undefined && String(record?.[source] ?? '') === hints.emptyValue ? (hints.placeholder ?? '') : '';
  return <TextField label={title} value={embedded ? optionText(reference)(embedded) : placeholder} disabled fullWidth slotProps={{ htmlInput: { readOnly: true } }} />;
}

/**
 * Whether the user may read a resource's records for a picker: its list permission, or — a list call open to
 * others (`operations.list.access`: the org case types' template picker reads case templates) — that call's.
 */
function useCanReadList(resource: string): { canRead: boolean; isPending: boolean } {
  const { canAccess = false, isPending } = useCanAccess({ resource, action: 'list' });
  const { permissions, isPending: rolesPending } = usePermissions<string[]>();
  const access = resourceByName(resource)?.operations.list?.access;
  const byCall = access === 'signedIn' || (Array.isArray(access) && Array.isArray(permissions) && hasAnyPermission(permissions, access));
  return { canRead: canAccess || byCall, isPending: !canAccess && !byCall && (isPending || (access !== undefined && rolesPending)) };
}

/** How many records a reference select offers at most (browser-paged lists are small). */
const REFERENCE_SELECT_LIMIT = 1000;

/**
 * One record of a resource paged in the browser (case templates, item templates, expense types, the accounting
 * service's companies): a select of all its records in the list's order, labelled by `label`; hidden records are
 * offered only when already chosen. `x-ui.placeholder` is the first option (no choice), standing for
 * `x-ui.emptyValue` when that is not empty. Ids may be numbers or strings.
 */
function ReferenceSelect({ source, title, reference, target, required, hints }: { source: string; title: string; reference: Reference; target: ResourceDeclaration; required: boolean; hints: UiHints }) {
  // A list that depends on other fields of the form (an org's requesting officials) waits for them.
  const dependsOn = Object.entries(reference.with ?? {});
  const formValues = useWatch({ name: dependsOn.map(([, field]) => field) }) as unknown[];
  const filter = { ...reference.fixed, ...Object.fromEntries(dependsOn.map(([name], i) => [name, formValues[i]])) };
  const ready = dependsOn.every((_entry, i) => formValues[i] !== undefined && formValues[i] !== null && formValues[i] !== '');
  const refusedView = useViews(target).listRefused;
  const { data = [], isPending, error, refetch } = useGetList<RaRecord>(target.name, { pagination: { page: 1, perPage: REFERENCE_SELECT_LIMIT }, sort: target.list.sort, filter }, { enabled: ready });
  const current = useWatch({ name: source }) as unknown;
  const record = useRecordContext();
  const text = optionText(reference);
  const valueOf = (r: RaRecord) => (reference.value ? r[reference.value] : r.id) as string | number;
  const seen = new Set<string>();
  const records = data
    .filter((r) => !r.Hidden || String(valueOf(r)) === String(current))
    .filter((r) => !seen.has(String(valueOf(r))) && Boolean(seen.add(String(valueOf(r)))))
    .map((r) => ({ id: valueOf(r), name: text(r) }));
  // The record's own choice, while chosen, stays a choice when the list no longer offers it (an expense type whose
  // rule ended): the select would otherwise show it blank.
  const embedded = reference.embedded ? (record?.[reference.embedded] as ApiRecord | null | undefined) : undefined;
  const chosen = embedded?.Id;
  if (embedded && (typeof chosen === 'number' || typeof chosen === 'string') && String(chosen) === String(current) && !seen.has(String(chosen))) {
    records.push({ id: chosen, name: text(embedded) });
  }
  // A placeholder standing for a value ('None' for -1) is a choice like the others, required or not. A required
  // select's placeholder ('Select a template...') stays first, as what no choice reads, but cannot be chosen:
  // react-admin leaves its own empty option out of a required select.
  const named = hints.emptyValue !== undefined && hints.emptyValue !== '';
  const unchosen = !named && required && hints.placeholder ? [{ id: '', name: hints.placeholder, disabled: true }] : [];
  const choices = named ? [{ id: hints.emptyValue!, name: hints.placeholder ?? '' }, ...records] : [...unchosen, ...records];
  // A list that did not load must not look like a list with nothing in it.
  // The record's own choice still reads, above what went wrong.
  if (error) {
    return (
      <Stack spacing={1}>
        {current !== undefined && current !== null && current !== '' && <ChosenReference source={source} title={title} reference={reference} hints={hints} />}
        {refusedView ? (
          <ViewOf part={refusedView} declaration={target} error={error} onClose={() => void refetch()} />
        ) : (
          <LoadFailed error={error} text={Texts.forms.choicesFailed(title)} onRetry={() => void refetch()} />
        )}
      </Stack>
    );
  }
  // Until the records are there the chosen one could not show (nor be kept by the select).
  if (ready && isPending) return <TextField label={title} disabled fullWidth />;
  return (
    <SelectInput
      source={source}
      label={title}
      choices={choices}
      translateChoice={false}
      emptyText={named ? '' : (hints.placeholder ?? '')}
      isRequired={required}
      disabled={!ready}
      helperText={false}
      fullWidth
      slotProps={hints.placeholder && !named ? { select: { displayEmpty: true }, inputLabel: { shrink: true } } : undefined}
    />
  );
}

/**
 * Records of another declared resource (`x-ui.reference`): a select of its records (one id of a browser-paged
 * resource), else an autocomplete of its list, several for a list of ids. Read only, or for a user who may not
 * read that list, the record's embedded copy.
 */
export function ReferenceField({ source, title, reference, many, required, readOnly, hints }: { source: string; title: string; reference: Reference; many: boolean; required: boolean; readOnly: boolean; hints: UiHints }) {
  const record = useRecordContext();
  const { canRead: canAccess, isPending } = useCanReadList(reference.resource);
  const target = resourceByName(reference.resource);
  const text = optionText(reference);
  if (isPending && !readOnly) return <TextField label={title} disabled fullWidth />;
  if (readOnly || !canAccess || !target) {
    if (many) {
      const embedded = reference.embedded ? record?.[reference.embedded] : undefined;
      return <Chips title={title} names={(Array.isArray(embedded) ? embedded : []).map((r) => text(r as ApiRecord))} />;
    }
    return <ChosenReference source={source} title={title} reference={reference} hints={hints} />;
  }
  if (!many && target.paging === 'browser') return <ReferenceSelect source={source} title={title} reference={reference} target={target} required={required} hints={hints} />;
  const search = reference.search ?? 'q';
  const common = { reference: reference.resource, source, sort: target.list.sort, perPage: 100 };
  const input = { label: title, optionText: text, isRequired: required, helperText: false as const, fullWidth: true, filterToQuery: (q: string) => ({ [search]: q }) };
  if (many) {
    return (
      <ReferenceArrayInput {...common}>
        <AutocompleteArrayInput {...input} />
      </ReferenceArrayInput>
    );
  }
  return (
    // A server-paged list is asked only once something is typed.
    <ReferenceInput {...common} perPage={10} enableGetChoices={target.paging === 'server' ? (filters) => Boolean(filters[search]) : undefined}>
      <AutocompleteInput {...input} />
    </ReferenceInput>
  );
}
