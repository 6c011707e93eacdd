import { useState } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import { useCanAccess, useDataProvider, useListContext, useNotify, useRefresh, type RaRecord } from 'react-admin';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';
import { ItemTexts } from '../../shared/texts/items.js';
import { endedBySignOut, failureMessage } from '../resources/useResourceSave.js';
import type { SlotProps } from '../slots/index.js';

/**
 * Move up and move down of an item (the `caseItemMove` row actions, spec 001 §2 "Items table"): for users who may
 * reorder items, when the case shows more than one. Each swaps the item with the one above or below it in the table
 * (`PUT /api/cases/{id}/items/swap`, which answers the new order of every item), then says so and reads the items
 * again in their new order.
 */
export default function ItemMoveButtons({ declaration, record }: SlotProps) {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const { data = [], total } = useListContext<RaRecord>();
  const { canAccess = false } = useCanAccess({ resource: declaration.name, action: 'reorder' });
  const [moving, setMoving] = useState(false);
  if (!canAccess || !record || (total ?? data.length) < 2) return null;
  const index = data.findIndex((row) => String(row.id) === String(record.Id));
  const above = index > 0 ? data[index - 1] : undefined;
  const below = index >= 0 && index < data.length - 1 ? data[index + 1] : undefined;
  const name = declaration.recordRepresentation(record);

  const swap = async (other: RaRecord) => {
    setMoving(true);
    try {
      const orders = await dataProvider.swapCaseItems(Number(record.Case_Id), Number(record.Id), Number(other.id));
      if (endedBySignOut(orders)) return;
      notify(ItemTexts.toasts.reordered, { type: 'success' });
      refresh();
    } catch (error) {
      const message = failureMessage(error);
      if (message) notify(message, { type: 'error' });
    } finally {
      setMoving(false);
    }
  };

  return (
    <>
      <Tooltip title="Move up">
        <span>
          <IconButton size="small" aria-label={`Move up ${name}`} disabled={!above || moving} onClick={() => above && void swap(above)}>
            <ArrowUpwardIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title="Move down">
        <span>
          <IconButton size="small" aria-label={`Move down ${name}`} disabled={!below || moving} onClick={() => below && void swap(below)}>
            <ArrowDownwardIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </>
  );
}
