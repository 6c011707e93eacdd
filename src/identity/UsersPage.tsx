import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  Dialog,
  DialogContent,
  DialogTitle,
  Drawer,
  IconButton,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  TextField,
  Tooltip,
  Typography,
  useMediaQuery,
} from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import CloseIcon from '@mui/icons-material/Close';
import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import HandshakeOutlinedIcon from '@mui/icons-material/HandshakeOutlined';
import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import FilterListIcon from '@mui/icons-material/FilterList';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';
import { Limits, PageSizes, Timing } from '../../shared/constants.js';
import { Groups as GroupNames, Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';
import type { Group, UserRecord, UserRow, UserSave, UsersQuery } from '../../dataProvider/identity.js';
import { ConfirmDialog } from '../components/ConfirmDialog.js';
import { ErrorBoundary } from '../layout/ErrorBoundary.js';
import { PageGuard } from '../layout/PageGuard.js';
import { PageHeader } from '../layout/PageHeader.js';
import { MOBILE_QUERY } from '../layout/TopBar.js';
import { useCan } from '../session/useSession.js';
import { LockControls } from './LockControls.js';
import { NO_FILTERS, UserFilters, type AdditionalFilters } from './UserFilters.js';
import { UserRecordForm } from './UserRecordForm.js';
import { draftOf, emptyDraft, failureOf, fullName, GROUPS_QUERY_KEY, isLocked, serverMessage, USERS_QUERY_KEY, type ModelState } from './userModel.js';

const T = Texts.identity.users;
const S = Texts.identity.screens;
const P = Permissions.Users;

const userKey = (id: number) => ['dossier', 'identity', 'user', id] as const;

type Column = UsersQuery['sorted'][number]['id'];
type Sort = UsersQuery['sorted'];
const DEFAULT_SORT: Sort = [{ id: 'FirstName' }, { id: 'LastName' }];

/** Work status colours by the status's Short. */
export const WORK_STATUS_COLORS: Record<string, string> = {
  AVAILABLE: '#2e7d32',
  BUSY: '#ed8c00',
  UNAVAILABLE: '#c62828',
  LEAVE: '#9e9e9e',
};

function WorkStatusDot({ status }: { status: UserRow['WorkStatus'] }) {
  if (!status) return null;
  const label = status.Description ?? status.Short;
  return (
    <Tooltip title={label}>
      <Box
        component="span"
        role="img"
        aria-label={`Work status: ${label}`}
        sx={{ display: 'inline-block', width: 10, height: 10, borderRadius: '50%', flexShrink: 0, bgcolor: WORK_STATUS_COLORS[status.Short] ?? 'grey.400', mr: 1 }}
      />
    </Tooltip>
  );
}

function useDebounced<V>(value: V, ms: number): V {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

function useGroups() {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const canViewGroups = useCan(Permissions.Groups.VIEW_GROUPS);
  const { data } = useQuery({ queryKey: GROUPS_QUERY_KEY, queryFn: () => dataProvider.getGroups(), enabled: canViewGroups });
  return data ?? [];
}

/** The inline editor under a row: loads the record, saves it, and holds the account status controls. */
function UserEditor({ id, groups, onClose }: { id: number; groups: readonly Group[]; onClose: () => void }) {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const canEdit = useCan(P.EDIT_USERS);
  // A successful save remounts the form on the saved record (new entries get their ids).
  const [version, setVersion] = useState(0);
  const { data: record, isPending, isError } = useQuery({ queryKey: userKey(id), queryFn: () => dataProvider.getUser(id) });
  if (isPending) return <LinearProgress aria-label="Loading user" />;
  if (isError || !record) return <Alert severity="error">{S.loadFailed}</Alert>;

  const save = async (body: UserSave): Promise<ModelState | null> => {
    try {
      const saved = await dataProvider.updateUser(id, body);
      queryClient.setQueryData(userKey(id), saved);
      setVersion((v) => v + 1);
      notify(S.userUpdated(fullName(saved)), { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
      return null;
    } catch (error) {
      const failure = failureOf(error);
      notify(failure.message, { type: 'error' });
      return failure.modelState ?? {};
    }
  };

  return (
    <UserRecordForm
      key={`${record.Id}-${version}`}
      mode="edit"
      initial={draftOf(record)}
      groups={groups}
      readOnly={!canEdit}
      submitLabel="Save User"
      onSubmit={save}
      onCancel={onClose}
      footer={
        canEdit && (
          <LockControls
            user={record}
            onChanged={async (LockoutEndDateUtc) => {
              queryClient.setQueryData<UserRecord>(userKey(id), (old) => (old ? { ...old, LockoutEndDateUtc } : old));
              await queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
            }}
          />
        )
      }
    />
  );
}

type Preset = { title: string; group: string; employment: boolean };
const PRESETS: Record<'employee' | 'contractor' | 'client', Preset> = {
  employee: { title: 'New Employee', group: GroupNames.INVESTIGATOR, employment: true },
  contractor: { title: 'New Contractor', group: GroupNames.INDEPENDENT_CONTRACTOR, employment: true },
  client: { title: 'New Client', group: GroupNames.CLIENT, employment: false },
};

/** The new-user modal (closes on Escape; a render failure shows the spec's text instead of the form). */
function NewUserDialog({ preset, groups, onClose }: { preset: Preset; groups: readonly Group[]; onClose: () => void }) {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const fullScreen = useMediaQuery(MOBILE_QUERY);
  const groupId = groups.find((g) => g.Name === preset.group)?.Id;
  const initial = useMemo(() => emptyDraft(groupId ? [groupId] : []), [groupId]);
  const save = async (body: UserSave): Promise<ModelState | null> => {
    try {
      const created = await dataProvider.createUser(body);
      notify(S.userCreated(fullName(created)), { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
      onClose();
      return null;
    } catch (error) {
      const failure = failureOf(error);
      if (!failure.modelState) notify(failure.message, { type: 'error' });
      return failure.modelState ?? {};
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" fullScreen={fullScreen} aria-labelledby="new-user-title" scroll="paper">
      <DialogTitle id="new-user-title" sx={{ display: 'flex', alignItems: 'center' }}>
        <Box sx={{ flex: 1 }}>{preset.title}</Box>
        <IconButton aria-label="Close" onClick={onClose} edge="end">
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ bgcolor: 'background.default', p: { xs: 1.5, sm: 2 } }}>
        <ErrorBoundary message={T.newUserFailed}>
          <UserRecordForm key={groupId ?? 0} mode="create" initial={initial} groups={groups} forceEmployment={preset.employment} submitLabel="Create User" onSubmit={save} onCancel={onClose} stickyActions />
        </ErrorBoundary>
      </DialogContent>
    </Dialog>
  );
}

const COLUMNS: { id: Column; label: string; phone: boolean }[] = [
  { id: 'UserName', label: 'ID', phone: true },
  { id: 'FirstName', label: 'First Name', phone: true },
  { id: 'LastName', label: 'Last Name', phone: true },
  { id: 'Email', label: 'Email', phone: false },
  { id: 'Organization', label: 'Organization', phone: false },
];

function UsersScreen() {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const canCreate = useCan(P.CREATE_USER);
  const canDelete = useCan(P.DELETE_USERS);
  const canEdit = useCan(P.EDIT_USERS);
  const groups = useGroups();
  const [texts, setTexts] = useState<Partial<Record<Column, string>>>({});
  const [additional, setAdditional] = useState<AdditionalFilters>(NO_FILTERS);
  const [sorted, setSorted] = useState<Sort>(DEFAULT_SORT);
  const [page, setPage] = useState(0);
  const [expanded, setExpanded] = useState<number | null>(null);
  const [creating, setCreating] = useState<Preset | null>(null);
  const [deleting, setDeleting] = useState<UserRow | null>(null);
  const [busy, setBusy] = useState(false);
  const [panelOpen, setPanelOpen] = useState(!mobile);
  useEffect(() => setPanelOpen(!mobile), [mobile]);
  const debouncedTexts = useDebounced(texts, Timing.USER_LIST_DEBOUNCE_MS);

  const query: UsersQuery = useMemo(
    () => ({
      pageSize: PageSizes.USERS,
      page,
      sorted,
      filtered: (Object.entries(debouncedTexts) as [Column, string][]).filter(([, v]) => v.trim()).map(([id, value]) => ({ id, value: value.trim() })),
      additional,
    }),
    [page, sorted, debouncedTexts, additional],
  );
  const { data, isFetching, isError } = useQuery({
    queryKey: [...USERS_QUERY_KEY, query],
    queryFn: ({ signal }) => dataProvider.searchUsers(query, signal),
    placeholderData: keepPreviousData,
  });
  const rows = data?.users ?? [];
  const expandedRow = rows.find((u) => u.Id === expanded);

  const changeFilters = (next: AdditionalFilters) => {
    setAdditional(next);
    setPage(0);
  };
  const setText = (id: Column, value: string) => {
    setTexts((t) => ({ ...t, [id]: value }));
    setPage(0);
  };
  const sortBy = (id: Column) => {
    const current = sorted.length === 1 && sorted[0].id === id ? sorted[0] : null;
    setSorted([{ id, desc: current ? !current.desc : false }]);
    setPage(0);
  };
  const sortState = (id: Column) => {
    const index = sorted.findIndex((s) => s.id === id);
    return index < 0 ? null : { direction: sorted[index].desc ? ('desc' as const) : ('asc' as const) };
  };

  const remove = async () => {
    const user = deleting!;
    setBusy(true);
    try {
      await dataProvider.deleteUser(user.Id);
      notify(T.deleted(user.FirstName, user.LastName), { type: 'success' });
      if (expanded === user.Id) setExpanded(null);
      await queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
    } catch (error) {
      notify(serverMessage(error, T.unableToDelete), { type: 'error' });
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };

  const visibleColumns = COLUMNS.filter((c) => !mobile || c.phone);
  const colSpan = visibleColumns.length + 1;
  const filters = (
    <UserFilters
      value={additional}
      onChange={changeFilters}
      groups={groups}
      onClear={() => {
        setTexts({});
        changeFilters(NO_FILTERS);
      }}
    />
  );

  return (
    <>
      <PageHeader
        title="Users"
        actions={
          <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
            <Button variant="outlined" startIcon={<FilterListIcon />} onClick={() => setPanelOpen(!panelOpen)} aria-expanded={panelOpen}>
              Filters
            </Button>
            {canCreate && (
              <>
                <Button variant="contained" startIcon={<BadgeOutlinedIcon />} onClick={() => setCreating(PRESETS.employee)}>
                  New Employee
                </Button>
                <Button variant="contained" startIcon={<HandshakeOutlinedIcon />} onClick={() => setCreating(PRESETS.contractor)}>
                  New Contractor
                </Button>
                <Button variant="contained" startIcon={<BusinessOutlinedIcon />} onClick={() => setCreating(PRESETS.client)}>
                  New Client
                </Button>
              </>
            )}
          </Stack>
        }
      />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        {mobile ? (
          <Drawer anchor="left" open={panelOpen} onClose={() => setPanelOpen(false)} slotProps={{ paper: { sx: { width: Limits.SIDE_PANEL_WIDTH_PX, maxWidth: '85vw' } } }}>
            <Stack direction="row" alignItems="center" sx={{ px: 2, pt: 1 }}>
              <Typography variant="h6" sx={{ flex: 1 }}>
                Filters
              </Typography>
              <IconButton aria-label="Close filters" onClick={() => setPanelOpen(false)}>
                <CloseIcon />
              </IconButton>
            </Stack>
            {filters}
          </Drawer>
        ) : (
          panelOpen && (
            <Card component="aside" sx={{ width: Limits.SIDE_PANEL_WIDTH_PX, flexShrink: 0, position: 'sticky', top: 72, maxHeight: 'calc(100vh - 88px)', overflowY: 'auto' }}>
              {filters}
            </Card>
          )
        )}
        <Card sx={{ flex: 1, minWidth: 0 }}>
          <Box sx={{ height: 4 }}>{isFetching && <LinearProgress aria-label="Loading users" />}</Box>
          {isError && <Alert severity="error">{S.loadFailed}</Alert>}
          <TableContainer>
            <Table size="small" aria-label="Users" sx={mobile ? { '& th, & td': { px: 1 } } : undefined}>
              <TableHead>
                <TableRow>
                  {visibleColumns.map((c) => {
                    const state = sortState(c.id);
                    return (
                      <TableCell key={c.id}>
                        <TableSortLabel active={Boolean(state)} direction={state?.direction ?? 'asc'} onClick={() => sortBy(c.id)}>
                          {c.label}
                        </TableSortLabel>
                      </TableCell>
                    );
                  })}
                  <TableCell align="right" sx={{ width: mobile ? 72 : 96 }} aria-label="Actions" />
                </TableRow>
                <TableRow>
                  {visibleColumns.map((c) => (
                    <TableCell key={c.id} sx={{ py: 0.5, bgcolor: 'background.paper' }}>
                      <TextField
                        variant="standard"
                        size="small"
                        fullWidth
                        placeholder="Filter…"
                        value={texts[c.id] ?? ''}
                        onChange={(e) => setText(c.id, e.target.value)}
                        slotProps={{ htmlInput: { 'aria-label': `Filter ${c.label}` } }}
                      />
                    </TableCell>
                  ))}
                  <TableCell sx={{ bgcolor: 'background.paper' }} />
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.length === 0 && !isFetching && (
                  <TableRow>
                    <TableCell colSpan={colSpan}>
                      <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
                        {S.noUsers}
                      </Typography>
                    </TableCell>
                  </TableRow>
                )}
                {rows.map((u) => {
                  const locked = isLocked(u.LockoutEndDateUtc);
                  const open = expanded === u.Id;
                  return [
                    <TableRow
                      key={u.Id}
                      hover
                      selected={open}
                      data-locked={locked ? 'true' : 'false'}
                      aria-expanded={open}
                      sx={{ cursor: 'pointer' }}
                      onClick={() => setExpanded(open ? null : u.Id)}
                    >
                      <TableCell sx={{ borderLeft: 4, borderLeftColor: locked ? 'error.main' : 'success.main' }}>
                        <Typography variant="body2" sx={{ fontWeight: 500 }}>
                          {u.UserName}
                        </Typography>
                        {mobile && (
                          <Typography variant="caption" color="text.secondary" component="div" sx={{ maxWidth: 130, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
                            {u.Email ?? ''}
                          </Typography>
                        )}
                      </TableCell>
                      <TableCell>
                        <Box sx={{ display: 'flex', alignItems: 'center' }}>
                          <WorkStatusDot status={u.WorkStatus} />
                          {u.FirstName}
                        </Box>
                      </TableCell>
                      <TableCell>{u.LastName}</TableCell>
                      {!mobile && (
                        <TableCell title={u.Email ?? undefined} sx={{ maxWidth: 260, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
                          {u.Email}
                        </TableCell>
                      )}
                      {!mobile && (
                        <TableCell>
                          {u.Org?.Name ?? (
                            <Typography component="span" variant="body2" color="text.secondary">
                              {T.noOrganization}
                            </Typography>
                          )}
                        </TableCell>
                      )}
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap', '& .MuiIconButton-root': { p: { xs: 0.5, sm: 0.75 } } }} onClick={(e) => e.stopPropagation()}>
                        <Tooltip title={canEdit ? 'Edit' : 'View'}>
                          <IconButton size="small" aria-label={`Edit ${u.UserName}`} onClick={() => setExpanded(open ? null : u.Id)}>
                            <EditIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                        {canDelete && (
                          <Tooltip title="Delete">
                            <IconButton size="small" aria-label={`Delete ${u.UserName}`} onClick={() => setDeleting(u)}>
                              <DeleteIcon fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        )}
                      </TableCell>
                    </TableRow>,
                    open && !mobile ? (
                      <TableRow key={`${u.Id}-detail`}>
                        <TableCell colSpan={colSpan} sx={{ bgcolor: 'background.default', p: { xs: 1, sm: 2 }, borderLeft: 4, borderLeftColor: locked ? 'error.main' : 'success.main' }}>
                          <UserEditor id={u.Id} groups={groups} onClose={() => setExpanded(null)} />
                        </TableCell>
                      </TableRow>
                    ) : null,
                  ];
                })}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={data?.total ?? 0}
            page={data ? Math.min(page, Math.max(0, (data.pageCount ?? 1) - 1)) : 0}
            rowsPerPage={PageSizes.USERS}
            rowsPerPageOptions={[]}
            onPageChange={(_e, next) => {
              setPage(next);
              setExpanded(null);
            }}
            labelDisplayedRows={({ from, to, count }) => `${from}–${to} of ${data && !data.totalIsExact ? `about ${count.toLocaleString()}` : count.toLocaleString()}`}
          />
        </Card>
      </Box>
      {mobile && expandedRow && (
        <Dialog open fullScreen onClose={() => setExpanded(null)} aria-labelledby="edit-user-title" scroll="paper">
          <DialogTitle id="edit-user-title" sx={{ display: 'flex', alignItems: 'center' }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              {expandedRow.FirstName} {expandedRow.LastName}
              <Typography variant="body2" color="text.secondary">
                {expandedRow.UserName}
              </Typography>
            </Box>
            <IconButton aria-label="Close" onClick={() => setExpanded(null)} edge="end">
              <CloseIcon />
            </IconButton>
          </DialogTitle>
          <DialogContent dividers sx={{ bgcolor: 'background.default', p: 1.5 }}>
            <UserEditor id={expandedRow.Id} groups={groups} onClose={() => setExpanded(null)} />
          </DialogContent>
        </Dialog>
      )}
      {creating && <NewUserDialog preset={creating} groups={groups} onClose={() => setCreating(null)} />}
      <ConfirmDialog open={Boolean(deleting)} title={T.deleteTitle} body={T.deleteBody} confirmLabel={T.deleteButton} onCancel={() => setDeleting(null)} onConfirm={remove} busy={busy} />
    </>
  );
}

/** /identity/users: the server-paged users table with filters, inline editing, new users and delete. */
export function UsersPage() {
  return (
    <PageGuard page="users">
      <UsersScreen />
    </PageGuard>
  );
}
