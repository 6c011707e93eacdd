import { Alert, AlertTitle, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Stack, Typography } from '@mui/material';
import PersonAddAlt1Icon from '@mui/icons-material/PersonAddAlt1';
import { SelectInput, required, useCanAccess, useDataProvider, useGetList, useGetMany, useListContext, useNotify, useRefresh, useUnselectAll, type RaRecord } from 'react-admin';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';
import { Texts } from '../../shared/texts/index.js';
import { resourceByName } from '../../resources/index.js';
import { ModalForm, useModal, type ModalDraft } from '../resources/ModalForm.js';
import { SubmitButton } from '../resources/SubmitButton.js';
import { endedBySignOut, failureMessage } from '../resources/writeFailure.js';
import type { ViewProps } from '../resources/views.js';

const T = Texts.cases;
const ALL = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'LastName', order: 'ASC' as const } };

/** A checked case as the server answers it: its number and why the user may not change it (null when they may). */
type CheckedCase = RaRecord & { CaseNumber?: string | null; LockedReason?: string | null };

/** The checked cases the user may not change, each with the server's reason. */
function LeftOutCases({ cases }: { cases: readonly CheckedCase[] }) {
  if (!cases.length) return null;
  return (
    <Alert severity="warning" role="status" aria-label="Left out">
      <AlertTitle>{T.bulk.leftOut(cases.length)}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {cases.map((c) => (
          <li key={String(c.id)}>
            <Typography variant="body2">{`Case ${String(c.CaseNumber ?? c.id)}: ${String(c.LockedReason)}`}</Typography>
          </li>
        ))}
      </Box>
    </Alert>
  );
}

/**
 * The Assign Reviewer modal: a reviewer (required) for the checked cases the server lets the user change (each read
 * again for its `LockedReason`: held by another user, or inactive without Edit Inactive Cases), each by
 * `PUT /api/cases/{id}/reviewer/{reviewerId}`; the others are left out with the server's reason.
 */
function AssignReviewerDialog({ ids, draft, onClose }: { ids: readonly (string | number)[]; draft: ModalDraft; onClose(): void }) {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll('cases');
  const reviewers = resourceByName('reviewers')!;
  const { data = [], isPending } = useGetList<RaRecord>('reviewers', ALL);
  const checked = useGetMany<CheckedCase>('cases', { ids: [...ids] });
  const cases = checked.data ?? [];
  const eligible = cases.filter((c) => !c.LockedReason);
  const leftOut = cases.filter((c) => c.LockedReason);
  const ready = !checked.isPending && !checked.error && eligible.length > 0;

  const assign = async (values: Record<string, unknown>) => {
    try {
      const answers = await Promise.all(eligible.map((c) => dataProvider.callOperation('cases', 'assignReviewer', Number(c.id), Number(values.Reviewer_Id))));
      if (answers.some(endedBySignOut)) return;
      notify(T.toasts.updated, { type: 'success' });
      unselectAll();
      refresh();
      onClose();
    } catch (error) {
      // Some cases may have changed before the refusal: the list shows what holds now, and the cases are read again.
      refresh();
      void checked.refetch();
      const message = failureMessage(error);
      if (message) notify(message, { type: 'error' });
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="assign-reviewer-title">
      <ModalForm draft={draft} onSubmit={assign}>
        <DialogTitle id="assign-reviewer-title">Assign Reviewer</DialogTitle>
        <DialogContent>
          <Stack spacing={1.5}>
            {checked.isPending ? (
              <LinearProgress aria-label={T.bulk.checking} />
            ) : checked.error ? (
              <Alert severity="error">{T.bulk.checkFailed}</Alert>
            ) : (
              <>
                {!eligible.length && (
                  <Alert severity="info" role="status">
                    {T.bulk.noneEligible}
                  </Alert>
                )}
                <LeftOutCases cases={leftOut} />
              </>
            )}
            <SelectInput
              source="Reviewer_Id"
              label="Reviewer"
              choices={data.map((r) => ({ id: r.id, name: reviewers.recordRepresentation(r) }))}
              translateChoice={false}
              validate={required('Reviewer is required.')}
              isPending={isPending}
              fullWidth
              helperText={leftOut.length ? T.bulk.eligibleOf(eligible.length, ids.length) : T.bulk.selected(ids.length)}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          {ready ? <SubmitButton label="Assign" /> : <Button variant="contained" disabled>Assign</Button>}
        </DialogActions>
      </ModalForm>
    </Dialog>
  );
}

/** The cases list's bulk actions (spec 001 §2): Assign Reviewer for the checked cases, to users who may assign reviewers. */
export default function CaseBulkActions(_props: ViewProps) {
  const { selectedIds } = useListContext();
  const { canAccess = false } = useCanAccess({ resource: 'cases', action: 'assignReviewer' });
  const modal = useModal();
  return (
    <>
      {canAccess && (
        <Button size="small" startIcon={<PersonAddAlt1Icon />} onClick={() => modal.open(true)}>
          Assign Reviewer
        </Button>
      )}
      {/* Open, it stays open (and keeps its draft) whatever the permission check says meanwhile. */}
      {modal.opened && <AssignReviewerDialog ids={selectedIds} draft={modal.opened.draft} onClose={modal.close} />}
    </>
  );
}
