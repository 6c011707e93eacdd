import { useCallback, useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Box, Button, Card, CardContent, IconButton, Link as MuiLink, MenuItem, Stack, TextField, Tooltip, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import DeleteIcon from '@mui/icons-material/Delete';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Link, Navigate } from 'react-router-dom';
import { Confirm, DataTable, ListContextProvider, useDataProvider, useList, useLogout, useNotify } from 'react-admin';
import { FOOTER_YEAR, PageSizes } from '../../shared/constants.js';
import { Groups } from '../../shared/permissions.js';
import { PARTNER_FOLDERS } from '../../shared/partnerFiles.js';
import { Texts } from '../../shared/texts/index.js';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';
import type { PartnerFile } from '../../dataProvider/identity.js';
import { saveFile } from '../../dataProvider/httpClient.js';
import { readState } from '../../dataProvider/session.js';
import { formatDate } from '../../shared/format.js';
import { FRAMED_TABLE_SX } from '../theme.js';

const F = Texts.identity.files;

/** An upload as the partner file call takes it: the folder, then the file under myFile. */
function partnerUpload(file: File, Folder: string): FormData {
  const formData = new FormData();
  formData.append('Folder', Folder);
  formData.append('myFile', file, file.name);
  return formData;
}

type FileRow = PartnerFile & { id: string };


/** The two partner groups and their pages. */
export const PARTNERS = {
  palmetto: { group: Groups.PALMETTO, upload: '/fileu', list: '/filed' },
  ncsc: { group: Groups.NCSC, upload: '/fileuNCSC', list: '/filedNCSC' },
} as const;
type Partner = keyof typeof PARTNERS;

/** "You Are Not Authorized", with the way back: the home page, or signing in as a member of the group. */
function PartnerNotAuthorized({ group }: { group: string }) {
  const logout = useLogout();
  return (
    <Box sx={{ py: 10, px: 2, textAlign: 'center' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {Texts.global.notAuthorized}
      </Typography>
      <Typography color="text.secondary">These pages are for members of the {group} group.</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 3, justifyContent: 'center', alignItems: 'center' }}>
        <Button component={Link} to="/" variant="contained">
          Go to the home page
        </Button>
        <Button variant="outlined" onClick={() => logout()}>
          Sign in as another user
        </Button>
      </Stack>
    </Box>
  );
}

/**
 * The frame of the partner pages: outside the session guard, but only for a signed-in member of the group —
 * signed-out visitors go to sign in, others read "You Are Not Authorized".
 */
function PartnerFrame({ partner, title, children }: { partner: Partner; title: string; children: ReactNode }) {
  const { token, user, permissions } = readState().account;
  if (!token || !user) return <Navigate to="/login" replace />;
  const { group, upload, list } = PARTNERS[partner];
  if (!permissions?.groups.includes(group)) return <PartnerNotAuthorized group={group} />;
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Box sx={{ bgcolor: 'primary.main', color: '#fff', px: { xs: 2, sm: 3 }, py: 1.5, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Box component="img" src="/favicon.svg" alt="" sx={{ width: 28, height: 28 }} />
        <Typography variant="h6" sx={{ flex: 1, fontWeight: 700 }}>
          Dossier · {group} files
        </Typography>
        <Stack direction="row" spacing={2}>
          <MuiLink component={Link} to={upload} color="inherit" underline="hover">
            Upload
          </MuiLink>
          <MuiLink component={Link} to={list} color="inherit" underline="hover">
            Files
          </MuiLink>
          <MuiLink component={Link} to="/account" color="inherit" underline="hover">
            My account
          </MuiLink>
        </Stack>
      </Box>
      <Box component="main" sx={{ maxWidth: 1120, mx: 'auto', p: { xs: 1.5, sm: 3 } }}>
        <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
          {title}
        </Typography>
        {children}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 4, textAlign: 'center' }}>
          © {FOOTER_YEAR} Dossier · Version {__APP_VERSION__}
        </Typography>
      </Box>
    </Box>
  );
}

function FolderSelect({ partner, value, onChange }: { partner: Partner; value: string; onChange: (folder: string) => void }) {
  return (
    <TextField select required label="Folder" value={value} onChange={(e) => onChange(e.target.value)} sx={{ minWidth: 260 }} fullWidth={false}>
      {PARTNER_FOLDERS[PARTNERS[partner].group].map((folder) => (
        <MenuItem key={folder} value={folder}>
          {folder}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** /fileu, /fileuNCSC: choose a file and a folder (the group's requests folder by default), upload. */
export function PartnerUploadPage({ partner }: { partner: Partner }) {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  const [folder, setFolder] = useState(PARTNER_FOLDERS[PARTNERS[partner].group][0]);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [inputKey, setInputKey] = useState(0);
  /** A chosen file answers "Choose a file to upload.": the button shows its name instead. */
  const choose = (chosen: File | null) => {
    setFile(chosen);
    if (chosen && error === F.chooseFile) setError(undefined);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || !folder) {
      setError(!file ? F.chooseFile : F.chooseFolder);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await dataProvider.callOperation('partnerFiles', 'upload', partnerUpload(file, folder));
      notify(F.uploaded, { type: 'success' });
      setFile(null);
      setInputKey((k) => k + 1);
    } catch {
      // The spec shows the partner tool's failures in success-style toasts.
      notify(F.uploadFailed, { type: 'success' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <PartnerFrame partner={partner} title="Upload a file">
      <Card>
        <CardContent>
          <Box component="form" onSubmit={submit} noValidate>
            <Stack spacing={2} alignItems="flex-start">
              <FolderSelect partner={partner} value={folder} onChange={setFolder} />
              <Button component="label" variant="outlined" startIcon={<UploadFileIcon />}>
                {file ? file.name : 'Choose a file'}
                <input key={inputKey} hidden type="file" aria-label="File" onChange={(e) => choose(e.target.files?.[0] ?? null)} />
              </Button>
              {error && (
                <Typography color="error" role="alert" variant="body2">
                  {error}
                </Typography>
              )}
              <Button type="submit" variant="contained" disabled={busy}>
                Upload
              </Button>
            </Stack>
          </Box>
        </CardContent>
      </Card>
    </PartnerFrame>
  );
}

/** /filed, /filedNCSC: a folder's files with download and delete. */
export function PartnerListPage({ partner }: { partner: Partner }) {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  const [folder, setFolder] = useState(PARTNER_FOLDERS[PARTNERS[partner].group][0]);
  const [files, setFiles] = useState<PartnerFile[]>([]);
  const [deleting, setDeleting] = useState<PartnerFile | null>(null);
  const member = readState().account.permissions?.groups.includes(PARTNERS[partner].group) ?? false;
  // react-admin's in-memory list over the folder's files: its DataTable sorts them, newest first to start with.
  const rows = useMemo<FileRow[]>(() => files.map((f) => ({ ...f, id: f.FullName })), [files]);
  const listContext = useList({ data: rows, sort: { field: 'CreationTime', order: 'DESC' }, perPage: PageSizes.UNPAGED });

  const load = useCallback(async () => {
    try {
      setFiles(await dataProvider.callOperation('partnerFiles', 'list', { Folder: folder }));
      notify(F.listLoaded, { type: 'success' });
    } catch {
      setFiles([]);
      notify(F.listFailed, { type: 'success' });
    }
  }, [dataProvider, folder, notify]);

  useEffect(() => {
    if (member) void load();
  }, [load, member]);

  return (
    <PartnerFrame partner={partner} title="Files">
      <Card>
        <CardContent>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }} sx={{ mb: 2 }}>
            <FolderSelect partner={partner} value={folder} onChange={setFolder} />
            <Button variant="outlined" onClick={load}>
              Refresh
            </Button>
          </Stack>
          <ListContextProvider value={listContext}>
            <Box sx={FRAMED_TABLE_SX}>
              <DataTable
                resource="partner-files"
                aria-label={`Files in ${folder}`}
                bulkActionButtons={false}
                rowClick={false}
                empty={
                  <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
                    There are no files in this folder.
                  </Typography>
                }
              >
                <DataTable.Col source="Name" label="Name" render={(f: FileRow) => <Box sx={{ overflowWrap: 'anywhere' }}>{f.Name}</Box>} />
                <DataTable.Col
                  source="CreationTime"
                  label="CreationTime"
                  render={(f: FileRow) => (
                    <Box sx={{ whiteSpace: 'nowrap' }}>{`${formatDate(f.CreationTime)} ${new Date(f.CreationTime).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}`}</Box>
                  )}
                />
                <DataTable.Col source="FullName" label="FullName" disableSort render={(f: FileRow) => <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>{f.FullName}</Typography>} />
                <DataTable.Col
                  label=""
                  disableSort
                  render={(f: FileRow) => (
                    <Box sx={{ whiteSpace: 'nowrap', textAlign: 'right' }}>
                      <Tooltip title="Download">
                        <IconButton
                          size="small"
                          aria-label={`Download ${f.Name}`}
                          onClick={() => dataProvider.callOperation('partnerFiles', 'download', { FilePath: f.FullName }).then((answer) => saveFile(answer, f.Name)).catch(() => notify(Texts.configuration.assets.retrieveFailed, { type: 'error' }))}
                        >
                          <DownloadIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title="Delete">
                        <IconButton size="small" aria-label={`Delete ${f.Name}`} onClick={() => setDeleting(f)}>
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </Box>
                  )}
                />
              </DataTable>
            </Box>
          </ListContextProvider>
        </CardContent>
      </Card>
      <Confirm
        isOpen={Boolean(deleting)}
        title={F.confirmDelete}
        content={null}
        confirm="Delete"
        cancel="Cancel"
        confirmColor="warning"
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          const file = deleting!;
          setDeleting(null);
          try {
            await dataProvider.callOperation('partnerFiles', 'remove', { FilePath: file.FullName });
            notify(F.deleted, { type: 'success' });
            setFiles((current) => current.filter((f) => f.FullName !== file.FullName));
          } catch {
            notify(F.deleteFailed, { type: 'success' });
          }
        }}
      />
    </PartnerFrame>
  );
}
