import type { ApiRecord } from '../../resources/declaration.js';
import { Texts } from '../../shared/texts/index.js';
import type { Database } from '../db/database.js';
import type { ModelStateBuilder } from '../http/errors.js';
import type { StoreContext } from '../resources/store.js';
import { orgChain, type OrgChain } from './inheritance.js';
import { assertOrgInScope } from './scope.js';

/** The org of an org sub-resource's call (`/api/orgs/:Org_Id/…`), checked against the caller's scope (404). */
export async function orgOfCall(context: StoreContext): Promise<{ orgId: number; chain: OrgChain }> {
  const orgId = Number(context.params.Org_Id);
  await assertOrgInScope(context.db, context.auth, orgId, Texts.orgs.orgs.notFound);
  return { orgId, chain: await orgChain(context.db, orgId) };
}

/** An active range must not end before it starts (the message under the end). */
export function checkRange(values: ApiRecord, errors: ModelStateBuilder): void {
  const from = values.ActiveFrom;
  const to = values.ActiveTo;
  if (typeof from === 'string' && typeof to === 'string' && to < from) errors.add('ActiveTo', Texts.orgs.caseTypes.rangeOrder);
}

/** A date column's value as stored: the day, or null for an open end. */
export const day = (value: unknown): string | null => (typeof value === 'string' && value ? value.slice(0, 10) : null);

/** The answer's `InheritedFrom` with the ancestor's name, for applied rows. */
export const byName = (chain: OrgChain, orgId: number) => ({ Id: orgId, Name: chain.names.get(orgId) ?? '' });

/** The ids of a table's rows the override made, by the ids of the rows it copied. */
export type CopyMap = Map<number, number>;

/**
 * Copies rows of an ancestor into the org (an override): each row inserted again with the org's id, in one go per
 * row so the map from old to new ids is exact. Runs inside the caller's transaction.
 */
export async function copyRows<R extends { Id: number }>(rows: readonly R[], insert: (row: R) => Promise<number>): Promise<CopyMap> {
  const map: CopyMap = new Map();
  for (const row of rows) map.set(row.Id, await insert(row));
  return map;
}

/** Rows of a table for the orgs of a chain (one query); the rows keep their own org. */
export function chainFilter(chain: OrgChain): number[] {
  return chain.ids.length ? chain.ids : [-1];
}

export type { Database };
