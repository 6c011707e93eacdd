import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Stack, Typography, useMediaQuery } from '@mui/material';
import { TextInput, useDataProvider, useListContext, useNotify, useRefresh } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';
import { failureOf } from '../../dataProvider/httpClient.js';
import type { SubmitRefusal } from '../../dataProvider/items.js';
import type { ItemAction } from '../../shared/workflow.js';
import type { ApiRecord, ResourceDeclaration } from '../../resources/declaration.js';
import { ItemTexts } from '../../shared/texts/items.js';
import { dottedPath } from '../../shared/fieldPath.js';
import { MOBILE_QUERY } from '../layout/TopBar.js';
import { ModalForm, type ModalDraft } from '../resources/ModalForm.js';
import { SchemaDateInput } from '../resources/SchemaInput.js';
import { SubmitButton } from '../resources/SubmitButton.js';
import { endedBySignOut, failureMessage } from '../resources/writeFailure.js';
import { BULK_SPECS, bulkResolver, LEADS, type BulkKind, type BulkSpec, type Values } from './bulkSpecs.js';
import { splitGroups, useEligibility, type Answers } from './bulkEligibility.js';
import { LeftOut, Refused, SelectedItems } from './BulkModalLists.js';
import { InvestigatorInput } from './InvestigatorInput.js';
import { useSelectedItems, type CaseGroup } from './selectedItems.js';

const T = ItemTexts;

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
  /** What the user has entered so far, held by the component that opened the modal (ModalForm). */
  draft: ModalDraft;
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
export function ItemBulkDialog({ kind, draft, declaration, parent, onClose }: Props) {
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
      <ModalForm draft={draft} onSubmit={submit} resolver={resolver} noValidate>
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
      </ModalForm>
    </Dialog>
  );
}
