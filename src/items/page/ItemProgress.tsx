import { Chip } from '@mui/material';
import { ProgressSteps } from '../../components/ProgressSteps.js';
import type { ItemStatus } from '../../../shared/workflow.js';
import { ItemTexts } from '../../../shared/texts/items.js';

/** The item page's four steps (spec 001 §2 "Item page"); ASSIGNED reads In Progress there (spec 001 §4). */
export const ITEM_PROGRESS_STEPS = ['Awaiting Assignment', 'In Progress', 'In Review', 'Accepted'] as const;

/** The step of a status (spec 001 §4): awaiting 0, in progress or rejected 1, in review 2, accepted 3. */
export function itemProgressStep(status: ItemStatus): number {
  switch (status) {
    case 'AWAITING_ASSIGNMENT':
      return 0;
    case 'ASSIGNED':
    case 'REJECTED':
      return 1;
    case 'IN_REVIEW':
      return 2;
    case 'ACCEPTED':
      return 3;
  }
}

/** The item's progress; a rejected item stands at In Progress with a Rejected chip. */
export function ItemProgress({ status }: { status: ItemStatus }) {
  return (
    <ProgressSteps
      label="Item progress"
      steps={ITEM_PROGRESS_STEPS}
      active={itemProgressStep(status)}
      complete={status === 'ACCEPTED'}
      aside={status === 'REJECTED' ? <Chip color="error" label={ItemTexts.page.rejected} sx={{ fontWeight: 600 }} /> : undefined}
    />
  );
}
