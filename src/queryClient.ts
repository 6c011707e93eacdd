import { QueryClient } from '@tanstack/react-query';

/**
 * The app's query cache settings: answers the server meant (4xx, 5xx) are not retried, so a refusal shows at once;
 * a request that got no answer is retried twice. Tests render with the same settings.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) => !((error as { status?: number }).status! >= 400) && failures < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}
