import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Card, CardContent, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import FolderOpenOutlinedIcon from '@mui/icons-material/FolderOpenOutlined';
import { useDataProvider, useGetOne, useNotify } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Groups } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';
import { failureOf, uniqueMessages, type ModelState } from '../../dataProvider/httpClient.js';
import { getToken, writeState } from '../../dataProvider/session.js';
import declaration from '../../resources/account.js';
import type { ApiRecord } from '../../resources/declaration.js';
import { PageHeader } from '../layout/PageHeader.js';
import { useResourceTexts } from '../resources/views.js';
import { ResourceForm } from '../resources/ResourceForm.js';
import { ACCOUNT_FORM } from './accountFormView.js';
import { useSessionPermissions } from '../session/useSession.js';
import { SecondFactorPanel } from './SecondFactorPanel.js';

const A = Texts.account;
const S = Texts.identity.screens;

type PasswordFields = { OldPassword: string; NewPassword: string; ConfirmPassword: string };
const NO_PASSWORDS: PasswordFields = { OldPassword: '', NewPassword: '', ConfirmPassword: '' };

/** Old, new and confirm password; sent only when all three are filled; server rules show under the fields. */
function PasswordPanel() {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  const [values, setValues] = useState<PasswordFields>(NO_PASSWORDS);
  const [errors, setErrors] = useState<ModelState>({});
  const [busy, setBusy] = useState(false);
  const complete = Boolean(values.OldPassword && values.NewPassword && values.ConfirmPassword);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!complete) {
      setErrors(Object.fromEntries((Object.keys(values) as (keyof PasswordFields)[]).filter((k) => !values[k]).map((k) => [k, [S.passwordIncomplete]])));
      return;
    }
    setBusy(true);
    try {
      await dataProvider.callOperation('account', 'changePassword', values);
      if (!getToken()) return;
      setValues(NO_PASSWORDS);
      setErrors({});
      notify(A.passwordUpdated, { type: 'success' });
    } catch (error) {
      const failure = failureOf(error);
      const modelState = failure.modelState ?? {};
      setErrors(modelState);
      const elsewhere = Object.entries(modelState).filter(([key]) => !(key in NO_PASSWORDS));
      if (!failure.modelState) notify(failure.message, { type: 'error' });
      else if (elsewhere.length) notify(uniqueMessages(Object.fromEntries(elsewhere)).join(' '), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const field = (key: keyof PasswordFields, label: string, autoComplete: string) => (
    <TextField
      fullWidth
      required
      type="password"
      label={label}
      value={values[key]}
      onChange={(e) => setValues({ ...values, [key]: e.target.value })}
      error={Boolean(errors[key])}
      helperText={errors[key]?.join(' ')}
      disabled={busy}
      slotProps={{ htmlInput: { autoComplete } }}
    />
  );
  return (
    <Card component="section" aria-label="Password">
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1.5 }}>
          Password
        </Typography>
        <Box component="form" onSubmit={submit} noValidate>
          <Stack spacing={1.5}>
            {field('OldPassword', 'Old Password', 'current-password')}
            {field('NewPassword', 'New Password', 'new-password')}
            {field('ConfirmPassword', 'Confirm Password', 'new-password')}
            <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
              <Button type="submit" variant="contained" disabled={!complete || busy}>
                Change Password
              </Button>
            </Box>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}

/** Links to the partner file pages for members of Palmetto and NCSC. */
function PartnerFileLinks({ groups }: { groups: readonly string[] }) {
  const links = [
    ...(groups.includes(Groups.PALMETTO)
      ? [
          { to: '/fileu', label: 'Upload Palmetto Files', icon: <CloudUploadOutlinedIcon /> },
          { to: '/filed', label: 'Palmetto Files', icon: <FolderOpenOutlinedIcon /> },
        ]
      : []),
    ...(groups.includes(Groups.NCSC)
      ? [
          { to: '/fileuNCSC', label: 'Upload NCSC Files', icon: <CloudUploadOutlinedIcon /> },
          { to: '/filedNCSC', label: 'NCSC Files', icon: <FolderOpenOutlinedIcon /> },
        ]
      : []),
  ];
  if (!links.length) return null;
  return (
    <Card component="nav" aria-label="Partner files">
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1.5 }}>
          Partner Files
        </Typography>
        <Stack spacing={1}>
          {links.map((link) => (
            <Button key={link.to} component={RouterLink} to={link.to} variant="outlined" startIcon={link.icon} sx={{ justifyContent: 'flex-start' }}>
              {link.label}
            </Button>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** /account: the own profile (the declared `account` resource's form), the password change, two-step sign-in and the partner file links. */
export function AccountPage() {
  const sessionGroups = useSessionPermissions().groups;
  const texts = useResourceTexts(declaration);
  const { data: account, error, isPending } = useGetOne<ApiRecord & { id: string }>(declaration.name, { id: declaration.name });
  // The top bar shows the saved name at once.
  const onSaved = (saved: ApiRecord) =>
    writeState((s) => (s.account.user ? { ...s, account: { ...s.account, user: { ...s.account.user, FirstName: saved.FirstName as string, LastName: saved.LastName as string, Email: saved.Email as string | null } } } : s));
  const groups = [...new Set([...sessionGroups, ...((account?.Groups ?? []) as { Name: string }[]).map((g) => g.Name)])];
  return (
    <>
      <PageHeader title={declaration.title} />
      {isPending && <LinearProgress aria-label="Loading account" />}
      {error && <Alert severity="error">{S.loadFailed}</Alert>}
      {account && (
        <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: 2, alignItems: { md: 'flex-start' } }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <ResourceForm {...ACCOUNT_FORM} declaration={declaration} record={account} label="My account" submitLabel={texts.editSubmit} onSaved={onSaved} />
          </Box>
          <Stack spacing={2} sx={{ width: { xs: '100%', md: 340 }, flexShrink: 0, position: { md: 'sticky' }, top: { md: 72 } }}>
            <PasswordPanel />
            <SecondFactorPanel />
            <PartnerFileLinks groups={groups} />
          </Stack>
        </Box>
      )}
    </>
  );
}
