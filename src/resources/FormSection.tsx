import type { ReactNode } from 'react';
import { Box, Paper, Stack, Typography } from '@mui/material';

/** A titled block of a form (a region named by its title): a note under the title, an action on the right. */
export function FormSection({ title, note, action, error, children }: { title: string; note?: ReactNode; action?: ReactNode; error?: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 1.5, sm: 2 }, borderRadius: 2 }}>
      <Stack direction="row" alignItems="center" spacing={1} sx={{ mb: 1.5, minHeight: 32 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
            {title}
          </Typography>
          {note && (
            <Typography variant="caption" color="text.secondary" component="div">
              {note}
            </Typography>
          )}
        </Box>
        {action}
      </Stack>
      {error && (
        <Typography role="alert" color="error" variant="body2" sx={{ mb: 1 }}>
          {error}
        </Typography>
      )}
      {children}
    </Paper>
  );
}
