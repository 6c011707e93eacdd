/**
 * The items area (spec 001 §2, §4, §5, §8): the spec's texts word for word, and the server's own wording for the
 * item rules the spec leaves to it (docs/decisions.md "Items: assignment and distances").
 */
export const ItemTexts = {
  /** Submitting items (spec 001 §5, §8): the checks run in this order, on the item page, the bulk modal and the server. */
  submit: {
    failed: 'Unable to submit items.',
    missingSections: 'You are missing required sections.',
    missingSectionsList: 'The following required sections are missing:',
    unfinishedSections: 'You have sections that are not finished.',
  },
  /** Success toasts of the items table and its bulk modals (spec 001 §8), word for word where the spec words them. */
  toasts: {
    created: (caseNumber: string) => `The new item was added to case #${caseNumber} successfully.`,
    deleted: (caseNumber: string) => `The item was removed from case #${caseNumber} successfully.`,
    reordered: 'The items were reordered successfully.',
    assigned: (caseNumber: string) => `The items in case #${caseNumber} were assigned successfully.`,
    unassigned: 'The items were unassigned.',
    acdsUpdated: (caseNumber: string) => `The ACDs were updated successfully for items in case #${caseNumber}.`,
    accepted: (caseNumber: string) => `The items in case #${caseNumber} were accepted successfully.`,
    rejected: (caseNumber: string) => `The items in case #${caseNumber} were rejected successfully.`,
    submitted: (caseNumber: string) => `The items in case #${caseNumber} were submitted for review successfully.`,
    updated: (itemNumber: string) => `Item ${itemNumber} was updated successfully.`,
  },
  /** The items table (spec 001 §2 "Items table"). */
  table: {
    empty: 'There are no items on this case.',
    deleteBody: 'This action cannot be undone.',
    deleteTitle: (itemNumber: string) => `Delete item ${itemNumber}?`,
    noLocation: '(no location)',
    hasAttachments: 'Has attachments',
  },
  /** The bulk modals for selected items (spec 001 §2 "Bulk modals for selected items"). */
  bulk: {
    unassigned: 'Unassigned',
    unassignedHint: 'Return the items to Awaiting Assignment',
    distanceUnknown: 'Distance unknown',
    miles: (miles: number) => `${miles.toFixed(2)} mi`,
    noInvestigators: 'There is no one these items can be assigned to.',
    investigatorsFailed: 'Unable to get the investigators.',
    itemsFailed: 'Unable to get the selected items.',
    selected: (count: number) => `${count} ${count === 1 ? 'item' : 'items'} selected`,
  },
  /** A section with an empty required field (spec 001 §2 "Item page"). */
  requiredFieldsEmpty: 'Required fields are empty!',
  /** The server's answers (the spec leaves the item rules to the server). */
  server: {
    notFound: 'The item was not found.',
    notOfCase: (id: number) => `Item ${id} is not an item of this case.`,
    wrongStatus: (itemNumber: string, status: string, action: string) => `Item ${itemNumber} is ${status} and cannot ${action}.`,
    inReview: 'The item is in review: it cannot be changed without Edit Items In Review.',
    accepted: 'The item is accepted: it cannot be changed without Edit Inactive Cases.',
    itemTypeNotOffered: 'The case\'s template does not offer this item template.',
    itemTypeFixed: 'The item template of an item cannot be changed.',
    acdInPast: 'ACD cannot be before today.',
    investigatorUnknown: 'Choose an investigator from the list.',
    assignedTo: (name: string) => `Assigned to ${name}.`,
    unassignedFrom: (name: string) => `Unassigned from ${name}.`,
    acdSet: (day: string) => `ACD set to ${day}.`,
    resubmitted: 'Resubmitted.',
  },
} as const;
