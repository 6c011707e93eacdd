/** The audit log screen (Admin › Audit Log) and the Reveal of an SSN: not in the spec, worded as the product's own. */
export const AuditTexts = {
  title: 'Audit Log',
  empty: 'No audit entries match these filters.',
  loadFailed: 'Unable to load the audit log.',
  exportCsv: 'Export CSV',
  exportFailed: 'Unable to export the audit log.',
  ssn: {
    reveal: 'Reveal',
    hide: 'Hide',
    revealFailed: 'Unable to reveal the SSN.',
  },
} as const;
