/** Texts of invoicing (spec 002 §2.7, §4, §8), word for word where the spec gives them. */
export const InvoiceTexts = {
  orgsHeading: 'Orgs',
  loadingOrgs: 'Loading orgs...',
  /** Not in the spec: the orgs could not be read, or the user sees none. */
  orgsFailed: 'Unable to get the orgs.',
  noOrgs: 'There are no orgs to invoice.',
  chooseOrgs: 'Please select which orgs you would like to retrieve invoiceable cases for.',
  loadingInvoices: 'Loading invoices for the selected orgs...',
  /** The spec gives no text for a failed load of the cases. */
  loadFailed: 'Unable to get the invoiceable cases for the selected orgs.',
  /** A card's count of uninvoiced cases, in singular or plural words. */
  uninvoicedCount: (count: number) => (count === 1 ? '1 uninvoiced case' : `${count} uninvoiced cases`),
  noCases: 'There are no uninvoiced cases for this org.',
  noCasesInRange: 'There are no uninvoiced cases completed within these dates.',
  startDate: 'Start Date',
  endDate: 'End Date',
  invoiceDate: 'Invoice Date',
  invoiceDateHint: 'Optional: today when empty.',
  createInvoice: 'Create Invoice',
  creating: 'Creating...',
  assignCompany: 'Assign a QuickBooks company to this org on its Invoices tab before creating an invoice.',
  invoiced: 'The cases were invoiced successfully.',
  invoiceFailed: 'There was an error creating the invoices for the case.',
  total: 'Total',
  noExpenses: 'There are no expenses for this case.',
  /** Create Invoice asks first (issue 22 §2; the spec gives no words): the summary of what the invoice will hold. */
  confirm: {
    title: 'Create Invoice?',
    summary: (org: string, cases: number, total: string, date: string) =>
      `An invoice for ${org}: ${cases === 1 ? '1 case' : `${cases} cases`}, ${total} in all, dated ${date}.`,
    today: (date: string) => `today (${date})`,
    org: 'Org',
    cases: 'Cases',
    total: 'Total',
    date: 'Invoice Date',
    /** Said when the accounting service will receive the invoice too. */
    sent: 'It will also be sent to QuickBooks.',
  },
  /** Invoices already created (issue 22 §2; not in the spec). */
  history: {
    title: 'Invoice History',
    open: 'Invoice History',
    back: 'Invoicing',
    empty: 'There are no invoices.',
    loadFailed: 'Unable to load the invoices.',
    noLines: 'This invoice has no lines.',
    linesFailed: 'Unable to load the lines of this invoice.',
    /** The accounting-service column of an invoice recorded in Dossier only. */
    notSent: 'Dossier only',
    linesOf: (id: unknown) => `Lines of invoice ${String(id)}`,
    // Server refusals.
    unknown: (id: number) => `No invoice ${id}.`,
    toBeforeFrom: 'To must be on or after From.',
  },
  /** The accounting service's link (spec 002 §2.1 Invoices tab, §2.10, §8). */
  accounting: {
    connectFailed: 'There was an error connecting with QBO.',
    tokenFailed: 'We were unable to save the QBO token.',
    /** The spec gives no wording for the state before the first authorisation. */
    notConnected: 'QuickBooks is not connected: its companies cannot be listed until Dossier is authorised there.',
    connect: 'Connect to QuickBooks',
    waiting: 'Waiting for QuickBooks in the pop-up window...',
    popupBlocked: 'The browser blocked the QuickBooks window: allow pop-ups for Dossier and try again.',
    askAdministrator: 'Ask a user who may change invoice settings to connect QuickBooks.',
    retry: 'Try again',
    connected: 'QuickBooks is connected.',
    /** Said on the invoicing screen and the org Invoices tab when no accounting service is set up. */
    notConfigured: 'No accounting service is connected: invoices are recorded in Dossier only.',
    /** Said on the invoicing screen while QuickBooks is set up but not authorised. */
    notAuthorised: 'QuickBooks is not connected: connect it from an org\'s Invoices tab before creating invoices.',
  },
  server: {
    unknownOrg: (id: number) => `No org ${id}.`,
    unknownCases: 'One or more of the cases do not exist.',
    notBillable: (caseNumbers: readonly string[]) =>
      `Only completed or discontinued cases are invoiced; not ${caseNumbers.join(', ')}.`,
    oneOrg: 'An invoice holds the cases of one org: choose cases of one org only.',
    alreadyInvoiced: (caseNumbers: readonly string[]) =>
      caseNumbers.length === 1
        ? `Case ${caseNumbers[0]} has already been invoiced. Refresh the list and try again.`
        : `Cases ${caseNumbers.join(', ')} have already been invoiced. Refresh the list and try again.`,
    invalidDate: 'Invoice Date must be a date.',
    noCompany: 'Assign a QuickBooks company to this org on its Invoices tab before creating an invoice.',
    notConnected: 'The accounting service is not connected: connect it from an org\'s Invoices tab, then create the invoice again.',
    accountingFailed: 'There was an error creating the invoices for the case.',
    /** GET /api/qbo/customers while not authorised: ModelState.Qbo[0] holds the authorisation link. */
    authorise: 'QuickBooks must be authorised: follow the link in ModelState.Qbo.',
    connectFailed: 'There was an error connecting with QBO.',
    notConfigured: 'No accounting service is configured.',
    /** An org's company that is not one of the accounting service's (PUT /api/orgs/{id}/invoice-settings). */
    unknownCompany: 'QuickBooks Company is not one of the companies in QuickBooks.',
    chooseWhenConnected: 'QuickBooks is not connected: connect it before choosing a company.',
  },
} as const;
