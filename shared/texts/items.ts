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
