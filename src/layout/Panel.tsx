import type { ReactNode } from 'react';
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';

/** One part of a record page (a case's papers, an item's sections): a card with its heading and, optionally, actions beside it. */
export function Panel({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title}>
      <Stack direction="row" alignItems="center" justifyContent="space-between" spacing={1} sx={{ px: { xs: 2, sm: 3 }, pt: { xs: 1.5, sm: 2 } }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {actions && <Box>{actions}</Box>}
      </Stack>
      <CardContent sx={{ px: { xs: 1.5, sm: 3 }, pt: 1.5, '&:last-child': { pb: { xs: 2, sm: 3 } } }}>{children}</CardContent>
    </Card>
  );
}
