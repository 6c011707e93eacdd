import { useDataProvider } from 'react-admin';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';
import { ItemTexts } from '../../shared/texts/items.js';
import { MoveButtons } from '../components/MoveButtons.js';
import type { ViewProps } from '../resources/views.js';

/**
 * Move up and move down of an item (the `caseItemMove` row actions, spec 001 §2 "Items table"): for users who may
 * reorder items, when the case shows more than one. Each swaps the item with the one above or below it in the table
 * (`PUT /api/cases/{id}/items/swap`, which answers the new order of every item), then says so and reads the items
 * again in their new order.
 */
export default function ItemMoveButtons(props: ViewProps) {
  const dataProvider = useDataProvider<DossierDataProvider>();
  return (
    <MoveButtons
      {...props}
      action="reorder"
      movedText={ItemTexts.toasts.reordered}
      swap={(record, other) => dataProvider.callOperation('caseItems', 'swap', Number(record.Case_Id), { SwapFromItem_Id: Number(record.Id), SwapToItem_Id: Number(other.id) })}
    />
  );
}
