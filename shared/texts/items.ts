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
    /** How many of the selected items the action will change, when the server leaves some out. */
    eligibleOf: (eligible: number, selected: number) => `${eligible} of the ${selected} selected items`,
    leftOut: (count: number) => `${count === 1 ? 'One selected item is' : `${count} selected items are`} left out:`,
    noneEligible: 'None of the selected items can take this action.',
    checking: 'Checking the selected items',
    checkFailed: 'Unable to check the selected items.',
  },
  /** A section with an empty required field (spec 001 §2 "Item page"). */
  requiredFieldsEmpty: 'Required fields are empty!',
  /**
   * The item page's Sections panel and its edit modal (spec 001 §2 "Item page", §4 "Section editing", §5 "Add section:
   * section required", §8 success toasts "section added, updated or removed" and "stock phrase added or removed").
   */
  sectionEditor: {
    empty: 'This item has no sections, please add some.',
    /** A section (its row or its modal) failed to render (spec 001 §2), word for word. */
    displayFailed: 'Unable to display section.',
    removeBody: 'All data for this section will be lost. This action cannot be undone.',
    sectionRequired: 'Section is required.',
    noneToAdd: 'Every section of this item template is on the item already.',
    unsavedClose: 'You have unsaved changes, click again to lose them.',
    unsavedEscape: 'You have unsaved changes, hit escape again to discard them.',
    discarded: 'Your changes have been discarded.',
    added: (section: string, itemNumber: string) => `The ${section} section was added to item #${itemNumber} successfully.`,
    updated: (section: string) => `The ${section} section was updated successfully.`,
    removed: (section: string, itemNumber: string) => `The ${section} section was removed from item #${itemNumber} successfully.`,
    phraseAdded: 'The stock phrase was added successfully.',
    phraseRemoved: 'The stock phrase was removed successfully.',
    phraseRemoveBody: (phrase: string) => `The stock phrase "${phrase}" will no longer be offered for this field.`,
    phrasesFailed: 'Unable to get the stock phrases.',
  },
  /** The item page (spec 001 §2 "Item page", §4, §8); the spec's words where it has them. */
  page: {
    title: 'Item',
    /** 'Case #{CaseNumber} - Item #{n}' (the item's number as the items table shows it). */
    subtitle: (caseNumber: string, itemNumber: string) => `Case #${caseNumber} - Item #${itemNumber}`,
    rejected: 'Rejected',
    /** The way back: to the item's case for users who may view cases, else to item search. */
    backToCase: 'Back to case',
    backToItems: 'Back to items',
    loadFailed: 'Unable to get the item.',
    showFailed: 'Unable to show this item.',
    panels: {
      summary: 'Item',
      assets: 'Downloads',
      sections: 'Sections',
      issueCodes: 'Issue Codes',
      expenses: 'Expenses',
      attachments: 'Attachments',
      history: 'History',
      messages: 'Messages',
    },
    noAssets: 'This item template has no downloads.',
    assetFailed: 'Unable to retrieve file.',
    submit: 'Submit for Review',
    resubmit: 'Resubmit',
    accept: 'Accept',
    reject: 'Reject',
    rejectTitle: 'Reject Item',
    rejectReason: 'Rejection Reason',
    rejectReasonRequired: 'Rejection Reason is required.',
    submitted: (itemNumber: string) => `Item ${itemNumber} was submitted for review successfully.`,
    accepted: (itemNumber: string) => `Item ${itemNumber} was accepted successfully.`,
    rejectedToast: (itemNumber: string) => `Item ${itemNumber} was rejected successfully.`,
    acceptFailed: 'Unable to accept the item.',
    rejectFailed: 'Unable to reject the item.',
  },
  /** An item's history (spec 001 §2 "Item page": status, who triggered it, note, date). */
  history: {
    empty: 'Nothing has happened to this item yet.',
    loadFailed: 'Unable to get the item\'s history.',
  },
  /**
   * The server's answers about an item's sections and stock phrases (docs/decisions.md "Item sections: what the server
   * accepts", "Stock phrases"); every refused value is a sentence naming the field's label, under ModelState Definition.
   */
  sections: {
    notFound: 'The section was not found on this item.',
    notOffered: 'The item template does not offer this section.',
    alreadyOnItem: 'The item has this section already.',
    /** Refused values of a saved section (shared/sectionValues.ts). */
    values: {
      notFieldList: 'Definition must be JSON text holding a fields.field list.',
      tooLong: (max: number) => `Definition cannot be longer than ${max} characters.`,
      unnamedField: 'Every field of Definition needs its @name.',
      unknownField: (name: string) => `The section has no field named ${name}.`,
      repeatedField: (label: string) => `${label} is given more than once.`,
      notText: (label: string) => `${label} must be text.`,
      textTooLong: (label: string, max: number) => `${label} cannot be longer than ${max} characters.`,
      checkbox: (label: string) => `${label} must be true or false.`,
      phone: (label: string) => `${label} must look like 555-555-5555.`,
      date: (label: string) => `${label} must be a date.`,
      current: (label: string) => `${label} cannot be current.`,
      before: (label: string, day: string) => `${label} cannot be before ${day}.`,
      after: (label: string, day: string) => `${label} cannot be after ${day}.`,
      beforeToday: (label: string) => `${label} cannot be before today.`,
      afterToday: (label: string) => `${label} cannot be after today.`,
      notInList: (label: string, value: string) => `${value} is not a valid choice for ${label}.`,
      notRegion: (label: string, value: string) => `${value} is not a valid state for ${label}.`,
      entries: (label: string) => `${label} must be a list of entries.`,
      tooManyEntries: (label: string, max: number) => `${label} cannot have more than ${max} entries.`,
      entry: (label: string, n: number, message: string) => `${label}, entry ${n}: ${message}`,
    },
    stockPhrases: {
      notFound: 'The stock phrase was not found.',
      duplicate: 'This phrase is saved for this field already.',
      empty: 'There are no stock phrases for this field.',
      add: 'Add Stock Phrase',
    },
  },
  /** The server's answers (the spec leaves the item rules to the server). */
  server: {
    notFound: 'The item was not found.',
    notOfCase: (id: number) => `Item ${id} is not an item of this case.`,
    /** An eligibility question about an action the caller may not take (`words`: ITEM_ACTION_WORDS). */
    actionNotPermitted: (words: string) => `You do not have the permission to ask which items can ${words}.`,
    wrongStatus: (itemNumber: string, status: string, action: string) => `Item ${itemNumber} is ${status} and cannot ${action}.`,
    /** Why a bulk submit leaves an item out (docs/decisions.md "Bulk actions: the eligible items"). */
    missingSectionsOf: (itemNumber: string, sections: readonly string[]) => `Item ${itemNumber} is missing required sections: ${sections.join(', ')}.`,
    unfinishedSectionsOf: (itemNumber: string, sections: readonly string[]) => `Item ${itemNumber} has sections that are not finished: ${sections.join(', ')}.`,
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
  /**
   * An item's Attachments panel (spec 001 §2 "Item page", §8): the spec's upload and remove toasts (as papers say
   * them), its 'Unable to get attachments.' and 'Unable to remove attachment.', and our wording where it has none
   * (docs/decisions.md "Item attachments").
   */
  attachments: {
    uploaded: 'Files were uploaded.',
    removed: 'File was removed.',
    reordered: 'The attachments were reordered successfully.',
    loadFailed: 'Unable to get attachments.',
    removeFailed: 'Unable to remove attachment.',
    retrieveFailed: 'Unable to retrieve file.',
    empty: 'There are no attachments on this item.',
    corrupt: 'Corrupt PDF',
    corruptHint: 'This file is named as a PDF but cannot be read as one.',
    removeBody: (name: string) => `Remove ${name} from the item? This action cannot be undone.`,
    label: (itemNumber: string) => `Attachments of item ${itemNumber}`,
    download: (name: string) => `Download ${name}`,
    uploadLabel: (itemNumber: string) => `Upload attachments to item ${itemNumber}`,
    dropHint: 'Drop files here to attach them to the item, or',
    zipHint: 'Several files at once; zip files are extracted.',
    uploading: 'Uploading…',
    chooseFiles: 'Choose Files',
    /** The server's answers. */
    server: {
      notFound: 'The attachment was not found.',
      notOfItem: 'This is not an attachment of the item.',
      noFiles: 'Choose at least one file to upload.',
      fileTooLarge: (file: string, maxMb: number) => `The file ${file} is larger than ${maxMb} MB; nothing was uploaded.`,
    },
  },
  /**
   * An item's Issue Codes panel (spec 001 §2 "Item page", §5 "Issue code: type required", §8 "issue code added or
   * removed"); the spec leaves the wording of the toasts, the empty state and the server's refusals to us.
   */
  issueCodes: {
    empty: 'No issue codes have been entered for this item.',
    add: 'Add Issue Code',
    added: (code: string, itemNumber: string) => `Issue code ${code} was added to item #${itemNumber} successfully.`,
    removed: (code: string, itemNumber: string) => `Issue code ${code} was removed from item #${itemNumber} successfully.`,
    removeBody: (code: string) => `Remove issue code ${code} from the item? This action cannot be undone.`,
    removeFailed: 'Unable to remove the issue code.',
    loadFailed: 'Unable to get the issue codes.',
    label: (itemNumber: string) => `Issue codes of item ${itemNumber}`,
    /** The server's answers. */
    server: {
      notFound: 'The issue code was not found on this item.',
      notOffered: 'Issue Code Type is not a valid choice.',
      duplicate: 'The item has this issue code already.',
    },
  },
  /**
   * An item's Expenses panel (spec 001 §2 "Item page", §5 "Expense form", §8 "expense updated or deleted (creating
   * also says updated)"): the spec's 'This action cannot be undone.' and our wording where it has none
   * (docs/decisions.md "Item expenses").
   */
  expenses: {
    empty: 'No expenses have been entered for this item.',
    add: 'Add Expense',
    editTitle: 'Edit Expense',
    updated: 'The expense was updated successfully.',
    deleted: 'The expense was deleted successfully.',
    deleteBody: 'This action cannot be undone.',
    deleteFailed: 'Unable to delete the expense.',
    loadFailed: 'Unable to get the expenses.',
    label: (itemNumber: string) => `Expenses of item ${itemNumber}`,
    /** The server's answers. */
    server: {
      notFound: 'The expense was not found on this item.',
      noRule: "Expense Type has no expense rule of the case's org active today.",
      singleUnit: (expenseType: string) => `Units must be 1: ${expenseType} does not allow multiple units.`,
      notIncurrer: 'Incurred By must be one of the staff who may incur expenses on this item.',
    },
  },
} as const;
