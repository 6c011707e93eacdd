/**
 * Texts of the organisations area (spec 002 §2.1, §5, §8). Where the spec gives the words they are used as given;
 * where it only names a toast ("org created"), the sentence is ours, in the product's usual form.
 */
export const OrgTexts = {
  orgs: {
    treeTitle: 'Orgs',
    dragHint: 'Drag and drop Orgs to change parenting.',
    inactive: 'Inactive',
    searchPlaceholder: 'Search orgs…',
    noOrgs: 'There are no orgs.',
    created: (name: string) => `The org ${name} was created.`,
    updated: (name: string) => `The org ${name} was updated.`,
    deactivated: (name: string) => `The org ${name} was deactivated.`,
    activated: (name: string) => `The org ${name} was activated.`,
    parentChanged: (name: string, parent: string) => `${name} was moved under ${parent}.`,
    // Moving an org changes what its whole subtree inherits: asked first (issue 22 §1; the spec gives no words).
    moveTitle: (name: string) => `Move ${name}?`,
    confirmMove: (name: string, parent: string, count: number) =>
      `${name} will move under ${parent}` +
      (count > 1 ? `, with the ${count - 1} ${count - 1 === 1 ? 'org' : 'orgs'} below it: ${count} orgs move in all.` : '.') +
      ` From then on ${count > 1 ? 'they inherit' : 'it inherits'} case types, pricing, deadlines and expense rules from ${parent} and the orgs above it.`,
    moveConfirm: 'Move',
    /** Shown on an org row while an org is dragged over one of the orgs below it. */
    cannotMoveHere: 'Cannot move here',
    confirmToggle: (activate: boolean, name: string) => `Are you sure you wish to ${activate ? 'activate' : 'deactivate'} ${name}?`,
    updateFailed: 'There was an error when trying to update the org.',
    generalLoadFailed: 'There was an error loading the general settings for this org.',
    // Server refusals.
    notFound: 'No such org.',
    underItself: 'An org cannot be moved under itself or under one of the orgs below it.',
    rootMove: 'The top org cannot be moved.',
    rootHide: 'The top org cannot be deactivated.',
    noParentPermission: 'You do not have permission to change the parent of an org.',
  },
  caseTypes: {
    empty: 'There are no case types for this org.',
    noCds: 'There are no CDs for this case type.',
    noAcds: 'There are no ACDs for this case type.',
    noCompletedFees: 'There are no completed case fees.',
    noDiscontinuedFees: 'There are no discontinued case fees.',
    anyTime: 'Any time',
    active: 'ACTIVE',
    inactiveRange: 'INACTIVE',
    selectTemplate: 'Select a template...',
    added: (name: string) => `The case type ${name} was added to the org.`,
    deleted: (name: string) => `The case type ${name} was deleted from the org.`,
    pricingUpdated: 'The pricing rules were updated.',
    addFailed: 'There was an error adding the case type to the org',
    deleteFailed: 'There was an error deleting the case type.',
    overrideFailed: 'There was an error overriding the case fees.',
    pricingFailed: 'There was an error updating the pricing rules.',
    feeCreated: 'The case fee was created successfully',
    feeUpdated: 'The case fee was updated successfully',
    feeDeleted: 'The case fee was deleted successfully',
    feeCreateFailed: 'There was an error creating the case fee',
    feeUpdateFailed: 'There was an error updating the case fee',
    feeDeleteFailed: 'There was an error deleting the case fee',
    // Server refusals.
    templateRequired: 'Template is required.',
    rangeOrder: 'Active To must be on or after Active From.',
    inheritedDelete: 'This case type is inherited: it can only be removed from the org it belongs to.',
    inheritedFeeDelete: 'This fee is inherited: override the case type first.',
    unknown: 'No such case type on this org.',
    unknownFee: 'No such case fee.',
  },
  deadlines: {
    created: (acd: boolean) => `The ${acd ? 'ACD' : 'CD'} was created.`,
    updated: (acd: boolean) => `The ${acd ? 'ACD' : 'CD'} was updated.`,
    deleted: (acd: boolean) => `The ${acd ? 'ACD' : 'CD'} was deleted.`,
    createFailed: (acd: boolean) => `There was an error creating the ${acd ? 'ACD' : 'CD'}.`,
    updateFailed: (acd: boolean) => `There was an error updating the ${acd ? 'ACD' : 'CD'}.`,
    deleteFailed: (acd: boolean) => `There was an error deleting the ${acd ? 'ACD' : 'CD'}.`,
    loadFailed: 'There was an error loading the deadlines.',
    // Server refusals.
    caseTypeRequired: 'caseTypeId is required.',
    itemTypeRequired: 'Item Template is required.',
    inheritedDelete: 'This deadline is inherited: it can only be removed from the org it belongs to.',
    unknown: 'No such deadline on this org.',
  },
  users: {
    empty: 'There are no users for this org.',
    settingsUpdated: (first: string, last: string) => `The settings of ${first} ${last} were updated.`,
    settingsFailed: 'There was an error updating the settings.',
    notInOrg: 'This user is not one of the org’s users.',
  },
  expenseRules: {
    empty: 'There are no expense rules for this org.',
    created: (name: string) => `The expense rule for ${name} was created.`,
    updated: (name: string) => `The expense rule for ${name} was updated.`,
    deleted: (name: string) => `The expense rule for ${name} was deleted.`,
    createFailed: 'There was an error creating the expense rule.',
    updateFailed: 'There was an error updating the expense rule.',
    deleteFailed: 'There was an error deleting the expense rule.',
    // Server refusals.
    inheritedDelete: 'This expense rule is inherited: it can only be removed from the org it belongs to.',
    unknown: 'No such expense rule on this org.',
  },
  invoices: {
    updated: 'The invoice settings were updated.',
    updateFailed: 'There was an error when trying to update the invoice settings.',
    loadFailed: 'There was an error loading the invoice settings. Try again.',
    noCompany: 'None',
  },
} as const;
