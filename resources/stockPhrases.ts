import { PageSizes } from '../shared/constants.js';
import { Permissions } from '../shared/permissions.js';
import schema from '../schemas/stockPhrase.json' with { type: 'json' };
import type { ObjectSchema } from '../schemas/index.js';
import { defineResource, type ApiRecord } from './declaration.js';

const P = Permissions;
const BASE = '/api/stock-phrases/:FieldKey';
const phrase = (r: ApiRecord) => String(r.Phrase ?? '');

/**
 * The stock phrases of a textarea field (spec 001 §2 "Stock phrases", §3 "Stock phrase", §7): the phrases saved under
 * a field key (the section name, a dot and the field name — `fillPath` encodes it into the path), sorted by phrase.
 * Anyone who sees items reads them; adding and deleting take their own permissions. A phrase is saved once per key in
 * any letter case. The item page's stock-phrase picker uses them; the store is server/items/stockPhrases.ts.
 */
export default defineResource({
  name: 'stock-phrases',
  key: 'Id',
  schema: schema as ObjectSchema,
  title: 'Stock Phrases',
  menu: { group: 'none', order: 0 },
  recordRepresentation: phrase,
  operations: {
    list: { method: 'GET', path: BASE },
    create: { method: 'POST', path: BASE },
    delete: { method: 'DELETE', path: `${BASE}/:id` },
  },
  paging: 'browser',
  permissions: { view: [P.Items.VIEW_ITEMS], create: [P.StockPhrases.ADD], delete: [P.StockPhrases.DELETE] },
  remove: { kind: 'delete' },
  list: {
    pageSize: PageSizes.UNPAGED,
    sort: { field: 'Phrase', order: 'ASC' },
  },
  form: { fields: ['Phrase'] },
});
