import { useLayoutEffect } from 'react';
import { batchPageReads } from '../../dataProvider/httpClient.js';

/**
 * For a page that opens in one round of requests (issue 25): while it is shown, the reads its parts ask for together
 * go out as one batch (dataProvider/readBatch.ts). A layout effect, so it is on before any part's query starts.
 */
export function useBatchedPageReads(): void {
  useLayoutEffect(() => batchPageReads(), []);
}
