import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import { Groups, Permissions, Tags } from '../../shared/permissions.js';
import { centroidLookup, milesBetween, type Centroid } from './zipCentroids.js';
import type { InvestigatorOption } from '../../schemas/types.js';
export type { InvestigatorOption };

/** The groups whose members work items in the field, whatever their tags (spec 002's new-user presets). */
const FIELD_GROUPS = [Groups.INVESTIGATOR, Groups.INDEPENDENT_CONTRACTOR];


/**
 * The people items may be assigned to (docs/decisions.md "Items: assignment and distances"): the members of the
 * Investigator and Independent Contractor groups, and the members of groups tagged Employee whose group grants
 * Update Case Item Status (staff who can work an item and submit it for review); never a locked-out account. With
 * their work status and the postal code of their primary address. `onlyId` narrows to one user (is this one of them?).
 */
async function assignees(db: Database, now: Date, onlyId?: number) {
  let query = db
    .selectFrom('users as u')
    .leftJoin('type_items as ws', 'ws.Id', 'u.WorkStatusType_Id')
    .select([
      'u.Id', 'u.FirstName', 'u.LastName', 'ws.Id as WorkStatusId', 'ws.Short as WorkStatusShort', 'ws.Description as WorkStatusDescription',
      (eb) =>
        eb
          .selectFrom('user_addresses as a')
          .select('a.PostalCode')
          .whereRef('a.User_Id', '=', 'u.Id')
          .where('a.IsPrimary', '=', true)
          .orderBy('a.Id')
          .limit(1)
          .as('PostalCode'),
    ])
    .where((eb) => eb.or([eb('u.LockoutEndDateUtc', 'is', null), eb('u.LockoutEndDateUtc', '<', now)]))
    .where((eb) =>
      eb.or([
        eb.exists(
          eb.selectFrom('user_groups as ug').innerJoin('groups as g', 'g.Id', 'ug.Group_Id').select(sql.lit(1).as('one')).whereRef('ug.User_Id', '=', 'u.Id').where('g.Name', 'in', FIELD_GROUPS),
        ),
        eb.exists(
          eb
            .selectFrom('user_groups as ug')
            .innerJoin('group_tags as gt', 'gt.Group_Id', 'ug.Group_Id')
            .innerJoin('tags as t', 't.Id', 'gt.Tag_Id')
            .innerJoin('group_roles as gr', 'gr.Group_Id', 'ug.Group_Id')
            .innerJoin('roles as r', 'r.Id', 'gr.Role_Id')
            .select(sql.lit(1).as('one'))
            .whereRef('ug.User_Id', '=', 'u.Id')
            .where((inner) => inner(inner.fn('lower', ['t.Name']), '=', Tags.EMPLOYEE.toLowerCase()))
            .where('r.Name', '=', Permissions.CaseItems.UPDATE_CASE_ITEM_STATUS),
        ),
      ]),
    );
  if (onlyId !== undefined) query = query.where('u.Id', '=', onlyId);
  return query.orderBy('u.LastName').orderBy('u.FirstName').orderBy('u.Id').execute();
}

/** The assignee's name ('First Last') when the user is one items may be assigned to; null otherwise. */
export async function assigneeName(db: Database, userId: number, now: Date): Promise<string | null> {
  const [row] = await assignees(db, now, userId);
  return row ? `${row.FirstName} ${row.LastName}` : null;
}

const twoDecimals = (miles: number) => Math.round(miles * 100) / 100;

/**
 * The assign list for some items (spec 001 §2 "Bulk modals"): every assignee with their work status and the
 * average distance in miles from the ZIP code of their primary address to the items' ZIP codes — great-circle
 * between ZIP centroids, averaged over the items whose ZIP code is known; null when the assignee's or every item's
 * ZIP code is unknown. Nearest first, unknown distances last, then by name.
 */
export async function assignList(db: Database, itemPostalCodes: readonly (string | null)[], now: Date): Promise<InvestigatorOption[]> {
  const [people, centroidOf] = await Promise.all([assignees(db, now), centroidLookup()]);
  const places = itemPostalCodes.map((code) => centroidOf(code)).filter((c): c is Centroid => c !== null);
  const options = people.map((p): InvestigatorOption => {
    const home = centroidOf(p.PostalCode);
    const average = home && places.length ? places.reduce((sum, place) => sum + milesBetween(home, place), 0) / places.length : null;
    return {
      Id: p.Id,
      FirstName: p.FirstName,
      LastName: p.LastName,
      WorkStatus: p.WorkStatusId === null ? null : { Id: p.WorkStatusId, Short: p.WorkStatusShort ?? '', Description: p.WorkStatusDescription },
      AverageDistance: average === null ? null : twoDecimals(average),
    };
  });
  // Stable: people with the same distance (or none) keep their order by name.
  return options.sort((a, b) => (a.AverageDistance ?? Infinity) - (b.AverageDistance ?? Infinity) || 0);
}
