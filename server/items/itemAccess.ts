import type { AuthContext } from '../auth/sessions.js';
import { Permissions } from '../../shared/permissions.js';

/**
 * Whether the caller sees every item of the cases in their scope, or only the items assigned to them: an
 * investigator (no case admin, and none of the permissions that work on other people's items: editing cases,
 * assigning, reviewing, managing deadlines) sees only their own (docs/decisions.md "Items: who sees which").
 */
export function seesAllItems(auth: AuthContext): boolean {
  return (
    auth.isCaseAdmin ||
    auth.can(
      Permissions.Cases.EDIT_CASES,
      Permissions.ItemAssignments.ADD_ITEM_ASSIGNMENTS,
      Permissions.CaseItems.REVIEW_CASE_ITEMS,
      Permissions.CaseItems.MANAGE_CASE_ITEM_DEADLINES,
    )
  );
}
