import { ItemTexts } from '../../../shared/texts/items.js';
import { ITEM_ACTION_STARTS_FROM, ITEM_ACTION_WORDS, ITEM_STATUS_LABELS, type ItemAction, type ItemStatus } from '../../../shared/workflow.js';

type Json = Record<string, unknown>;

/**
 * A fake server's answer to `POST /api/cases/{id}/items/eligible` for `items` (the case's, as the fake server holds
 * them): the asked items whose status the action starts from (the server's rule, shared/workflow.ts), and the others with the server's sentence.
 */
export function eligibilityOf(items: readonly Json[], body: unknown): Json {
  const { Action, ItemIds } = body as { Action: ItemAction; ItemIds: number[] };
  const asked = items.filter((i) => ItemIds.includes(i.Id as number));
  const ok = (i: Json) => ITEM_ACTION_STARTS_FROM[Action].includes(i.ItemStatus as ItemStatus);
  return {
    Action,
    Eligible: asked.filter(ok).map((i) => i.Id),
    LeftOut: asked
      .filter((i) => !ok(i))
      .map((i) => {
        const number = String(i.DisplayId).padStart(3, '0');
        return { Id: i.Id, DisplayId: i.DisplayId, Reason: ItemTexts.server.wrongStatus(number, ITEM_STATUS_LABELS[i.ItemStatus as ItemStatus], ITEM_ACTION_WORDS[Action]) };
      }),
  };
}
