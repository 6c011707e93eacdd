import type { ReactNode } from 'react';
import { Box, Card, LinearProgress, Skeleton, Stack } from '@mui/material';
import { LoadFailed } from './LoadFailed.js';

/**
 * A record page before its record is there (a case's, an item's): the way back, then the failure with Retry — never
 * an empty page — or a skeleton of the header while it loads.
 */
export function RecordPageLoading({ back, error, failedText, onRetry, isPending }: { back: ReactNode; error: unknown; failedText: string; onRetry(): void; isPending: boolean }) {
  return (
    <Stack spacing={2}>
      <Box>{back}</Box>
      {error ? (
        <LoadFailed error={error} text={failedText} onRetry={onRetry} />
      ) : (
        <Card aria-busy={isPending}>
          <LinearProgress aria-label="Loading" />
          <Box sx={{ p: 3 }}>
            <Skeleton variant="text" width="40%" height={44} />
            <Skeleton variant="text" width="60%" />
            <Skeleton variant="rounded" height={56} sx={{ mt: 2 }} />
          </Box>
        </Card>
      )}
    </Stack>
  );
}
