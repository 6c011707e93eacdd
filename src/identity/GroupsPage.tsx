import { useMemo, useState, type FormEvent } from 'react';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Card,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Grid,
  IconButton,
  LinearProgress,
  Paper,
  Stack,
  TextField,
  Tooltip,
  Typography,
  useMediaQuery,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';
import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';
import type { Group } from '../../dataProvider/identity.js';
import { ConfirmDialog } from '../components/ConfirmDialog.js';
import { DataTable } from '../components/DataTable.js';
import { PageGuard } from '../layout/PageGuard.js';
import { PageHeader } from '../layout/PageHeader.js';
import { MOBILE_QUERY } from '../layout/TopBar.js';
import { useCan } from '../session/useSession.js';
import { useSaveAction } from '../forms/useSaveAction.js';
import { CATEGORIES_QUERY_KEY, GROUPS_QUERY_KEY, ROLES_QUERY_KEY, serverMessage } from './userModel.js';

const T = Texts.identity.groups;
const S = Texts.identity.screens;
const P = Permissions.Groups;
const SYSTEM_ADMINISTRATOR = Permissions.General.SYSTEM_ADMINISTRATOR;
const GENERAL = 'General';

const TAGS_QUERY_KEY = ['dossier', 'identity', 'tags'] as const;

type Role = { Id: number; Name: string };
type Tag = { Id?: number; Name: string };
/** freeSolo hands over typed text as a string. */
const nameOf = (tag: Tag | string) => (typeof tag === 'string' ? tag : tag.Name);

/** Categories with their roles (ids from the roles list); a group holding System Administrator sees only General. */
export function roleCategories(categories: Record<string, string[]>, roles: readonly Role[], { adminOnly = false } = {}): { name: string; roles: Role[] }[] {
  const byName = new Map(roles.map((r) => [r.Name, r]));
  return Object.entries(categories)
    .filter(([name]) => !adminOnly || name === GENERAL)
    .map(([name, names]) => ({ name, roles: names.map((n) => byName.get(n)).filter((r): r is Role => Boolean(r)) }))
    .filter((c) => c.roles.length > 0);
}

function useGroupCache() {
  const queryClient = useQueryClient();
  return (group: Group) => queryClient.setQueryData<Group[]>(GROUPS_QUERY_KEY, (old) => old?.map((g) => (g.Id === group.Id ? group : g)));
}

/** The role checkboxes of one group: changed locally first, then sent; read-only ticks without Admin Edit Group. */
function GroupRoles({ group, roles, categories }: { group: Group; roles: readonly Role[]; categories: Record<string, string[]> }) {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  const updateCache = useGroupCache();
  const canEdit = useCan(P.EDIT_GROUP);
  const [held, setHeld] = useState<Set<number>>(() => new Set(group.Roles));
  const adminRole = roles.find((r) => r.Name === SYSTEM_ADMINISTRATOR);
  const adminOnly = Boolean(adminRole && held.has(adminRole.Id));
  const shown = useMemo(() => roleCategories(categories, roles, { adminOnly }), [categories, roles, adminOnly]);

  const toggle = async (role: Role, on: boolean) => {
    setHeld((current) => {
      const next = new Set(current);
      if (on) next.add(role.Id);
      else next.delete(role.Id);
      return next;
    });
    try {
      const saved = on ? await dataProvider.addGroupRole(group.Id, role.Id) : await dataProvider.removeGroupRole(group.Id, role.Id);
      updateCache(saved);
    } catch (error) {
      setHeld((current) => {
        const next = new Set(current);
        if (on) next.delete(role.Id);
        else next.add(role.Id);
        return next;
      });
      notify(serverMessage(error, S.roleSaveFailed(role.Name)), { type: 'error' });
    }
  };

  return (
    <Box>
      {!canEdit && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {S.readOnlyRoles}
        </Typography>
      )}
      {adminOnly && (
        <Alert severity="info" sx={{ mb: 1.5 }}>
          {S.adminGroupRoles}
        </Alert>
      )}
      <Box sx={{ columnCount: { xs: 1, sm: 2, lg: 3 }, columnGap: 2 }}>
        {shown.map((category) => {
          const count = category.roles.filter((r) => held.has(r.Id)).length;
          return (
            <Paper key={category.name} variant="outlined" role="group" aria-label={`${category.name} roles`} sx={{ breakInside: 'avoid', mb: 2, p: 1.5, pt: 1, display: 'block' }}>
              <Typography variant="subtitle2" component="h4" sx={{ mb: 0.5 }}>
                {category.name}
                <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                  {count}/{category.roles.length}
                </Typography>
              </Typography>
              <Stack>
                {category.roles.map((role) =>
                  canEdit ? (
                    <FormControlLabel
                      key={role.Id}
                      sx={{ ml: 0, '& .MuiFormControlLabel-label': { fontSize: 14 } }}
                      control={<Checkbox size="small" checked={held.has(role.Id)} onChange={(e) => toggle(role, e.target.checked)} sx={{ py: 0.25 }} />}
                      label={role.Name}
                    />
                  ) : (
                    <Stack key={role.Id} direction="row" spacing={1} alignItems="center" sx={{ py: 0.25 }}>
                      {held.has(role.Id) ? (
                        <CheckIcon fontSize="small" color="success" titleAccess={`Granted: ${role.Name}`} />
                      ) : (
                        <CloseIcon fontSize="small" sx={{ color: 'text.disabled' }} titleAccess={`Not granted: ${role.Name}`} />
                      )}
                      <Typography variant="body2" color={held.has(role.Id) ? 'text.primary' : 'text.secondary'}>
                        {role.Name}
                      </Typography>
                    </Stack>
                  ),
                )}
              </Stack>
            </Paper>
          );
        })}
      </Box>
    </Box>
  );
}

/** The tags of a group: chips; typing a new name creates the tag. Saved at once (the full list). */
function GroupTags({ group }: { group: Group }) {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  const updateCache = useGroupCache();
  const canEdit = useCan(P.EDIT_GROUP);
  const [tags, setTags] = useState<Tag[]>(group.Tags);
  const { data: known = [] } = useQuery({
    queryKey: TAGS_QUERY_KEY,
    queryFn: async () => {
      try {
        return await dataProvider.getTags();
      } catch (error) {
        notify(Texts.identity.tags.unableToGet, { type: 'error' });
        throw error;
      }
    },
    retry: false,
  });
  const queryClient = useQueryClient();
  const save = async (next: Tag[]) => {
    const previous = tags;
    setTags(next);
    try {
      const saved = await dataProvider.setGroupTags(group.Id, next.map((t) => (t.Id ? { Id: t.Id, Name: t.Name } : { Name: t.Name })));
      setTags(saved.Tags);
      updateCache(saved);
      await queryClient.invalidateQueries({ queryKey: TAGS_QUERY_KEY });
    } catch {
      setTags(previous);
      notify(Texts.identity.tags.unableToSave, { type: 'error' });
    }
  };
  return (
    <Autocomplete<Tag, true, false, true>
      multiple
      freeSolo
      disabled={!canEdit}
      options={known}
      value={tags}
      getOptionLabel={(t) => (typeof t === 'string' ? t : t.Name)}
      isOptionEqualToValue={(a, b) => nameOf(a).toLowerCase() === nameOf(b).toLowerCase()}
      filterSelectedOptions
      onChange={(_e, next) => {
        const list: Tag[] = [];
        for (const item of next) {
          const name = (typeof item === 'string' ? item : item.Name).trim();
          if (!name || list.some((t) => t.Name.toLowerCase() === name.toLowerCase())) continue;
          list.push(typeof item === 'string' ? (known.find((k) => k.Name.toLowerCase() === name.toLowerCase()) ?? { Name: name }) : item);
        }
        void save(list);
      }}
      renderValue={(value, getItemProps) =>
        value.map((t, index) => {
          const label = typeof t === 'string' ? t : t.Name;
          return <Chip {...getItemProps({ index })} key={label} size="small" color="secondary" variant="outlined" label={label} />;
        })
      }
      renderInput={(params) => <TextField {...params} label="Tags" placeholder={canEdit ? 'Add a tag…' : undefined} helperText={canEdit ? 'Type a name and press Enter to create a tag.' : undefined} />}
    />
  );
}

/** The inline editor of a group: name and description, tags, roles by category. */
function GroupEditor({ group, roles, categories, onClose }: { group: Group; roles: readonly Role[]; categories: Record<string, string[]>; onClose: () => void }) {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  const updateCache = useGroupCache();
  const canEdit = useCan(P.EDIT_GROUP);
  const [name, setName] = useState(group.Name);
  const [description, setDescription] = useState(group.Description ?? '');
  const { errors, busy, run, passes } = useSaveAction();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!passes(name.trim() ? {} : { Name: [S.groupNameRequired] })) return;
    await run(async () => {
      const saved = await dataProvider.updateGroup(group.Id, { Id: group.Id, Name: name.trim(), Description: description.trim() || null });
      updateCache(saved);
      notify(T.updated(saved.Name), { type: 'success' });
    });
  };
  return (
    <Stack spacing={2} aria-label={`Edit group ${group.Name}`} role="region">
      <Paper variant="outlined" sx={{ p: 2 }} component="form" onSubmit={submit} noValidate>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 4 }}>
            <TextField fullWidth required label="Name" value={name} onChange={(e) => setName(e.target.value)} disabled={!canEdit || busy} error={Boolean(errors.Name)} helperText={errors.Name?.join(' ')} />
          </Grid>
          <Grid size={{ xs: 12, md: 8 }}>
            <TextField fullWidth label="Description" value={description} onChange={(e) => setDescription(e.target.value)} disabled={!canEdit || busy} error={Boolean(errors.Description)} helperText={errors.Description?.join(' ')} />
          </Grid>
          <Grid size={12}>
            <GroupTags group={group} />
          </Grid>
        </Grid>
        {canEdit && (
          <Stack direction="row" spacing={1} justifyContent="flex-end" sx={{ mt: 2 }}>
            <Button onClick={onClose}>Close</Button>
            <Button type="submit" variant="contained" disabled={busy}>
              Save Group
            </Button>
          </Stack>
        )}
      </Paper>
      <Box>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
          Roles
        </Typography>
        <GroupRoles group={group} roles={roles} categories={categories} />
      </Box>
    </Stack>
  );
}

function NewGroupDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (group: Group) => void }) {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  const fullScreen = useMediaQuery(MOBILE_QUERY);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const { errors, busy, run, passes } = useSaveAction();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!passes(name.trim() ? {} : { Name: [S.groupNameRequired] })) return;
    await run(async () => {
      const group = await dataProvider.createGroup({ Name: name.trim(), Description: description.trim() || null });
      notify(T.created(group.Name), { type: 'success' });
      onCreated(group);
    });
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="new-group-title">
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id="new-group-title">New Group</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField autoFocus required label="Name" value={name} onChange={(e) => setName(e.target.value)} error={Boolean(errors.Name)} helperText={errors.Name?.join(' ')} />
            <TextField label="Description" multiline minRows={2} value={description} onChange={(e) => setDescription(e.target.value)} error={Boolean(errors.Description)} helperText={errors.Description?.join(' ')} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            Create Group
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

function GroupsScreen() {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const canCreate = useCan(P.CREATE_GROUP);
  const canDelete = useCan(P.DELETE_GROUP);
  const groupsQuery = useQuery({ queryKey: GROUPS_QUERY_KEY, queryFn: () => dataProvider.getGroups() });
  const rolesQuery = useQuery({ queryKey: ROLES_QUERY_KEY, queryFn: () => dataProvider.getRoles() });
  const categoriesQuery = useQuery({ queryKey: CATEGORIES_QUERY_KEY, queryFn: () => dataProvider.getCategories() });
  const [open, setOpen] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Group | null>(null);
  const [busy, setBusy] = useState(false);
  const groups = groupsQuery.data ?? [];
  const ready = rolesQuery.data && categoriesQuery.data;

  const remove = async () => {
    const group = deleting!;
    setBusy(true);
    try {
      await dataProvider.deleteGroup(group.Id);
      notify(T.deleted(group.Name), { type: 'success' });
      if (open === group.Id) setOpen(null);
      await queryClient.invalidateQueries({ queryKey: GROUPS_QUERY_KEY });
    } catch (error) {
      notify(serverMessage(error, T.unableToDelete(group.Name)), { type: 'error' });
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };

  return (
    <>
      <PageHeader
        title="Groups"
        actions={
          canCreate && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
              New Group
            </Button>
          )
        }
      />
      <Card>
        <Box sx={{ height: 4 }}>{(groupsQuery.isFetching || rolesQuery.isPending || categoriesQuery.isPending) && <LinearProgress aria-label="Loading groups" />}</Box>
        {(groupsQuery.isError || rolesQuery.isError || categoriesQuery.isError) && <Alert severity="error">{S.loadFailed}</Alert>}
        <DataTable<Group>
          label="Groups"
          rows={groups}
          rowKey={(g) => g.Id}
          defaultSort={{ key: 'Name', order: 'asc' }}
          empty={groupsQuery.isPending ? '' : S.noGroups}
          onRowClick={(g) => setOpen(open === g.Id ? null : g.Id)}
          rowSx={(g) => (open === g.Id ? { bgcolor: 'action.selected' } : undefined)}
          renderDetail={(g) =>
            open === g.Id && ready ? <GroupEditor key={g.Id} group={g} roles={rolesQuery.data!} categories={categoriesQuery.data!} onClose={() => setOpen(null)} /> : null
          }
          columns={[
            {
              key: 'Name',
              label: 'Name',
              sortValue: (g) => g.Name,
              render: (g) => (
                <Stack direction="row" spacing={1} alignItems="center">
                  {open === g.Id ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="body2" sx={{ fontWeight: 500 }}>
                      {g.Name}
                    </Typography>
                    {g.Description && (
                      <Typography variant="caption" color="text.secondary" component="div">
                        {g.Description}
                      </Typography>
                    )}
                  </Box>
                </Stack>
              ),
            },
            {
              key: 'Tags',
              label: 'Tags',
              render: (g) =>
                g.Tags.length ? (
                  <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
                    {g.Tags.map((t) => (
                      <Chip key={t.Id} size="small" label={t.Name} color="secondary" variant="outlined" />
                    ))}
                  </Stack>
                ) : (
                  <Typography variant="caption" color="text.secondary">
                    {S.noTags}
                  </Typography>
                ),
            },
            {
              key: 'actions',
              label: '',
              align: 'right',
              width: 96,
              render: (g) => (
                <Box sx={{ whiteSpace: 'nowrap' }} onClick={(e) => e.stopPropagation()}>
                  <Tooltip title="Edit">
                    <IconButton size="small" aria-label={`Edit ${g.Name}`} onClick={() => setOpen(open === g.Id ? null : g.Id)}>
                      <EditIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  {canDelete && (
                    <Tooltip title="Delete">
                      <IconButton size="small" aria-label={`Delete ${g.Name}`} onClick={() => setDeleting(g)}>
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                </Box>
              ),
            },
          ]}
        />
      </Card>
      {creating && (
        <NewGroupDialog
          onClose={() => setCreating(false)}
          onCreated={async (group) => {
            setCreating(false);
            queryClient.setQueryData<Group[]>(GROUPS_QUERY_KEY, (old) => [...(old ?? []), group]);
            setOpen(group.Id);
            await queryClient.invalidateQueries({ queryKey: GROUPS_QUERY_KEY });
          }}
        />
      )}
      <ConfirmDialog
        open={Boolean(deleting)}
        title={deleting ? T.deleteTitle(deleting.Name) : ''}
        body={S.groupDeleteBody}
        onCancel={() => setDeleting(null)}
        onConfirm={remove}
        busy={busy}
      />
    </>
  );
}

/** /identity/groups: groups with their tags; a row opens its editor (name, description, tags, roles by category). */
export function GroupsPage() {
  return (
    <PageGuard page="groups">
      <GroupsScreen />
    </PageGuard>
  );
}
