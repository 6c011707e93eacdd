import { QueryClient } from '@tanstack/react-query';
import { staleTimeOf } from './session/referenceQueries.js';

/**
 * The app's query cache settings: answers the server meant (4xx, 5xx) are not retried, so a refusal shows at once;
 * a request that got no answer is retried twice. Reference data (lookup lists, workflow states, the people and types
 * pickers offer, src/session/referenceQueries.ts) stays fresh for `Timing.REFERENCE_CACHE_MS`, so moving from page
 * to page does not ask for it again; everything else is asked again whenever a page needs it. Tests render with the
 * same settings.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) => !((error as { status?: number }).status! >= 400) && failures < 2,
        refetchOnWindowFocus: false,
        staleTime: staleTimeOf,
      },
    },
  });
}
