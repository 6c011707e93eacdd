import type { AuthContext } from '../auth/sessions.js';
import { Groups, Permissions } from '../../shared/permissions.js';

/** An investigator: a member of the Investigator or Independent Contractor group who is no case admin. */
export function isInvestigator(auth: AuthContext): boolean {
  return !auth.isCaseAdmin && auth.groups.some((g) => g === Groups.INVESTIGATOR || g === Groups.INDEPENDENT_CONTRACTOR);
}

/**
 * Whether the caller sees every item of the cases in their scope, or only the items assigned to them: an
 * investigator without any of the permissions that work on other people's items (editing cases, assigning,
 * reviewing, managing deadlines) sees only their own; everyone else (a client reading its cases included) sees every
 * item of the cases they may see (docs/decisions.md "Items: who sees which").
 */
export function seesAllItems(auth: AuthContext): boolean {
  return (
    !isInvestigator(auth) ||
    auth.can(
      Permissions.Cases.EDIT_CASES,
      Permissions.ItemAssignments.ADD_ITEM_ASSIGNMENTS,
      Permissions.CaseItems.REVIEW_CASE_ITEMS,
      Permissions.CaseItems.MANAGE_CASE_ITEM_DEADLINES,
    )
  );
}
