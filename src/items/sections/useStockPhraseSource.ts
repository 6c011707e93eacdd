import { useMemo } from 'react';
import { useCanAccess, useDataProvider, useNotify } from 'react-admin';
import { PageSizes } from '../../../shared/constants.js';
import { ItemTexts } from '../../../shared/texts/items.js';
import type { StockPhrase, StockPhraseSource } from '../../forms/SectionForm.js';
import { endedBySignOut, failureMessage } from '../../resources/writeFailure.js';

const T = ItemTexts.sectionEditor;
export const STOCK_PHRASES = 'stock-phrases';

/**
 * The stock phrases of the item page's textareas, through the data provider's `stock-phrases` resource (spec 001
 * §7: GET /api/stock-phrases/{fieldKey}, POST the same path with Phrase, DELETE …/{phraseId}). Adding is offered to
 * users who may add stock phrases, deleting to those who may delete them (spec 001 §6 StockPhrases ADD, DELETE);
 * each says how it went in a toast (spec 001 §8 "stock phrase added or removed").
 */
export function useStockPhraseSource(): StockPhraseSource {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const { canAccess: canAdd = false } = useCanAccess({ resource: STOCK_PHRASES, action: 'create' });
  const { canAccess: canDelete = false } = useCanAccess({ resource: STOCK_PHRASES, action: 'delete' });

  return useMemo(() => {
    const said = (message: string, type: 'success' | 'error') => notify(message, { type });
    /** Runs a write; answers whether it went through, having said so or why not. */
    const write = async (call: () => Promise<{ data: unknown }>, done: string): Promise<boolean> => {
      try {
        const { data } = await call();
        if (endedBySignOut(data)) return false;
        said(done, 'success');
        return true;
      } catch (error) {
        const message = failureMessage(error);
        if (message) said(message, 'error');
        return false;
      }
    };
    const source: StockPhraseSource = {
      async list(FieldKey) {
        try {
          const { data } = await dataProvider.getList<StockPhrase & { id: number }>(STOCK_PHRASES, {
            filter: { FieldKey },
            pagination: { page: 1, perPage: PageSizes.UNPAGED },
            sort: { field: 'Phrase', order: 'ASC' },
          });
          return data.map(({ Id, Phrase }) => ({ Id, Phrase }));
        } catch (error) {
          if (failureMessage(error) !== null) said(T.phrasesFailed, 'error');
          return [];
        }
      },
    };
    if (canAdd) source.add = (FieldKey, Phrase) => write(() => dataProvider.create(STOCK_PHRASES, { data: { FieldKey, Phrase } }), T.phraseAdded);
    if (canDelete)
      source.remove = (FieldKey, phrase) =>
        write(() => dataProvider.delete(STOCK_PHRASES, { id: phrase.Id, previousData: { id: phrase.Id, Id: phrase.Id, FieldKey, Phrase: phrase.Phrase } }), T.phraseRemoved);
    return source;
  }, [dataProvider, notify, canAdd, canDelete]);
}
