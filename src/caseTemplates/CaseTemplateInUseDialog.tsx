import { Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Link, List, ListItem, ListItemIcon, ListItemText, Typography, useMediaQuery } from '@mui/material';
import BusinessIcon from '@mui/icons-material/Business';
import { Link as RouterLink } from 'react-router-dom';
import { Texts } from '../../shared/texts/index.js';
import { useEffect } from 'react';
import { useNotify } from 'react-admin';
import { MOBILE_QUERY } from '../layout/TopBar.js';
import { failureMessage } from '../resources/writeFailure.js';
import type { ViewProps } from '../resources/views.js';
import { inUseOf } from './caseTemplateModel.js';

const T = Texts.configuration.caseTemplateScreen;

/**
 * Why a case template could not be deleted (the declaration's removeRefused slot): the cases (by number) and the
 * orgs whose case types still use it. Another refusal is a toast, as for any resource.
 */
export default function CaseTemplateInUseDialog({ declaration, record, error, onClose = () => undefined }: ViewProps) {
  const fullScreen = useMediaQuery(MOBILE_QUERY);
  const notify = useNotify();
  const usage = inUseOf(error);
  useEffect(() => {
    if (usage) return;
    const message = failureMessage(error);
    if (message) notify(message, { type: 'error' });
    onClose();
  }, [usage, error, notify, onClose]);
  if (!usage || !record) return null;
  const label = declaration.recordRepresentation(record);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="in-use-title">
      <DialogTitle id="in-use-title">{T.inUseTitle(label)}</DialogTitle>
      <DialogContent dividers>
        <DialogContentText sx={{ mb: 2 }}>{T.inUseIntro}</DialogContentText>
        {usage.Cases.length > 0 && (
          <Box component="section" aria-labelledby="in-use-cases" sx={{ mb: 2 }}>
            <Typography id="in-use-cases" variant="subtitle2" sx={{ mb: 1 }}>
              {T.inUseCases(usage.Cases.length)}
            </Typography>
            <Box
              component="ul"
              aria-label="Cases using this template"
              sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 0.75, maxHeight: 220, overflowY: 'auto' }}
            >
              {usage.Cases.map((c) => (
                <Box component="li" key={c.Id}>
                  <Chip size="small" variant="outlined" clickable component={RouterLink} to={`/cases/${c.Id}`} label={c.CaseNumber} sx={{ fontFamily: 'monospace' }} />
                </Box>
              ))}
            </Box>
          </Box>
        )}
        {usage.OrgCaseTypes.length > 0 && (
          <Box component="section" aria-labelledby="in-use-orgs">
            <Typography id="in-use-orgs" variant="subtitle2">
              {T.inUseOrgs(usage.OrgCaseTypes.length)}
            </Typography>
            <List dense aria-label="Orgs using this template" sx={{ maxHeight: 220, overflowY: 'auto' }}>
              {usage.OrgCaseTypes.map((o) => (
                <ListItem key={o.Org_Id} disableGutters>
                  <ListItemIcon sx={{ minWidth: 32 }}>
                    <BusinessIcon fontSize="small" color="action" />
                  </ListItemIcon>
                  <ListItemText
                    primary={
                      <Link component={RouterLink} to={`/orgs/${o.Org_Id}`} underline="hover">
                        {o.Name}
                      </Link>
                    }
                  />
                </ListItem>
              ))}
            </List>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
