import { createContext, useContext } from 'react';
import { Box, Checkbox, Chip, FormControlLabel, InputAdornment, Stack, TextField, Typography } from '@mui/material';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanInput,
  NumberInput,
  ReferenceArrayInput,
  ReferenceInput,
  SelectInput,
  TextInput,
  useCanAccess,
  useGetList,
  useInput,
  usePermissions,
  useRecordContext,
  type RaRecord,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { ApiRecord, ResourceDeclaration } from '../../resources/declaration.js';
import { resourceByName } from '../../resources/index.js';
import type { ObjectSchema } from '../../schemas/index.js';
import { formatPhone } from '../../shared/format.js';
import { hasAnyPermission } from '../../shared/permissions.js';
import { humanizeFieldName } from '../../shared/validationMessages.js';
import { DateInput, phoneDigits } from '../forms/inputs.js';
import { SsnInput } from '../forms/SsnInput.js';
import { useLookupItems } from '../session/useLookups.js';
import { LoadFailed } from '../layout/LoadFailed.js';
import { useViews, ViewOf, type ViewPart } from './views.js';
import { Texts } from '../../shared/texts/index.js';
import { entrySchemaOf, hintsOf, isLongText, typesOf, type FormProperty, type UiHints } from './formValidation.js';
import { SchemaListInput, type EntryPlace, type ListFrame } from './SchemaListInput.js';

/** What an input drawn by a resource's views (their `inputs`) needs to know of its field: read with `useSchemaInput()`. */
export interface SchemaInputProps {
  source: string;
  label: string;
  isRequired: boolean;
  readOnly: boolean;
}

const SchemaInputContext = createContext<SchemaInputProps | null>(null);

/** The field a drawn input stands for (its source, label, required flag and read-only state). */
export function useSchemaInput(): SchemaInputProps {
  const value = useContext(SchemaInputContext);
  if (!value) throw new Error('useSchemaInput() outside a schema input');
  return value;
}

interface Props {
  schema: ObjectSchema;
  name: string;
  /** Path prefix inside an array or nested object ('Emails.0.'). */
  prefix?: string;
  readOnly?: boolean;
  /** The declaration whose form this is: its views' `inputs` and the record they get. */
  declaration?: ResourceDeclaration;
  entry?: EntryPlace;
  /** A list drawn as a section of its own: title, empty text and add button. */
  frame?: ListFrame;
}

/** A long text gets a multi-line box (unless `x-ui.widget: text` keeps it on one line). */

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

function LookupInput({ source, title, list, required, readOnly, helperText }: { source: string; title: string; list: string; required: boolean; readOnly?: boolean; helperText?: string }) {
  const items = useLookupItems(list);
  return (
    <SelectInput
      source={source}
      label={title}
      choices={items.map((item) => ({ id: item.Id, name: item.Description ?? item.Short }))}
      emptyText="Select…"
      isRequired={required}
      readOnly={readOnly}
      helperText={helperText ?? false}
      fullWidth
    />
  );
}

/** Several items of a lookup list (`x-lookup` on a list of ids). */
function LookupListInput({ source, title, list, readOnly }: { source: string; title: string; list: string; readOnly?: boolean }) {
  const items = useLookupItems(list, { includeHidden: true });
  const choices = items.filter((item) => !item.Hidden).map((item) => ({ id: item.Id, name: item.Description ?? item.Short }));
  return <AutocompleteArrayInput source={source} label={title} choices={choices} readOnly={readOnly} helperText={false} fullWidth />;
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
function ReferenceField({ source, title, reference, many, required, readOnly, hints }: { source: string; title: string; reference: Reference; many: boolean; required: boolean; readOnly: boolean; hints: UiHints }) {
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

/**
 * US phone, written 555-123-4567 as it is typed (a pasted +1 dropped). The schema's rule shows once the user leaves
 * the field, and a corrected number clears it at once.
 */
function PhoneInput({ source, title, required, readOnly }: { source: string; title: string; required: boolean; readOnly: boolean }) {
  const { field, fieldState } = useInput({ source });
  const { trigger } = useFormContext();
  return (
    <TextField
      label={title}
      required={required}
      fullWidth
      type="tel"
      value={field.value ?? ''}
      name={field.name}
      inputRef={field.ref}
      disabled={readOnly}
      onChange={(event) => {
        field.onChange(formatPhone(phoneDigits(event.target.value)));
        if (fieldState.invalid) void trigger(source);
      }}
      onBlur={() => {
        field.onBlur();
        if (field.value) void trigger(source);
      }}
      error={fieldState.invalid}
      helperText={fieldState.error?.message}
      placeholder="555-555-5555"
      slotProps={{ htmlInput: { inputMode: 'tel', readOnly } }}
    />
  );
}

/**
 * The product's date picker (MM/DD/YYYY) on a YYYY-MM-DD value; `x-notFuture` keeps it to today and before, `x-ui.notPast`
 * to today and after.
 */
export function SchemaDateInput({
  source,
  title,
  required,
  readOnly,
  notFuture,
  notPast = false,
}: {
  source: string;
  title: string;
  required: boolean;
  readOnly: boolean;
  notFuture: boolean;
  notPast?: boolean;
}) {
  const { field, fieldState } = useInput({ source });
  return (
    <DateInput
      label={title}
      value={typeof field.value === 'string' ? field.value.slice(0, 10) : null}
      onChange={(value) => field.onChange(value)}
      required={required}
      disabled={readOnly}
      error={fieldState.invalid}
      helperText={fieldState.error?.message}
      limits={{ ...(notFuture && { disableDatesAfterToday: true }), ...(notPast && { disableDatesBeforeToday: true }) }}
      dense
    />
  );
}

/** A boolean of a list entry: a checkbox named after its entry ("Primary email 2"). */
function EntryCheckbox({ source, title, entry, field: name, readOnly }: { source: string; title: string; entry: EntryPlace; field: string; readOnly: boolean }) {
  const { field } = useInput({ source, type: 'checkbox' });
  return (
    <FormControlLabel
      sx={{ ml: 0, mt: { md: 1 } }}
      label={title}
      control={
        <Checkbox
          checked={Boolean(field.value)}
          disabled={readOnly}
          onChange={(event) => {
            field.onChange(event.target.checked);
            entry.onCheck?.(name, event.target.checked);
          }}
          slotProps={{ input: { 'aria-label': `${title} ${entry.label.toLowerCase()} ${entry.index + 1}` } }}
        />
      }
    />
  );
}

/** An input drawn by the resource's views (`inputs`). */
function DrawnInput({ part, declaration, field }: { part: ViewPart; declaration: ResourceDeclaration; field: SchemaInputProps }) {
  const record = useRecordContext();
  return (
    <SchemaInputContext.Provider value={field}>
      <ViewOf part={part} declaration={declaration} record={record as ApiRecord | undefined} readOnly={field.readOnly} />
    </SchemaInputContext.Provider>
  );
}

/**
 * The react-admin input of one schema property: the resource's own input (its views' `inputs`); `x-ui.reference` →
 * a select or an autocomplete of another resource's records; `x-lookup` → a select of the lookup list (several
 * for a list of ids); `enum` → a select; booleans → a switch (a named checkbox in a list entry); numbers (money,
 * `x-ui.widget: money`, with a $ before it; a number is sent); dates → the date picker ('YYYY-MM-DD', or null);
 * phone numbers (`x-ui.widget: phone`); SSNs (`x-ui.widget: ssn`: masked, replaced by typing, revealed to holders of View
 * Full SSN); passwords (`x-ui.widget: password`); long texts; lists of objects →
 * `SchemaListInput` (entries in place or, with `x-ui.edit: dialog`, in a modal); nested objects → their
 * properties' inputs.
 */
export function SchemaInput({ schema, name, prefix = '', readOnly: formReadOnly = false, declaration, entry, frame }: Props) {
  const property = schema.properties[name] as FormProperty | undefined;
  const hints = hintsOf(property);
  const views = useViews(declaration);
  if (!property || hints.hidden) return null;
  const source = `${prefix}${name}`;
  const title = property.title ?? humanizeFieldName(name);
  const required = (schema.required ?? []).includes(name);
  const readOnly = formReadOnly || Boolean(property.readOnly);
  const helperText = property.description;
  const common = { source, label: title, isRequired: required, readOnly, helperText: helperText ?? false, fullWidth: true } as const;
  const kind = typesOf(property);
  const drawn = !prefix && declaration ? views.inputs?.[name] : undefined;

  if (drawn && declaration) return <DrawnInput part={drawn} declaration={declaration} field={{ source, label: title, isRequired: required, readOnly }} />;
  if (hints.reference) return <ReferenceField source={source} title={title} reference={hints.reference} many={kind.includes('array')} required={required} readOnly={readOnly} hints={hints} />;
  if (property['x-lookup'] && kind.includes('array')) return <LookupListInput source={source} title={title} list={property['x-lookup']} readOnly={readOnly} />;
  if (property['x-lookup']) return <LookupInput source={source} title={title} list={property['x-lookup']} required={required} readOnly={readOnly} helperText={helperText} />;
  if (property.enum) return <SelectInput {...common} choices={property.enum.filter((v) => v !== null).map((v) => ({ id: String(v), name: String(v) }))} />;
  if (kind.includes('boolean')) return entry ? <EntryCheckbox source={source} title={title} entry={entry} field={name} readOnly={readOnly} /> : <BooleanInput {...common} />;
  if (hints.widget === 'money' && (kind.includes('integer') || kind.includes('number'))) {
    return <NumberInput {...common} min={property.minimum} max={property.maximum} step={hints.step} slotProps={{ input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }} />;
  }
  if (kind.includes('integer') || kind.includes('number')) return <NumberInput {...common} min={property.minimum} max={property.maximum} step={hints.step} />;
  if (property.format === 'date' || property.format === 'date-time') {
    return <SchemaDateInput source={source} title={title} required={required} readOnly={readOnly} notFuture={Boolean(property['x-notFuture'])} notPast={Boolean(hints.notPast)} />;
  }
  if (kind.includes('array')) {
    const entries = entrySchemaOf(property);
    if (!entries) return null;
    return <SchemaListInput source={source} property={property} entries={entries} readOnly={readOnly} frame={frame ?? { title }} Input={SchemaInput} />;
  }
  if (kind.includes('object')) {
    const nested = property as unknown as ObjectSchema;
    if (!nested.properties) return null;
    return (
      <>
        {Object.keys(nested.properties).map((field) => (
          <SchemaInput key={field} schema={nested} name={field} prefix={`${source}.`} readOnly={readOnly} />
        ))}
      </>
    );
  }
  if (hints.widget === 'phone') return <PhoneInput source={source} title={title} required={required} readOnly={readOnly} />;
  if (hints.widget === 'ssn') return <SsnInput source={source} title={title} required={required} readOnly={readOnly} />;
  if (hints.widget === 'password') {
    return <TextInput {...common} type="password" autoComplete="new-password" slotProps={{ htmlInput: { maxLength: property.maxLength } }} />;
  }
  const multiline = isLongText(property);
  return <TextInput {...common} multiline={multiline} minRows={multiline ? 3 : undefined} slotProps={{ htmlInput: { maxLength: property.maxLength } }} />;
}

