import { defaultTheme, type RaThemeOptions } from 'react-admin';
import type { Theme } from '@mui/material/styles';

/** Dossier's look: a deep navy with a teal accent, quiet surfaces and compact tables. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    mode: 'light',
    primary: { main: '#1d3557', light: '#457b9d', dark: '#12243c', contrastText: '#ffffff' },
    secondary: { main: '#2a9d8f', contrastText: '#ffffff' },
    error: { main: '#c62828' },
    warning: { main: '#ed6c02' },
    success: { main: '#2e7d32' },
    background: { default: '#f4f6f9', paper: '#ffffff' },
    text: { primary: '#1b2430', secondary: '#5b6675' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h4: { fontWeight: 600, fontSize: '1.6rem' },
    h5: { fontWeight: 600 },
    h6: { fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    ...defaultTheme.components,
    MuiAppBar: { styleOverrides: { root: { boxShadow: 'none' } } },
    MuiPaper: { defaultProps: { elevation: 0 }, styleOverrides: { root: { backgroundImage: 'none' } } },
    MuiCard: { styleOverrides: { root: { border: '1px solid #e3e8ef' } } },
    MuiTableCell: { styleOverrides: { head: { fontWeight: 600, color: '#3d4756', backgroundColor: '#f8fafc' } } },
    MuiButton: { defaultProps: { disableElevation: true } },
    // A required field's asterisk is red (spec 000 §4), not only once the field is in error: MUI's own (a TextField's
    // `required`) and the one react-admin's FieldTitle writes after a declared input's label.
    MuiFormLabel: {
      styleOverrides: {
        root: ({ theme }: { theme: Theme }) => ({ '& > span > span[aria-hidden="true"]': { color: theme.palette.error.main } }),
        asterisk: ({ theme }: { theme: Theme }) => ({ color: theme.palette.error.main }),
      },
    },
  },
};

/** A table inside a form, card or expanded row: a thin frame, tighter cells on a phone. */
export const FRAMED_TABLE_SX = {
  border: 1,
  borderColor: 'divider',
  borderRadius: 1,
  overflow: 'hidden',
  '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } },
} as const;
