import type { SelectQueryBuilder } from 'kysely';
import type { AuthContext } from '../auth/sessions.js';
import type { Database } from '../db/database.js';
import { countedPage } from '../db/boundedCount.js';
import type { DB } from '../db/schema.js';
import { orgScopeOf, type OrgScope } from '../orgs/scope.js';
import { defineStore } from '../resources/store.js';
import { Limits, PageSizes } from '../../shared/constants.js';
import type { ItemRow as ItemRowSchema, ItemsQuery as ItemsFilter } from '../../schemas/types.js';
import type { Answered } from '../http/operationRoutes.js';
import { seesAllItems } from './itemAccess.js';
import { answerItems, ITEM_FIELDS } from './caseItems.js';
import { containing } from '../db/likePatterns.js';
import { lastNameStartsWith } from '../cases/subjectNameSearch.js';

type Tables = DB & { i: DB['items']; c: DB['cases']; t: DB['item_types']; rg: DB['type_items']; u: DB['users']; o: DB['orgs']; r: DB['users']; ct: DB['type_items'] };
/** The filtered items alone: what is counted. The page joins the case, its org, reviewer and type afterwards. */
type Base = SelectQueryBuilder<Tables, 'i', object>;
export type ItemsQuery = Required<Pick<ItemsFilter, 'page' | 'pageSize'>> & ItemsFilter;
type Column = NonNullable<ItemsFilter['sorted']>[number]['id'];
/** One row of the item search (spec 001 §7 `POST /api/items/search`, schemas/itemRow.json): an item with its case. */
export type ItemRowAnswer = Answered<ItemRowSchema>;

const SORTS: Record<Column, readonly string[]> = {
  'Case.CaseNumber': ['c.CaseNumber'],
  'Case.Subject.LastName': ['c.SubjectLastName', 'c.SubjectFirstName'],
  'Case.Org.Code': ['o.Code'],
  'Case.CaseType.Short': ['ct.Short'],
  DisplayId: ['i.DisplayOrder'],
  Label: ['i.Label', 'i.City'],
  'AssignedTo.LastName': ['u.LastName', 'u.FirstName'],
  'Case.Reviewer.Name': ['r.LastName', 'r.FirstName'],
  ACD: ['i.ACD'],
  ItemStatus: ['i.ItemStatus'],
  'ItemType.Description': ['t.Description'],
  CompletedDate: ['i.CompletedDate'],
};

/**
 * The filtered items (not yet sorted or paged), read from `items` alone — the case, template and region conditions
 * are `IN (subquery)` semi-joins, so the count needs no join: the caller's org scope (the case's org), an
 * investigator's own items, the item statuses, and the searches (case number; the start of the subject's last name,
 * copied onto the case; the item's label, city or state; the template's description).
 */
function filteredItems(db: Database, auth: AuthContext, scope: OrgScope, query: ItemsQuery): Base {
  let base = db.selectFrom('items as i') as unknown as Base;
  if (!seesAllItems(auth)) base = base.where('i.AssignedTo_Id', '=', auth.userId);
  const states = query.additional?.ItemStateIDS ?? [];
  if (states.length) base = base.where('i.ItemStatus', 'in', states);
  let cases = db.selectFrom('cases as c').select('c.Id');
  let narrowsCases = false;
  if (!scope.all) {
    cases = cases.where('c.Client_Id', 'in', [...scope.ids]);
    narrowsCases = true;
  }
  for (const filter of query.filtered ?? []) {
    const text = filter.value.trim();
    if (!text) continue;
    const like = containing(text);
    if (filter.id === 'CaseNumber') {
      cases = cases.where('c.CaseNumber', 'ilike', like);
      narrowsCases = true;
    } else if (filter.id === 'LastName') {
      cases = cases.where((eb) => lastNameStartsWith(eb, text));
      narrowsCases = true;
    } else if (filter.id === 'ItemType') {
      base = base.where('i.ItemType_Id', 'in', db.selectFrom('item_types').select('Id').where('Description', 'ilike', like));
    } else {
      base = base.where((eb) =>
        eb.or([
          eb('i.Label', 'ilike', like),
          eb('i.City', 'ilike', like),
          eb('i.RegionType_Id', 'in', db.selectFrom('type_items').select('Id').where('Short', 'ilike', like)),
        ]),
      );
    }
  }
  if (narrowsCases) base = base.where('i.Case_Id', 'in', cases);
  return base;
}

/**
 * One page of item search (spec 001 §2 "Item search", §7 `POST /api/items/search`): a bounded count of the filtered
 * items (no joins; exact up to Limits.COUNT_BOUND, an estimate beyond: `totalIsExact` false), then one query for the
 * page with the template, region, investigator, case, org, reviewer and case type joined in. The page is clamped to
 * the last one. Default order: newest case first, then the items in the case's order. Each row is an item as
 * `itemsOfCase` answers it, with its `Case`.
 */
export async function searchItems(db: Database, auth: AuthContext, scope: OrgScope, query: ItemsQuery) {
  const empty = { items: [] as ItemRowAnswer[], pageCount: 0, total: 0, totalIsExact: true, page: 0 };
  if (!scope.all && scope.ids.size === 0) return empty;
  const base = filteredItems(db, auth, scope, query);
  const count = await countedPage(db, base.select('i.Id'), Limits.COUNT_BOUND, query);
  const { pageCount, page } = count;

  // The page's order: the asked sorts, then newest case first and the items in the case's order.
  const order = [
    ...(query.sorted ?? []).flatMap((sort) => SORTS[sort.id].map((column) => [column, sort.desc ? 'desc' : 'asc'] as const)),
    ['i.Case_Id', 'desc'] as const,
    ['i.DisplayOrder', 'asc'] as const,
    ['i.Id', 'asc'] as const,
  ];
  // Ordered by the item's own fields (the default), the page's items are found from `items` alone first: planning the
  // order and limit across all eight tables cost PostgreSQL 14-180 ms a page, the page itself under 6 ms
  // (docs/performance.md, "Two quieter runs in the evening"); the names are then joined to those rows only.
  const idsFirst = order.every(([column]) => column.startsWith('i.'));
  let paged = base;
  if (idsFirst) {
    let ids = base.select('i.Id');
    for (const [column, direction] of order) ids = ids.orderBy(column as 'i.Id', direction);
    const pageIds = (await ids.offset(page * query.pageSize).limit(query.pageSize).execute()).map((row) => row.Id);
    if (pageIds.length === 0) return { ...empty, pageCount, total: count.total, totalIsExact: count.exact, page };
    paged = (db.selectFrom('items as i') as unknown as Base).where('i.Id', 'in', pageIds);
  }
  let rows = paged
    .innerJoin('cases as c', 'c.Id', 'i.Case_Id')
    .innerJoin('orgs as o', 'o.Id', 'c.Client_Id')
    .innerJoin('item_types as t', 't.Id', 'i.ItemType_Id')
    .leftJoin('type_items as rg', 'rg.Id', 'i.RegionType_Id')
    .leftJoin('users as u', 'u.Id', 'i.AssignedTo_Id')
    .leftJoin('users as r', 'r.Id', 'c.Reviewer_Id')
    .leftJoin('type_items as ct', 'ct.Id', 'c.CaseType_Id')
    .select([
      ...ITEM_FIELDS,
      'c.CaseNumber', 'c.WorkflowState', 'c.SubjectLastName', 'c.Client_Id', 'o.Code as OrgCode', 'ct.Short as CaseTypeShort',
      'r.FirstName as ReviewerFirst', 'r.LastName as ReviewerLast',
    ]);
  for (const [column, direction] of order) rows = rows.orderBy(column as 'i.Id', direction);
  const found = await (idsFirst ? rows : rows.offset(page * query.pageSize).limit(query.pageSize)).execute();
  const items = (await answerItems(db, found)).map(
    ({ CaseNumber, WorkflowState, SubjectLastName, Client_Id, OrgCode, CaseTypeShort, ReviewerFirst, ReviewerLast, ...item }): ItemRowAnswer => ({
      ...item,
      Case: {
        Id: item.Case_Id,
        CaseNumber,
        WorkflowState,
        Subject: { LastName: SubjectLastName },
        Org: { Code: OrgCode },
        CaseType: { Short: CaseTypeShort },
        Reviewer: { Name: ReviewerLast ? `${ReviewerFirst ?? ''} ${ReviewerLast}`.trim() : null },
        Client_Id,
      },
    }),
  );
  return { items, pageCount, total: count.total, totalIsExact: count.exact, page };
}

/**
 * Item search (spec 001 §2 "Item search (/items)"): the `items` declaration's store — its one call is the list,
 * `POST /api/items/search`, over the items of the cases in the caller's org scope.
 */
export const itemSearchStore = defineStore({
  responses: {
    list: {
      type: 'object',
      properties: {
        items: { type: 'array', items: { $ref: 'itemRow.json' } },
        pageCount: { type: 'integer' },
        total: { type: 'integer' },
        totalIsExact: { type: 'boolean' },
        page: { type: 'integer' },
      },
      required: ['items', 'pageCount', 'total', 'totalIsExact', 'page'],
      additionalProperties: false,
    },
  },
  summaries: {
    list: 'One page of items across all cases (page, pageSize, sorted, filtered, additional.ItemStateIDS) in the caller\'s org scope, an investigator\'s own only; answers items (each with its Case), pageCount, total',
  },
  async list(context, query) {
    const scope = await orgScopeOf(context.db, context.auth);
    const asked = (query ?? {}) as ItemsQuery;
    return searchItems(context.db, context.auth, scope, { ...asked, page: asked.page ?? 0, pageSize: asked.pageSize ?? PageSizes.ITEMS });
  },
});
