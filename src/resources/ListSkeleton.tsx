import { Box, Card, LinearProgress, Skeleton, Stack } from '@mui/material';
import { PageHeader } from '../layout/PageHeader.js';

/** Placeholder rows of the skeleton: about what a laptop shows of a list before its first page arrives. */
const SKELETON_ROWS = 8;

/**
 * What a list's page shows the moment it opens, while its code loads: its title and the outline of its table (a
 * progress bar says it is loading), so the screen is in place before the rows arrive rather than a blank page.
 */
export function ListSkeleton({ title }: { title: string }) {
  return (
    <Box aria-busy="true">
      <PageHeader title={title} />
      <Card>
        <LinearProgress aria-label="Loading" />
        <Stack spacing={1.25} sx={{ p: 2 }}>
          <Skeleton variant="rounded" height={40} sx={{ maxWidth: 480 }} />
          {Array.from({ length: SKELETON_ROWS }, (_, row) => (
            <Skeleton key={row} variant="text" height={28} />
          ))}
        </Stack>
      </Card>
    </Box>
  );
}
