import type { ReactNode } from 'react';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { FOOTER_YEAR } from '../../shared/constants.js';

/** The frame of the public pages (sign-in, account recovery): brand, a card, the footer with the version. */
export function PublicPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        px: 2,
        background: 'linear-gradient(160deg, #1d3557 0%, #274b73 55%, #2a9d8f 130%)',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 3, color: '#fff' }}>
        <Box component="img" src="/favicon.svg" alt="" sx={{ width: 44, height: 44 }} />
        <Typography variant="h4" component="div" sx={{ fontWeight: 700, letterSpacing: 1 }}>
          Dossier
        </Typography>
      </Box>
      <Card sx={{ width: '100%', maxWidth: 420, boxShadow: '0 12px 40px rgba(0,0,0,0.25)' }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Typography variant="h5" component="h1" gutterBottom>
            {title}
          </Typography>
          {children}
        </CardContent>
      </Card>
      <Typography component="footer" variant="body2" sx={{ color: 'rgba(255,255,255,0.75)', mt: 3, textAlign: 'center' }}>
        © {FOOTER_YEAR} Dossier · Version {__APP_VERSION__}
      </Typography>
    </Box>
  );
}
