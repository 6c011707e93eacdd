import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';

/** A page title with its actions on the right. */
export function PageHeader({ title, actions }: { title: string; actions?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2, mb: 2 }}>
      <Typography variant="h4" component="h1" sx={{ flex: 1 }}>
        {title}
      </Typography>
      {actions}
    </Box>
  );
}
