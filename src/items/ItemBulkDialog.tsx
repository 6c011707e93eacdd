import { useMemo, useState, type ReactNode } from 'react';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { Form, TextInput, useDataProvider, useListContext, useNotify, useRefresh } from 'react-admin';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';
import { failureOf } from '../../dataProvider/httpClient.js';
import type { SubmitRefusal } from '../../dataProvider/items.js';
import { itemNumber, itemPlace } from '../../resources/caseItems.js';
import type { ApiRecord, ResourceDeclaration } from '../../resources/declaration.js';
import { ItemTexts } from '../../shared/texts/items.js';
import { dottedPath } from '../../shared/schemaValidation.js';
import { ITEM_STATUS_LABELS, type ItemStatus } from '../../shared/workflow.js';
import { MOBILE_QUERY } from '../layout/TopBar.js';
import { formSchemaOf, nestedErrors, schemaById, validateBySchema } from '../resources/formValidation.js';
import { SchemaDateInput } from '../resources/SchemaInput.js';
import { SubmitButton } from '../resources/SubmitButton.js';
import { endedBySignOut, failureMessage } from '../resources/useResourceSave.js';
import { InvestigatorInput } from './InvestigatorInput.js';
import { useSelectedItems, type CaseGroup } from './selectedItems.js';
import { VALIDATION_MODE } from '../forms/validationMode.js';

const T = ItemTexts;

export type BulkKind = 'assign' | 'setAcds' | 'accept' | 'reject' | 'submit';
type Values = Record<string, unknown>;

/** What each bulk modal is: its title and button, the schema and fields of what it asks, its call and its toast. */
interface BulkSpec {
  title: string;
  submitLabel: string;
  /** The body's schema (`$id`) whose `fields` the modal asks for (the same wording as the server's). */
  schemaId?: string;
  fields: readonly string[];
  run(dataProvider: DossierDataProvider, group: CaseGroup, values: Values): Promise<unknown>;
  /** The success toast for one case's items, or one toast for them all (unassigning). */
  toast(caseNumber: string, values: Values): string;
  once?(values: Values): boolean;
  /** Said when a refusal gives no reason. */
  failed?: string;
}

export const BULK_SPECS: Record<BulkKind, BulkSpec> = {
  assign: {
    title: 'Assign Items',
    submitLabel: 'Assign',
    schemaId: 'itemAssign.json',
    fields: ['Investigator_Id'],
    run: (dp, group, values) => dp.assignItems(group.caseId, group.ids, values.Investigator_Id === null ? null : Number(values.Investigator_Id)),
    toast: (caseNumber, values) => (values.Investigator_Id === null ? T.toasts.unassigned : T.toasts.assigned(caseNumber)),
    once: (values) => values.Investigator_Id === null,
  },
  setAcds: {
    title: 'Update ACDs',
    submitLabel: 'Update ACDs',
    schemaId: 'itemAcds.json',
    fields: ['ACD'],
    run: (dp, group, values) => dp.setItemAcds(group.caseId, group.ids, String(values.ACD)),
    toast: (caseNumber) => T.toasts.acdsUpdated(caseNumber),
  },
  accept: {
    title: 'Accept Items',
    submitLabel: 'Accept',
    fields: [],
    run: (dp, group) => dp.acceptItems(group.caseId, group.ids),
    toast: (caseNumber) => T.toasts.accepted(caseNumber),
  },
  reject: {
    title: 'Reject Items',
    submitLabel: 'Reject',
    schemaId: 'itemReject.json',
    fields: ['Reason'],
    run: (dp, group, values) => dp.rejectItems(group.caseId, group.ids, String(values.Reason).trim()),
    toast: (caseNumber) => T.toasts.rejected(caseNumber),
  },
  submit: {
    title: 'Submit Items For Review',
    submitLabel: 'Submit',
    fields: [],
    run: (dp, group) => dp.submitItems(group.caseId, group.ids),
    toast: (caseNumber) => T.toasts.submitted(caseNumber),
    failed: T.submit.failed,
  },
};

/**
 * The modal's validation: its fields by the call's schema, as they are (no choice is no value, so an investigator is
 * required while the unassigned choice, null, is one), in the schema's words.
 */
function bulkResolver(spec: BulkSpec): Resolver<FieldValues> | undefined {
  const full = spec.schemaId ? schemaById(spec.schemaId) : undefined;
  if (!full || !spec.fields.length) return undefined;
  const schema = formSchemaOf(full, spec.fields);
  return (values) => {
    const errors = validateBySchema(schema, values);
    return Object.keys(errors).length ? { values: {}, errors: nestedErrors(errors) } : { values, errors: {} };
  };
}

/** What each modal says above its list (spec 001 §2: Mass-Accept, Mass Rejection, Mass-Submit). */
const LEADS: Record<BulkKind, string> = {
  assign: 'Choose who works these items, or return them to Awaiting Assignment.',
  setAcds: 'Set the same ACD on every item below.',
  accept: 'Mass-Accept: these items in review are accepted and completed today.',
  reject: 'Mass Rejection: these items in review go back to their investigators with your reason.',
  submit: 'Mass-Submit: these items go to their reviewer once their required sections are complete.',
};

/** The selected items by case: each item's number, template and place, with its status. */
function SelectedItems({ groups }: { groups: readonly CaseGroup[] }) {
  return (
    <Box component="section" aria-label="Selected items" sx={{ maxHeight: { xs: 'none', sm: '30vh' }, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
      {groups.map((group) => (
        <Box key={group.caseId} component="section" aria-label={`Case #${group.caseNumber}`}>
          <Typography variant="subtitle2" component="h3" sx={{ px: 1.5, py: 0.75, bgcolor: 'action.hover', borderBottom: 1, borderColor: 'divider' }}>
            {`Case #${group.caseNumber}`}
          </Typography>
          <List dense disablePadding>
            {group.items.map((item) => {
              const type = (item.ItemType as { Description?: string } | null | undefined)?.Description ?? '';
              const status = ITEM_STATUS_LABELS[item.ItemStatus as ItemStatus] ?? '';
              return (
                <ListItem key={item.Id as number} divider secondaryAction={status && <Chip size="small" variant="outlined" label={status} />} sx={{ pr: 15 }}>
                  <ListItemText primary={`Item ${itemNumber(item)} · ${type}`} secondary={itemPlace(item)} slotProps={{ primary: { sx: { fontWeight: 500 } } }} />
                </ListItem>
              );
            })}
          </List>
        </Box>
      ))}
    </Box>
  );
}

/** A refused call (409): the server's text; a refused submit's then lists per item the sections missing or not finished. */
function Refused({ refusal, groups }: { refusal: SubmitRefusal; groups: readonly CaseGroup[] }) {
  const numberOf = (id: number, displayId: number) => {
    const item = groups.flatMap((g) => g.items).find((i) => Number(i.Id) === id);
    return item ? itemNumber(item) : String(displayId).padStart(3, '0');
  };
  const items = refusal.Items ?? [];
  const missing = items.some((i) => i.Reason === 'missingSections');
  if (!items.length) {
    return (
      <Alert severity="error" role="alert">
        {refusal.Message}
      </Alert>
    );
  }
  return (
    <Alert severity="error" role="alert">
      <AlertTitle>{refusal.Message}</AlertTitle>
      {missing && <Typography variant="body2">{T.submit.missingSectionsList}</Typography>}
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {items.map((item) => (
          <li key={item.Id}>
            <Typography variant="body2">{`Item ${numberOf(item.Id, item.DisplayId)}: ${item.Sections.join(', ')}`}</Typography>
          </li>
        ))}
      </Box>
    </Alert>
  );
}

interface Props {
  kind: BulkKind;
  declaration: ResourceDeclaration;
  parent?: ApiRecord;
  onClose(): void;
}

/**
 * One bulk modal for the selected items (spec 001 §2 "Bulk modals for selected items"): the items grouped by case,
 * what the action asks (an investigator, an ACD without past days, a reason) validated by the call's schema, then one
 * call per case. Done: the spec's toast, the modal closes, the selection clears and the items and the case are read
 * again. Refused: the server's reason (a submit's missing or unfinished sections listed), ModelState under its field,
 * and the modal stays open.
 */
export function ItemBulkDialog({ kind, declaration, parent, onClose }: Props) {
  const spec = BULK_SPECS[kind];
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const { onUnselectItems } = useListContext();
  const fullScreen = useMediaQuery(MOBILE_QUERY);
  const { groups, count, isPending, error } = useSelectedItems(declaration, parent);
  const [refusal, setRefusal] = useState<SubmitRefusal | null>(null);
  const resolver = useMemo(() => bulkResolver(spec), [spec]);
  const titleId = `bulk-${kind}-title`;

  const refused = (failed: unknown): Record<string, string> => {
    const failure = failureOf(failed);
    const body = failure.body as (SubmitRefusal & { ModelState?: Record<string, string[]> }) | undefined;
    if (kind === 'submit' && failure.status === 409 && body?.Message && body.Items) {
      setRefusal(body);
      notify(body.Message, { type: 'error' });
      return {};
    }
    if (failure.modelState) {
      const underFields: Record<string, string> = {};
      const elsewhere: string[] = [];
      for (const [field, messages] of Object.entries(failure.modelState)) {
        const path = dottedPath(field);
        if (spec.fields.includes(path)) underFields[path] = messages.join(' ');
        else elsewhere.push(...messages);
      }
      if (elsewhere.length) notify([...new Set(elsewhere)].join(' '), { type: 'error' });
      return underFields;
    }
    const message = failureMessage(failed);
    const said = Boolean(failure.body?.Message || failure.body?.ExceptionMessage);
    const text = (!said && spec.failed) || message;
    if (text) {
      notify(text, { type: 'error' });
      // A refusal of the items' state (409: an item in a wrong status, a locked case) stays in view in the modal.
      if (failure.status === 409) setRefusal({ Message: text });
    }
    return {};
  };

  const submit = async (values: Values): Promise<Record<string, string> | undefined> => {
    setRefusal(null);
    const done: CaseGroup[] = [];
    for (const group of groups) {
      try {
        const answer = await spec.run(dataProvider, group, values);
        if (endedBySignOut(answer)) return undefined;
        done.push(group);
      } catch (failed) {
        // Items of the cases done before the refusal have changed: the table shows what holds now.
        if (done.length) refresh();
        return refused(failed);
      }
    }
    const toasts = spec.once?.(values) ? [spec.toast('', values)] : done.map((group) => spec.toast(group.caseNumber, values));
    for (const toast of toasts) notify(toast, { type: 'success' });
    onUnselectItems();
    refresh();
    onClose();
    return undefined;
  };

  let fields: ReactNode = null;
  if (kind === 'assign') fields = groups.length > 0 && <InvestigatorInput groups={groups} />;
  if (kind === 'setAcds') fields = <SchemaDateInput source="ACD" title="ACD" required readOnly={false} notFuture={false} notPast />;
  if (kind === 'reject') fields = <TextInput source="Reason" label="Reason" isRequired multiline minRows={3} fullWidth helperText={false} slotProps={{ htmlInput: { maxLength: 1000 } }} />;

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby={titleId}
      scroll="paper"
      // The form holds title, content and buttons: it fills the dialog so the content scrolls between them.
      sx={{ '& .MuiDialog-paper > form': { display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 } }}
    >
      <Form onSubmit={submit} resolver={resolver} noValidate {...VALIDATION_MODE}>
        <DialogTitle id={titleId}>{spec.title}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              {`${LEADS[kind]} ${T.bulk.selected(count)}.`}
            </Typography>
            {isPending ? (
              <LinearProgress aria-label="Loading the selected items" />
            ) : error ? (
              <Alert severity="error">{T.bulk.itemsFailed}</Alert>
            ) : (
              <SelectedItems groups={groups} />
            )}
            {fields}
            {refusal && <Refused refusal={refusal} groups={groups} />}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 1.5 }}>
          <Button onClick={onClose}>Cancel</Button>
          {!isPending && !error && groups.length > 0 ? <SubmitButton label={spec.submitLabel} /> : <Button variant="contained" disabled>{spec.submitLabel}</Button>}
        </DialogActions>
      </Form>
    </Dialog>
  );
}
