/**
 * The webhooks screen (Admin › Webhooks, issue 26 §3) and the server's refusals: not in the spec, worded as the product's
 * own. Imported where used, not through `Texts` (shared/texts/index.ts): the first screen does not carry them.
 */
export const WebhookTexts = {
  title: 'Webhooks',
  add: 'Add Webhook',
  createSubmit: 'Save Webhook',
  editTitle: 'Edit Webhook',
  editSubmit: 'Save Webhook',
  created: 'The webhook was registered.',
  updated: 'The webhook was saved.',
  deleted: 'The webhook was deleted.',
  empty: 'There are no webhooks.',
  loadFailed: 'Unable to load the webhooks.',
  deleteConfirm: 'Delete this webhook? Its delivery log goes with it.',
  wholeFirm: 'Whole firm',
  log: {
    title: 'Delivery log',
    empty: 'Nothing was delivered to this webhook yet.',
    loadFailed: 'Unable to load the delivery log.',
    redeliver: 'Redeliver',
    redelivered: 'The delivery was queued again.',
    redeliverFailed: 'Unable to queue the delivery again.',
    columns: { event: 'Event', created: 'Raised', status: 'Status', attempts: 'Attempts', code: 'Answer', responseMs: 'Response time', error: 'Last error' },
  },
  server: {
    httpsOnly: 'The URL must start with https://.',
    badUrl: 'The URL is not a valid http(s) address.',
    secretRequired: 'Secret is required.',
    secretTooShort: (min: number) => `The secret must be at least ${min} characters.`,
    unknownOrg: 'The organization does not exist.',
    stillPending: 'This delivery is still being tried: it cannot be queued again until it is delivered or failed.',
    timedOut: (ms: number) => `No answer within ${ms} ms.`,
    answered: (status: number) => `The receiver answered ${status}.`,
  },
} as const;
