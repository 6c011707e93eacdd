import type { Query, QueryKey } from '@tanstack/react-query';
import { Timing } from '../../shared/constants.js';

/** The react-admin reads whose answers may be kept: lists of choices, the records a page names by id. */
type ReadKind = 'getList' | 'getMany' | 'getManyReference';

const ALL: readonly ReadKind[] = ['getList', 'getMany', 'getManyReference'];

/**
 * Reference data (issue 25, part 4): the declared resources whose rows pages offer as choices or name by id, and
 * which change rarely — with the reads of each that are kept for `Timing.REFERENCE_CACHE_MS`, so the next page that
 * needs them within that time does not ask the server again. A record's own read (`getOne`: an org's general
 * settings on its page) is never kept; neither are the records people work on (cases, items and what hangs off them:
 * papers, messages, history, expenses), which every page asks for again as before.
 *
 * Every write of the app asks again at once: a form's save and a row's removal (useResourceSave, useRemoveAction,
 * the list's inline edits) and every named operation's button end in react-admin's refresh, which marks every
 * query stale — kept ones too — and asks again for those shown; react-admin's own create and delete mark the
 * resource's lists stale as well. Another user's change shows once the time is over, at the list's Refresh button,
 * or at the live notice's refresh.
 */
export const REFERENCE_READS: Readonly<Record<string, readonly ReadKind[]>> = {
  // Lookup lists and their items.
  lists: ALL,
  'list-items': ALL,
  // The workflow states the cases' and items' filters offer.
  'case-states': ALL,
  'item-states': ALL,
  // The people pickers offer: reviewers, a client org's requesting officials, data-entry clerks and reviewers.
  reviewers: ALL,
  'case-requesting-officials': ALL,
  'case-data-entry-clerks': ALL,
  'case-reviewers': ALL,
  // Types and phrases the forms pick from.
  'org-case-types': ALL,
  'item-types': ALL,
  'expense-types': ALL,
  'item-expense-types': ALL,
  'stock-phrases': ALL,
  // Identity's reference lists.
  tags: ALL,
  categories: ALL,
  roles: ALL,
  groups: ALL,
  // Orgs as choices and names (the session-wide copy keeps its own 30 minutes; an org's page reads it by getOne).
  orgs: ALL,
  // Users by id (the names a record refers to); the users screen's list is a search of records, asked each time.
  users: ['getMany'],
};

/** Whether a react-admin query key (`[resource, kind, params]`) is a kept reference read. */
export function isReferenceRead(queryKey: QueryKey): boolean {
  const [resource, kind] = queryKey;
  return typeof resource === 'string' && typeof kind === 'string' && (REFERENCE_READS[resource]?.includes(kind as ReadKind) ?? false);
}

/**
 * How long a query's answer is fresh: `Timing.REFERENCE_CACHE_MS` for a reference read, none for anything else (as
 * react-admin has it). A read whose last asking failed is never fresh: the next page that needs it asks again, and
 * the failure shows there as it did (a failed read never stands in for an answer).
 */
export function staleTimeOf(query: Query<unknown, Error, unknown, QueryKey>): number {
  if (query.state.status === 'error') return 0;
  return isReferenceRead(query.queryKey) ? Timing.REFERENCE_CACHE_MS : 0;
}
