/**
 * The cases area (spec 001 §2, §4, §5, §8): toasts and errors word for word, and the server's own wording for the
 * workflow rules the spec leaves to it (docs/decisions.md "Case workflow").
 */
export const CaseTexts = {
  toasts: {
    created: (number: string) => `Case ${number} created successfully.`,
    saved: 'Case was saved successfully.',
    deleted: (number: string) => `${number} was deleted.`,
    updated: 'Cases updated.',
    dataEntryStarted: 'Data entry started.',
    dataEntryComplete: 'Data entry complete.',
    onHold: 'The case has been put on hold.',
    reactivated: 'The case has been reactivated.',
    resumed: 'The case has been resumed.',
    discontinued: 'The case has been discontinued.',
    filesUploaded: 'Files were uploaded.',
    fileRemoved: 'File was removed.',
    trackingAdded: (name: string) => `${name} tracking info was added.`,
    messageSent: 'Message sent.',
    parametersSaved: 'Information Updated Successfully.',
  },
  errors: {
    createFailed: 'Unable to create case.',
    updateFailed: 'Unable to update case.',
    updateNumberFailed: (number: string) => `Unable to update case ${number}.`,
    deleteFailed: 'Unable to delete case.',
    startDataEntryFailed: 'Unable to start data entry.',
    dataEntryCompleteFailed: 'Unable to mark data entry complete.',
    holdFailed: 'Unable to put case on hold.',
    resumeFailed: 'Unable to resume case.',
    discontinueFailed: 'Unable to discontinue case.',
    papersFailed: 'Unable to get papers.',
    removeFileFailed: 'Unable to remove file.',
    trackingFailed: 'Unable to add tracking info.',
    retrieveFailed: 'Unable to retrieve file.',
    /** XML or XSLT download (spec 001 §8). */
    xmlFailed: 'Unable to retrieve case XML.',
    /** The case page failed to render (spec 001 §2). */
    showFailed: 'Unable to show this case.',
    messageFailed: 'Unable to send message.',
    /** Spec 001 §8 (which shows it in a success-style toast; here an error toast, docs/decisions.md). */
    parametersFailed: 'ERROR Updating Information.',
    /** The recipients of a message could not be read (the spec does not word it). */
    recipientsFailed: 'Unable to get recipients.',
    /** Render failures of the case page's panels (spec 001 §2), word for word. */
    messagesShowFailed: 'Unable to show messages',
    parametersShowFailed: 'Unable to show AdditionalInformations',
  },
  awaitingCasePapers: 'Awaiting Case Papers',
  /** The server's answers (the spec leaves the workflow's refusals to the server). */
  server: {
    notFound: 'The case was not found.',
    /** A masked SSN sent that is not the one the caller was shown (the schemas' own pattern message). */
    ssnRefused: 'SSN is digits only, at most 9.',
    duplicate: 'A case for this subject already exists in this org. Save again to create it anyway.',
    caseTypeNotOffered: 'The org does not offer this case type.',
    clientRequired: 'Client/Facility is required.',
    wrongState: (action: string, state: string) => `A case that is ${state} cannot ${action}.`,
    lockedToOther: (name: string) => `The case is in data entry by ${name}; only that user or a case administrator may change it.`,
    heldByOther: (name: string) => `The case is on hold while locked to ${name}; only that user or a case administrator may change it.`,
    inactive: 'The case is inactive (on hold, discontinued or complete): it cannot be changed without Edit Inactive Cases.',
    completionRequired: 'Completion Date is required for a discontinued or complete case.',
    notPermitted: (field: string) => `You may not change the ${field} of a case.`,
    reviewerUnknown: 'The reviewer was not found.',
    userUnknown: (field: string) => `${field} is not a valid choice.`,
    paperNotFound: 'The paper was not found.',
    notRecipient: 'This user cannot receive messages about this case.',
    parametersForm: 'Send the additional settings as a form.',
    parameterTooLong: (max: number) => `A setting can be at most ${max} characters.`,
    unknownParameter: (name: string) => `The case has no setting ${name}.`,
    noFiles: 'Choose at least one file to upload.',
    fileTooLarge: (file: string, maxMb: number) => `The file ${file} is larger than ${maxMb} MB; nothing was uploaded.`,
    /** The report of investigation (docs/decisions.md "Report of investigation: XSLT and PDF in Node"). */
    reportIncomplete: (number: string) => `Case ${number} is not complete; only users who may download incomplete reports can download its report.`,
    reportTemplateFailed: (reason: string) => `The report could not be built. ${reason}`,
  },
  /** The case page (/cases/{caseId}): what the spec leaves unworded (docs/decisions.md "Case page"). */
  page: {
    title: (number: string) => `Case ${number}`,
    loadFailed: 'The case could not be loaded.',
    onHold: 'On Hold',
    discontinued: 'Discontinued',
    discontinueTitle: (number: string) => `Discontinue case ${number}?`,
    discontinueBody: 'The case stops where it is and its completion date is set to today. A user who may resume cases can resume it later.',
    downloadXml: 'Case XML',
    downloadXslt: 'Case XSLT',
    downloadReport: 'Download Report',
    panels: { form: 'Case Details', items: 'Items', papers: 'Papers', messages: 'Messages', settings: 'Additional Settings' },
    /**
     * Why the case form is read-only for a user without Edit Cases; a case locked to them (held by another user,
     * inactive) says the server's `LockedReason` (server.lockedToOther, heldByOther, inactive).
     */
    lock: {
      noEdit: 'You can view this case but not change it.',
    },
  },
  /** The cases list's Assign Reviewer modal: the checked cases the server lets the user change, and the others. */
  bulk: {
    selected: (count: number) => `${count} ${count === 1 ? 'case' : 'cases'} selected`,
    eligibleOf: (eligible: number, selected: number) => `${eligible} of the ${selected} checked cases`,
    leftOut: (count: number) => `${count === 1 ? 'One checked case is' : `${count} checked cases are`} left out:`,
    noneEligible: 'None of the checked cases can be changed by you.',
    checking: 'Checking the checked cases',
    checkFailed: 'Unable to read the checked cases.',
  },
  noPapers: 'There are no papers on this case.',
  noMessages: 'There are no messages on this case.',
  /** The papers' upload zone and tracking modal (their wording is not in the spec). */
  papers: {
    dropHint: 'Drop case papers here to upload them, or',
    zipHint: 'Several files at once; zip files are extracted.',
    uploading: 'Uploading…',
    chooseFiles: 'Choose Files',
    addTracking: 'Add Tracking Info',
    track: (carrier: string, number: string) => `Track ${number} with ${carrier}`,
    download: (name: string) => `Download ${name}`,
  },
  /** The Additional Settings panel. */
  parameters: {
    title: 'Additional Settings',
    none: 'This case has no additional settings.',
    save: 'Save',
  },
  /** The e-mail each recipient of a case message gets. */
  messageMail: (caseNumber: string, sender: string, message: string, link: string) => ({
    subject: `Message on case ${caseNumber}`,
    text: `${sender} wrote on case ${caseNumber}:\n\n${message}\n\nOpen the case: ${link}\n`,
  }),
} as const;
