import { defineOperations } from './operation.js';

/**
 * Read batches: the reads a page's parts ask for together, sent as one request. Each read is a GET of the API,
 * answered as if it had been asked for on its own (its route's access, org scope, audit and schema), so a batch
 * admits anyone signed in and adds nothing a caller could not read one call at a time. The data provider batches
 * the reads of the case and item pages (dataProvider/readBatch.ts); handler: server/reads/readBatch.ts.
 */
export const readOperations = defineOperations({
  batch: {
    method: 'POST',
    path: '/api/reads',
    access: 'signedIn',
    summary:
      'Several GET reads of the API in one request, each answered with its own status and JSON body as its route answers it alone (the route checks its own permission and scope); ' +
      'an address that is not a JSON read of the API (a file, the live stream, a batch) answers 400 in its place',
    body: 'readBatch.json',
    answer: 'readBatchAnswer.json',
  },
});
