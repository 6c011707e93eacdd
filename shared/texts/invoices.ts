/** Texts of invoicing (spec 002 §2.7, §4, §8), word for word where the spec gives them. */
export const InvoiceTexts = {
  orgsHeading: 'Orgs',
  loadingOrgs: 'Loading orgs...',
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
  },
} as const;
