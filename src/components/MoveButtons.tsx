import { useState } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import { useCanAccess, useListContext, useNotify, useRefresh, type RaRecord } from 'react-admin';
import type { ApiRecord } from '../../resources/declaration.js';
import { endedBySignOut, failureMessage } from '../resources/writeFailure.js';
import type { ViewProps } from '../resources/views.js';

export interface MoveButtonsProps extends ViewProps {
  /** The action of the declaration's `permissions.actions` whose holders may move the rows ('reorder'). */
  action: string;
  /** Swaps the record with the row above or below it (a named data-provider call answering the new orders). */
  swap(record: ApiRecord, other: RaRecord): Promise<unknown>;
  /** Said after a move ('The items were reordered successfully.'). */
  movedText: string;
}

/**
 * Move up and move down of a row of an ordered list (a declaration's `rowActions` slot: the items of a case, the
 * attachments of an item): for users holding `action`, when the list shows more than one row. Each swaps the row with
 * its neighbour in the table (the server answers the new order of every row), then says `movedText` and reads the
 * rows again in their new order; a refused swap says the server's reason.
 */
export function MoveButtons({ declaration, record, action, swap, movedText }: MoveButtonsProps) {
  const notify = useNotify();
  const refresh = useRefresh();
  const { data = [], total } = useListContext<RaRecord>();
  const { canAccess = false } = useCanAccess({ resource: declaration.name, action });
  const [moving, setMoving] = useState(false);
  if (!canAccess || !record || (total ?? data.length) < 2) return null;
  const index = data.findIndex((row) => String(row.id) === String(record[declaration.key]));
  const above = index > 0 ? data[index - 1] : undefined;
  const below = index >= 0 && index < data.length - 1 ? data[index + 1] : undefined;
  const name = declaration.recordRepresentation(record);

  const move = async (other: RaRecord) => {
    setMoving(true);
    try {
      const orders = await swap(record, other);
      if (endedBySignOut(orders)) return;
      notify(movedText, { type: 'success' });
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
          <IconButton size="small" aria-label={`Move up ${name}`} disabled={!above || moving} onClick={() => above && void move(above)}>
            <ArrowUpwardIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title="Move down">
        <span>
          <IconButton size="small" aria-label={`Move down ${name}`} disabled={!below || moving} onClick={() => below && void move(below)}>
            <ArrowDownwardIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </>
  );
}
