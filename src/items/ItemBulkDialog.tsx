import { useEffect, useMemo, useState, type ReactNode } from 'react';
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
import { useWatch, type FieldValues, type Resolver } from 'react-hook-form';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';
import { failureOf } from '../../dataProvider/httpClient.js';
import type { SubmitRefusal } from '../../dataProvider/items.js';
import type { ItemEligibility, ItemEligibilityLeftOut as LeftOutItem } from '../../schemas/types.js';
import type { ItemAction } from '../../shared/workflow.js';
import { itemNumber, itemPlace } from '../../resources/caseItems.js';
import type { ApiRecord, ResourceDeclaration } from '../../resources/declaration.js';
import { ItemTexts } from '../../shared/texts/items.js';
import { dottedPath } from '../../shared/fieldPath.js';
import { ITEM_STATUS_LABELS, type ItemStatus } from '../../shared/workflow.js';
import { MOBILE_QUERY } from '../layout/TopBar.js';
import { formSchemaOf, nestedErrors, schemaById, validateBySchema } from '../resources/formValidation.js';
import { SchemaDateInput } from '../resources/SchemaInput.js';
import { SubmitButton } from '../resources/SubmitButton.js';
import { endedBySignOut, failureMessage, failureText } from '../resources/writeFailure.js';
import { InvestigatorInput } from './InvestigatorInput.js';
import { useSelectedItems, type CaseGroup, type ItemRow } from './selectedItems.js';
import { VALIDATION_MODE } from '../forms/validationMode.js';

const T = ItemTexts;

export type BulkKind = 'assign' | 'setAcds' | 'accept' | 'reject' | 'submit';
type Values = Record<string, unknown>;

/** What each bulk modal is: its title and button, the schema and fields of what it asks, its call and its toast. */
interface BulkSpec {
  title: string;
  submitLabel: string;
  /** The action the server checks the items for, by what the modal asks (assigning to no one is unassigning). */
  action(values: Values): ItemAction;
  /** Every action the modal may take, asked about when it opens. */
  actions: readonly ItemAction[];
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
    action: (values) => (values.Investigator_Id === null ? 'unassign' : 'assign'),
    actions: ['assign', 'unassign'],
    schemaId: 'itemAssign.json',
    fields: ['Investigator_Id'],
    run: (dp, group, values) => dp.callOperation('caseItems', 'assign', group.caseId, { ItemIds: group.ids, Investigator_Id: values.Investigator_Id === null ? null : Number(values.Investigator_Id) }),
    toast: (caseNumber, values) => (values.Investigator_Id === null ? T.toasts.unassigned : T.toasts.assigned(caseNumber)),
    once: (values) => values.Investigator_Id === null,
  },
  setAcds: {
    title: 'Update ACDs',
    submitLabel: 'Update ACDs',
    action: () => 'setAcd',
    actions: ['setAcd'],
    schemaId: 'itemAcds.json',
    fields: ['ACD'],
    run: (dp, group, values) => dp.callOperation('caseItems', 'setAcds', group.caseId, { ItemIds: group.ids, ACD: String(values.ACD) }),
    toast: (caseNumber) => T.toasts.acdsUpdated(caseNumber),
  },
  accept: {
    title: 'Accept Items',
    submitLabel: 'Accept',
    action: () => 'accept',
    actions: ['accept'],
    fields: [],
    run: (dp, group) => dp.callOperation('caseItems', 'acceptItems', group.caseId, { ItemIds: group.ids }),
    toast: (caseNumber) => T.toasts.accepted(caseNumber),
  },
  reject: {
    title: 'Reject Items',
    submitLabel: 'Reject',
    action: () => 'reject',
    actions: ['reject'],
    schemaId: 'itemReject.json',
    fields: ['Reason'],
    run: (dp, group, values) => dp.callOperation('caseItems', 'rejectItems', group.caseId, { ItemIds: group.ids, Reason: String(values.Reason).trim() }),
    toast: (caseNumber) => T.toasts.rejected(caseNumber),
  },
  submit: {
    title: 'Submit Items For Review',
    submitLabel: 'Submit',
    action: () => 'submit',
    actions: ['submit'],
    fields: [],
    run: (dp, group) => dp.callOperation('caseItems', 'submitItems', group.caseId, { ItemIds: group.ids }),
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

/** What the server said of each case's selected items, per action the modal may take. */
type Answers = Map<number, Partial<Record<ItemAction, ItemEligibility>>>;

/**
 * Asks the server, per case and per action the modal may take, which of the selected items it may change now and why
 * the others are left out (`POST …/items/eligible`, the rule the bulk calls refuse by) — when the selection changes,
 * and again when `version` does (after a refusal: something changed meanwhile).
 */
function useEligibility(groups: readonly CaseGroup[], actions: readonly ItemAction[], version: number) {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const [state, setState] = useState<{ answers: Answers | null; error: string | null }>({ answers: null, error: null });
  useEffect(() => {
    if (!groups.length) return;
    let current = true;
    const asked = groups.flatMap((group) => actions.map(async (action) => ({ caseId: group.caseId, action, answer: await dataProvider.callOperation('caseItems', 'eligible', group.caseId, { Action: action, ItemIds: group.ids }) })));
    Promise.all(asked)
      .then((answered) => {
        if (!current || answered.some(({ answer }) => endedBySignOut(answer))) return;
        const answers: Answers = new Map();
        for (const { caseId, action, answer } of answered) answers.set(caseId, { ...answers.get(caseId), [action]: answer });
        setState({ answers, error: null });
      })
      .catch((error: unknown) => {
        if (current) setState({ answers: null, error: failureText(error, T.bulk.checkFailed) });
      });
    return () => {
      current = false;
    };
  }, [groups, actions, version, dataProvider]);
  return state;
}

/** A case's selected items split by what the server said of the action: those it may change, and those left out. */
interface SplitGroup extends CaseGroup {
  leftOut: { item: ItemRow | undefined; leftOut: LeftOutItem }[];
}

/** The selected items by case, as the server said of `action` (none said yet: nothing to act on). */
function splitGroups(groups: readonly CaseGroup[], answers: Answers | null, action: ItemAction): SplitGroup[] {
  return groups.map((group) => {
    const answer = answers?.get(group.caseId)?.[action];
    const eligible = new Set(answer?.Eligible ?? []);
    const items = group.items.filter((item) => eligible.has(Number(item.Id)));
    return {
      ...group,
      items,
      ids: items.map((item) => Number(item.Id)),
      leftOut: (answer?.LeftOut ?? []).map((leftOut) => ({ item: group.items.find((item) => Number(item.Id) === leftOut.Id), leftOut })),
    };
  });
}

/** The items the action leaves out, by case, each with the server's reason (one line for items sharing a reason). */
function LeftOut({ groups }: { groups: readonly SplitGroup[] }) {
  const count = groups.reduce((sum, group) => sum + group.leftOut.length, 0);
  if (!count) return null;
  const several = groups.filter((group) => group.leftOut.length).length > 1;
  return (
    <Alert severity="warning" role="status" aria-label="Left out">
      <AlertTitle>{T.bulk.leftOut(count)}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {groups.flatMap((group) => {
          const byReason = new Map<string, string[]>();
          for (const { item, leftOut } of group.leftOut) {
            const number = item ? itemNumber(item) : String(leftOut.DisplayId).padStart(3, '0');
            byReason.set(leftOut.Reason, [...(byReason.get(leftOut.Reason) ?? []), number]);
          }
          return [...byReason].map(([reason, numbers]) => {
            // "Item 002 is Accepted and cannot be rejected." names its item already; a case's lock does not.
            const named = numbers.length === 1 && reason.startsWith(`Item ${numbers[0]} `);
            const items = `${numbers.length === 1 ? 'Item' : 'Items'} ${numbers.join(', ')}`;
            const where = several ? `Case #${group.caseNumber} · ` : '';
            return (
              <li key={`${group.caseId}-${reason}`}>
                <Typography variant="body2">{named && !several ? reason : `${where}${named ? '' : `${items}: `}${reason}`}</Typography>
              </li>
            );
          });
        })}
      </Box>
    </Alert>
  );
}

/** The action the modal's values ask for (assigning to no one is unassigning): read from the form as it changes. */
function useChosenAction(spec: BulkSpec): ItemAction {
  const investigator = useWatch({ name: 'Investigator_Id' }) as unknown;
  return spec.action({ Investigator_Id: investigator });
}

interface BodyProps {
  kind: BulkKind;
  spec: BulkSpec;
  count: number;
  groups: readonly CaseGroup[];
  answers: Answers | null;
  isPending: boolean;
  error: string | null;
  refusal: SubmitRefusal | null;
}

/**
 * The modal's content inside its form: what it does, the items it acts on (those the server says it may change), the
 * items it leaves out and why, what it asks, and a refusal; then Cancel and the action's button, which waits for the
 * server's word and is disabled when no item may be changed.
 */
function BulkBody({ kind, spec, count, groups, answers, isPending, error, refusal, onClose }: BodyProps & { onClose(): void }) {
  const action = useChosenAction(spec);
  const split = useMemo(() => splitGroups(groups, answers, action), [groups, answers, action]);
  const acting = split.filter((group) => group.ids.length > 0);
  const eligible = acting.reduce((sum, group) => sum + group.ids.length, 0);
  const leftOut = split.reduce((sum, group) => sum + group.leftOut.length, 0);
  // The assign list's distances are those of the items that may be assigned (a stable list: it is asked once for them).
  const assignable = useMemo(() => splitGroups(groups, answers, 'assign').filter((group) => group.ids.length > 0), [groups, answers]);
  const checking = isPending || (!error && groups.length > 0 && answers === null);
  const ready = !checking && !error && eligible > 0;

  let fields: ReactNode = null;
  if (kind === 'assign') fields = assignable.length > 0 && <InvestigatorInput groups={assignable} />;
  if (kind === 'setAcds') fields = <SchemaDateInput source="ACD" title="ACD" required readOnly={false} notFuture={false} notPast />;
  if (kind === 'reject') fields = <TextInput source="Reason" label="Reason" isRequired multiline minRows={3} fullWidth helperText={false} slotProps={{ htmlInput: { maxLength: 1000 } }} />;

  return (
    <>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {`${LEADS[kind]} ${checking || !leftOut ? T.bulk.selected(count) : T.bulk.eligibleOf(eligible, count)}.`}
          </Typography>
          {checking ? (
            <LinearProgress aria-label={T.bulk.checking} />
          ) : error ? (
            <Alert severity="error">{error}</Alert>
          ) : (
            <>
              {eligible > 0 ? (
                <SelectedItems groups={acting} />
              ) : (
                <Alert severity="info" role="status">
                  {T.bulk.noneEligible}
                </Alert>
              )}
              <LeftOut groups={split} />
            </>
          )}
          {fields}
          {refusal && <Refused refusal={refusal} groups={groups} />}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose}>Cancel</Button>
        {ready ? <SubmitButton label={spec.submitLabel} /> : <Button variant="contained" disabled>{spec.submitLabel}</Button>}
      </DialogActions>
    </>
  );
}

interface Props {
  kind: BulkKind;
  declaration: ResourceDeclaration;
  parent?: ApiRecord;
  onClose(): void;
}

/**
 * One bulk modal for the selected items (spec 001 §2 "Bulk modals for selected items"): the server says, per case,
 * which of them the action may change now and why the others are left out (docs/decisions.md "Bulk actions: the
 * eligible items"); the modal lists the first grouped by case and the others with their reasons, asks what the action
 * needs (an investigator, an ACD without past days, a reason) validated by the call's schema, then makes one call per
 * case with its eligible items. Done: the spec's toast, the modal closes, the selection clears and the items and the
 * case are read again. Refused (something changed meanwhile): the server's reason, ModelState under its field, the
 * modal stays open and asks the server again which items are eligible.
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
  const [version, setVersion] = useState(0);
  const eligibility = useEligibility(groups, spec.actions, version);
  const resolver = useMemo(() => bulkResolver(spec), [spec]);
  const titleId = `bulk-${kind}-title`;

  const refused = (failed: unknown): Record<string, string> => {
    const failure = failureOf(failed);
    const body = failure.body as (SubmitRefusal & { ModelState?: Record<string, string[]> }) | undefined;
    // A refusal of the items' state (409: an item changed meanwhile, the case was locked): ask again which are eligible.
    if (failure.status === 409) setVersion((v) => v + 1);
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
      if (failure.status === 409) setRefusal({ Message: text });
    }
    return {};
  };

  const submit = async (values: Values): Promise<Record<string, string> | undefined> => {
    setRefusal(null);
    const acting = splitGroups(groups, eligibility.answers, spec.action(values)).filter((group) => group.ids.length > 0);
    const done: CaseGroup[] = [];
    for (const group of acting) {
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
    if (!done.length) return undefined;
    const toasts = spec.once?.(values) ? [spec.toast('', values)] : done.map((group) => spec.toast(group.caseNumber, values));
    for (const toast of toasts) notify(toast, { type: 'success' });
    onUnselectItems();
    refresh();
    onClose();
    return undefined;
  };

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
      {/* A record of its own: react-admin's Form otherwise takes the page's record (the case) and resets to it whenever
          that record is read again (a poll, a notice), wiping the investigator, date or reason being chosen. */}
      <Form record={{}} onSubmit={submit} resolver={resolver} noValidate {...VALIDATION_MODE}>
        <DialogTitle id={titleId}>{spec.title}</DialogTitle>
        <BulkBody
          kind={kind}
          spec={spec}
          count={count}
          groups={groups}
          answers={eligibility.answers}
          isPending={isPending}
          error={error ? T.bulk.itemsFailed : eligibility.error}
          refusal={refusal}
          onClose={onClose}
        />
      </Form>
    </Dialog>
  );
}
