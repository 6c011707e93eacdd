import { orgName } from '../../resources/orgs.js';
import { fullName } from '../../resources/orgUsers.js';
import { caseTypeName } from '../../resources/orgCaseTypes.js';
import { expenseTypeName } from '../../resources/orgExpenseRules.js';
import { OrgTexts } from '../../shared/texts/orgs.js';
import { CommonTexts } from '../../shared/texts/common.js';
import type { ViewTexts } from '../resources/resourceTexts.js';

/** What the org area's screens say (spec 002 §2.1, §5): toasts, titles, buttons, empty states, remove confirmations. */

/** Deleting an org's record (a case type, a range, a fee, a deadline, an expense rule) asks this first. */
const cannotBeUndone = { confirmBody: () => CommonTexts.global.cannotBeUndone };

const O = OrgTexts.orgs;

/** Orgs: deactivating and activating an org ask first. */
export const orgsTexts: ViewTexts = {
  saveFailed: (r) => (r ? O.updateFailed : ''),
  created: (r) => O.created(orgName(r)),
  updated: (r) => O.updated(orgName(r)),
  hidden: (r) => O.deactivated(orgName(r)),
  shown: (r) => O.activated(orgName(r)),
  add: () => 'Add Org',
  editTitle: orgName,
  editSubmit: 'Save Changes',
  empty: O.noOrgs,
  remove: { labels: ['Deactivate', 'Activate'], confirm: (r, show) => O.confirmToggle(show, orgName(r)) },
};

const U = OrgTexts.users;

/** An org's users: their settings' toasts, and New User. */
export const orgUsersTexts: ViewTexts = {
  saveFailed: U.settingsFailed,
  created: (r) => U.settingsUpdated(String(r.FirstName ?? ''), String(r.LastName ?? '')),
  updated: (r) => U.settingsUpdated(String(r.FirstName ?? ''), String(r.LastName ?? '')),
  add: () => 'New User',
  editTitle: fullName,
  editSubmit: 'Save',
  empty: U.empty,
};

const C = OrgTexts.caseTypes;

/** An org's case types. */
export const orgCaseTypesTexts: ViewTexts = {
  saveFailed: (r) => (r ? C.pricingFailed : C.addFailed),
  created: (r) => C.added(caseTypeName(r)),
  updated: () => C.pricingUpdated,
  deleted: (r) => C.deleted(caseTypeName(r)),
  deleteFailed: C.deleteFailed,
  add: () => 'Add Case Type',
  editTitle: caseTypeName,
  editSubmit: 'Save',
  empty: C.empty,
  remove: cannotBeUndone,
};

/** The date ranges of an org case type: on an inherited one the add button reads Override. */
export const orgCaseTypeRangesTexts: ViewTexts = {
  saveFailed: C.pricingFailed,
  created: () => C.pricingUpdated,
  updated: () => C.pricingUpdated,
  deleted: () => C.pricingUpdated,
  deleteFailed: C.pricingFailed,
  add: (parent) => (parent?.Inherited ? 'Override' : 'Add Date Range'),
  editTitle: () => 'Date Range',
  editSubmit: 'Save',
  empty: C.empty,
  remove: cannotBeUndone,
};

/** The completed or discontinued case fees of a date range. */
function caseFeeTexts(discontinued: boolean): ViewTexts {
  return {
    saveFailed: (r) => (r ? C.feeUpdateFailed : C.feeCreateFailed),
    created: () => C.feeCreated,
    updated: () => C.feeUpdated,
    deleted: () => C.feeDeleted,
    deleteFailed: C.feeDeleteFailed,
    add: () => 'Add',
    editTitle: () => (discontinued ? 'Discontinued Case Fee' : 'Completed Case Fee'),
    editSubmit: 'Save',
    empty: discontinued ? C.noDiscontinuedFees : C.noCompletedFees,
    remove: cannotBeUndone,
  };
}

export const completedCaseFeesTexts = caseFeeTexts(false);
export const discontinuedCaseFeesTexts = caseFeeTexts(true);

const D = OrgTexts.deadlines;

/** The CDs or ACDs of an org case type. */
function deadlineTexts(acd: boolean): ViewTexts {
  return {
    saveFailed: (r) => (r ? D.updateFailed(acd) : D.createFailed(acd)),
    loadFailed: D.loadFailed,
    created: () => D.created(acd),
    updated: () => D.updated(acd),
    deleted: () => D.deleted(acd),
    deleteFailed: D.deleteFailed(acd),
    add: () => (acd ? 'Add ACD' : 'Add CD'),
    editTitle: () => (acd ? 'ACD' : 'CD'),
    editSubmit: 'Save',
    empty: acd ? C.noAcds : C.noCds,
    remove: cannotBeUndone,
  };
}

export const orgCdsTexts = deadlineTexts(false);
export const orgAcdsTexts = deadlineTexts(true);

const E = OrgTexts.expenseRules;

/** An org's expense rules. */
export const orgExpenseRulesTexts: ViewTexts = {
  saveFailed: (r) => (r ? E.updateFailed : E.createFailed),
  created: (r) => E.created(expenseTypeName(r)),
  updated: (r) => E.updated(expenseTypeName(r)),
  deleted: (r) => E.deleted(expenseTypeName(r)),
  deleteFailed: E.deleteFailed,
  add: () => 'Add Expense Rule',
  editTitle: expenseTypeName,
  editSubmit: 'Save',
  empty: E.empty,
  remove: cannotBeUndone,
};

const I = OrgTexts.invoices;

/** An org's invoice settings (the Invoices tab). */
export const orgInvoiceSettingsTexts: ViewTexts = {
  saveFailed: I.updateFailed,
  updated: () => I.updated,
  editSubmit: 'Save Changes',
};
