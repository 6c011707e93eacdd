import { sql } from 'kysely';
import type { Database } from '../db/database.js';

/** An org and its ancestors, nearest first: the org itself, its parent, …, the root. */
export interface OrgChain {
  ids: number[];
  names: Map<number, string>;
}

/** The org's chain of ancestors (one recursive query), the org first; empty when the org does not exist. */
export async function orgChain(db: Database, orgId: number): Promise<OrgChain> {
  const result = await sql<{ Id: number; Name: string; Depth: number }>`
    WITH RECURSIVE chain AS (
      SELECT "Id", "Name", "ParentOrg_Id", 0 AS "Depth" FROM orgs WHERE "Id" = ${orgId}
      UNION ALL
      SELECT o."Id", o."Name", o."ParentOrg_Id", c."Depth" + 1 FROM orgs o JOIN chain c ON o."Id" = c."ParentOrg_Id"
      WHERE c."Depth" < 100
    ) SELECT "Id", "Name", "Depth" FROM chain ORDER BY "Depth"`.execute(db);
  return { ids: result.rows.map((r) => r.Id), names: new Map(result.rows.map((r) => [r.Id, r.Name])) };
}

/**
 * The client orgs of a chain: the org and the orgs above it, without the top org (the provider's own staff belong
 * there and would otherwise appear under every client). Just the org when it is the top org itself.
 */
export const clientOrgsOf = (chain: OrgChain): number[] => chain.ids.slice(0, Math.max(1, chain.ids.length - 1));

/** A record as it applies to an org: its own, or the nearest ancestor's marked inherited (with where it comes from). */
export type Applied<R> = R & { Inherited: boolean; InheritedFrom: { Id: number; Name: string } | null };

/**
 * Inheritance down the tree (spec 002 §2.1, §9): for each key (a case type, an expense type, a deadline kind),
 * the org's own records when it has any for that key, otherwise those of the nearest ancestor that has them,
 * marked `Inherited`. `rows` are the records of every org of the chain.
 */
export function applyInheritance<R extends { Org_Id: number }>(chain: OrgChain, rows: readonly R[], keyOf: (row: R) => string): Applied<R>[] {
  const depth = new Map(chain.ids.map((id, index) => [id, index]));
  const nearest = new Map<string, number>();
  for (const row of rows) {
    const key = keyOf(row);
    const at = depth.get(row.Org_Id);
    if (at === undefined) continue;
    const best = nearest.get(key);
    if (best === undefined || at < best) nearest.set(key, at);
  }
  const own = chain.ids[0];
  return rows
    .filter((row) => depth.get(row.Org_Id) === nearest.get(keyOf(row)))
    .map((row) => ({
      ...row,
      Inherited: row.Org_Id !== own,
      InheritedFrom: row.Org_Id !== own ? { Id: row.Org_Id, Name: chain.names.get(row.Org_Id) ?? '' } : null,
    }));
}

/**
 * Whether a record of the chain applies to the org as inherited: it belongs to an ancestor and nothing nearer
 * overrides its key. Answers the applied records of the key, so an override can copy them all.
 */
export function inheritedGroup<R extends { Org_Id: number; Id: number }>(applied: readonly Applied<R>[], recordId: number, keyOf: (row: R) => string): Applied<R>[] | null {
  const record = applied.find((row) => row.Id === recordId);
  if (!record || !record.Inherited) return null;
  const key = keyOf(record);
  return applied.filter((row) => keyOf(row) === key);
}
