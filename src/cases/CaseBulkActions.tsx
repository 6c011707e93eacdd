import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import PersonAddAlt1Icon from '@mui/icons-material/PersonAddAlt1';
import { Form, SelectInput, required, useCanAccess, useDataProvider, useGetList, useListContext, useNotify, useRefresh, useUnselectAll, type RaRecord } from 'react-admin';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';
import { Texts } from '../../shared/texts/index.js';
import { resourceByName } from '../../resources/index.js';
import { SubmitButton } from '../resources/SubmitButton.js';
import { endedBySignOut, failureMessage } from '../resources/useResourceSave.js';
import type { SlotProps } from '../slots/index.js';
import { VALIDATION_MODE } from '../forms/validationMode.js';

const T = Texts.cases;
const ALL = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'LastName', order: 'ASC' as const } };

/** The Assign Reviewer modal: a reviewer (required) for every checked case, each by `PUT /api/cases/{id}/reviewer/{reviewerId}`. */
function AssignReviewerDialog({ ids, onClose }: { ids: readonly (string | number)[]; onClose(): void }) {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll('cases');
  const reviewers = resourceByName('reviewers')!;
  const { data = [], isPending } = useGetList<RaRecord>('reviewers', ALL);

  const assign = async (values: Record<string, unknown>) => {
    try {
      const answers = await Promise.all(ids.map((id) => dataProvider.assignCaseReviewer(Number(id), Number(values.Reviewer_Id))));
      if (answers.some(endedBySignOut)) return;
      notify(T.toasts.updated, { type: 'success' });
      unselectAll();
      refresh();
      onClose();
    } catch (error) {
      // Some cases may have changed before the refusal: the list shows what holds now; the modal stays open.
      refresh();
      const message = failureMessage(error);
      if (message) notify(message, { type: 'error' });
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="assign-reviewer-title">
      <Form onSubmit={assign} {...VALIDATION_MODE}>
        <DialogTitle id="assign-reviewer-title">Assign Reviewer</DialogTitle>
        <DialogContent>
          <SelectInput
            source="Reviewer_Id"
            label="Reviewer"
            choices={data.map((r) => ({ id: r.id, name: reviewers.recordRepresentation(r) }))}
            translateChoice={false}
            validate={required('Reviewer is required.')}
            isPending={isPending}
            fullWidth
            helperText={`${ids.length} ${ids.length === 1 ? 'case' : 'cases'} selected`}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <SubmitButton label="Assign" />
        </DialogActions>
      </Form>
    </Dialog>
  );
}

/** The cases list's bulk actions (spec 001 §2): Assign Reviewer for the checked cases, to users who may assign reviewers. */
export default function CaseBulkActions(_props: SlotProps) {
  const { selectedIds } = useListContext();
  const { canAccess = false } = useCanAccess({ resource: 'cases', action: 'assignReviewer' });
  const [open, setOpen] = useState(false);
  if (!canAccess) return null;
  return (
    <>
      <Button size="small" startIcon={<PersonAddAlt1Icon />} onClick={() => setOpen(true)}>
        Assign Reviewer
      </Button>
      {open && <AssignReviewerDialog ids={selectedIds} onClose={() => setOpen(false)} />}
    </>
  );
}
