// What a bulk modal lists: the items it acts on, those it leaves out and why, and a refusal of its call.
import { Alert, AlertTitle, Box, Chip, List, ListItem, ListItemText, Typography } from '@mui/material';
import type { SubmitRefusal } from '../../dataProvider/items.js';
import { itemNumber, itemPlace } from '../../resources/caseItems.js';
import { ItemTexts } from '../../shared/texts/items.js';
import { ITEM_STATUS_LABELS, type ItemStatus } from '../../shared/workflow.js';
import type { SplitGroup } from './bulkEligibility.js';
import type { CaseGroup } from './selectedItems.js';

const T = ItemTexts;

/** The selected items by case: each item's number, template and place, with its status. */
export function SelectedItems({ groups }: { groups: readonly CaseGroup[] }) {
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
export function Refused({ refusal, groups }: { refusal: SubmitRefusal; groups: readonly CaseGroup[] }) {
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

/** The items the action leaves out, by case, each with the server's reason (one line for items sharing a reason). */
export function LeftOut({ groups }: { groups: readonly SplitGroup[] }) {
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
