import { useState, type FormEvent } from 'react';
import {
  Box,
  Button,
  Card,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';
import { PageSizes } from '../../shared/constants.js';
import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';
import { failureOf, type Failure } from '../../dataProvider/httpClient.js';
import type { LookupListState } from '../../dataProvider/session.js';
import type { LookupItem } from '../../dataProvider/configuration.js';
import { ConfirmDialog } from '../components/ConfirmDialog.js';
import { DataTable } from '../components/DataTable.js';
import { PageGuard } from '../layout/PageGuard.js';
import { PageHeader } from '../layout/PageHeader.js';
import { LOOKUPS_QUERY_KEY, useLookupLists } from '../session/useLookups.js';
import { useCan } from '../session/useSession.js';

const T = Texts.configuration.listScreen;
const P = Permissions.Types;


/** Runs a change, toasts its success, refreshes the lists; answers the failure for the form to show. */
function useListChange() {
  const notify = useNotify();
  const queryClient = useQueryClient();
  return async function change<R>(run: () => Promise<R>, success: (result: R) => string): Promise<Failure | null> {
    try {
      const result = await run();
      notify(success(result), { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: LOOKUPS_QUERY_KEY });
      return null;
    } catch (error) {
      const failure = failureOf(error);
      if (!failure.modelState) notify(failure.message, { type: 'error' });
      return failure;
    }
  };
}

/** A small modal form of one or two text fields, keeping itself open on failure. */
function TextFormDialog({
  title,
  submitLabel,
  fields,
  initial,
  onSubmit,
  onClose,
}: {
  title: string;
  submitLabel: string;
  fields: { name: string; label: string; required?: string }[];
  initial: Record<string, string>;
  onSubmit: (values: Record<string, string>) => Promise<Failure | null>;
  onClose: () => void;
}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = Object.fromEntries(fields.filter((f) => f.required && !values[f.name]?.trim()).map((f) => [f.name, [f.required!]]));
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    const failure = await onSubmit(values);
    setBusy(false);
    if (failure) setErrors(failure.modelState ?? {});
    else onClose();
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="text-form-title">
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id="text-form-title">{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {fields.map((field, index) => (
              <TextField
                key={field.name}
                label={field.label}
                required={Boolean(field.required)}
                autoFocus={index === 0}
                value={values[field.name] ?? ''}
                onChange={(e) => setValues({ ...values, [field.name]: e.target.value })}
                error={Boolean(errors[field.name])}
                helperText={errors[field.name]?.join(' ')}
              />
            ))}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

type StatusFilter = 'all' | 'enabled' | 'disabled';

function ListItems({ list }: { list: LookupListState }) {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const change = useListChange();
  const canCreate = useCan(P.CREATE_TYPE);
  const canEdit = useCan(P.EDIT_TYPE);
  const canToggle = useCan(P.DELETE_TYPE);
  const [status, setStatus] = useState<StatusFilter>('enabled');
  const [editing, setEditing] = useState<LookupItem | 'new' | null>(null);
  const rows = list.Types.filter((item) => status === 'all' || (status === 'enabled' ? !item.Hidden : item.Hidden));
  const name = list.FormattedTableName;
  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }} sx={{ mb: 1 }}>
        <TextField select size="small" fullWidth={false} label="Status" value={status} onChange={(e) => setStatus(e.target.value as StatusFilter)} sx={{ width: 200 }}>
          <MenuItem value="all">Show All</MenuItem>
          <MenuItem value="enabled">Enabled</MenuItem>
          <MenuItem value="disabled">Disabled</MenuItem>
        </TextField>
        <Box sx={{ flex: 1 }} />
        {canCreate && (
          <Button startIcon={<AddIcon />} variant="outlined" sx={{ whiteSpace: 'nowrap' }} onClick={() => setEditing('new')}>
            Add {name}
          </Button>
        )}
      </Stack>
      <DataTable<LookupItem>
        label={`${name} items`}
        rows={rows}
        rowKey={(item) => item.Id}
        pageSize={PageSizes.LIST_ITEMS}
        defaultSort={{ key: 'Short', order: 'asc' }}
        empty={T.empty}
        rowSx={(item) => (item.Hidden ? { '& td': { color: 'text.disabled' } } : undefined)}
        columns={[
          { key: 'Short', label: 'Short', render: (i) => i.Short, sortValue: (i) => i.Short },
          { key: 'Description', label: 'Description', render: (i) => i.Description, sortValue: (i) => i.Description },
          {
            key: 'Status',
            label: 'Status',
            render: (i) => <Chip size="small" label={i.Hidden ? 'Disabled' : 'Enabled'} color={i.Hidden ? 'default' : 'success'} variant="outlined" />,
          },
          {
            key: 'actions',
            label: '',
            align: 'right',
            render: (i) => (
              <Box sx={{ whiteSpace: 'nowrap' }}>
                {canEdit && (
                  <Tooltip title="Edit">
                    <IconButton size="small" aria-label={`Edit ${i.Short}`} onClick={() => setEditing(i)}>
                      <EditIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                )}
                {canToggle && (
                  <Tooltip title={i.Hidden ? 'Enable' : 'Disable'}>
                    <IconButton
                      size="small"
                      aria-label={`${i.Hidden ? 'Enable' : 'Disable'} ${i.Short}`}
                      onClick={() => change(() => dataProvider.toggleListItem(list.TableName, i.Id), (item) => (item.Hidden ? T.itemDisabled(item.Short) : T.itemEnabled(item.Short)))}
                    >
                      {i.Hidden ? <CheckCircleOutlineIcon fontSize="small" /> : <BlockIcon fontSize="small" />}
                    </IconButton>
                  </Tooltip>
                )}
              </Box>
            ),
          },
        ]}
      />
      {editing && (
        <TextFormDialog
          title={editing === 'new' ? `Add ${name}` : `Edit ${editing.Short}`}
          submitLabel={editing === 'new' ? `Add ${name}` : 'Save'}
          fields={[
            { name: 'Short', label: 'Short', required: T.shortRequired },
            { name: 'Description', label: 'Description' },
          ]}
          initial={editing === 'new' ? {} : { Short: editing.Short, Description: editing.Description ?? '' }}
          onClose={() => setEditing(null)}
          onSubmit={(values) => {
            const body = { Short: values.Short.trim(), Description: values.Description?.trim() || null };
            return editing === 'new'
              ? change(() => dataProvider.addListItem(list.TableName, body), (item) => T.itemAdded(item.Short, name))
              : change(() => dataProvider.updateListItem(list.TableName, editing.Id, body), (item) => T.itemUpdated(item.Short));
          }}
        />
      )}
    </Box>
  );
}

type TypeFilter = 'all' | 'static' | 'dynamic';

/** /lists: every lookup list, its items, and the dynamic lists administrators made (spec 002 §2.5). */
export function ListsPage() {
  const lists = useLookupLists();
  const dataProvider = useDataProvider<DossierDataProvider>();
  const change = useListChange();
  const canCreate = useCan(P.CREATE_TYPE);
  const canEdit = useCan(P.EDIT_TYPE);
  const canDelete = useCan(P.DELETE_TYPE);
  const [typeFilter, setTypeFilter] = useState<TypeFilter>('all');
  const [open, setOpen] = useState<string | null>(null);
  const [naming, setNaming] = useState<LookupListState | 'new' | null>(null);
  const [deleting, setDeleting] = useState<LookupListState | null>(null);
  const rows = lists.filter((l) => typeFilter === 'all' || (typeFilter === 'dynamic' ? l.IsDynamic : !l.IsDynamic));

  return (
    <PageGuard page="lists">
      <PageHeader
        title="Lists"
        actions={
          canCreate && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setNaming('new')}>
              Add List
            </Button>
          )
        }
      />
      <Card>
        <Box sx={{ p: 2, pb: 0 }}>
          <TextField select size="small" fullWidth={false} label="List Type" value={typeFilter} onChange={(e) => setTypeFilter(e.target.value as TypeFilter)} sx={{ width: 200 }}>
            <MenuItem value="all">Show All</MenuItem>
            <MenuItem value="static">Static</MenuItem>
            <MenuItem value="dynamic">Dynamic</MenuItem>
          </TextField>
        </Box>
        <DataTable<LookupListState>
          label="Lists"
          rows={rows}
          rowKey={(l) => l.TableName}
          defaultSort={{ key: 'name', order: 'asc' }}
          empty={T.noLists}
          onRowClick={(l) => setOpen(open === l.TableName ? null : l.TableName)}
          renderDetail={(l) => (open === l.TableName ? <ListItems list={l} /> : null)}
          columns={[
            {
              key: 'name',
              label: 'List Name',
              sortValue: (l) => l.FormattedTableName,
              render: (l) => (
                <Stack direction="row" alignItems="center" spacing={1}>
                  {open === l.TableName ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
                  <Typography variant="body2" sx={{ fontWeight: 500 }}>
                    {l.FormattedTableName}
                  </Typography>
                </Stack>
              ),
            },
            { key: 'type', label: 'List Type', sortValue: (l) => (l.IsDynamic ? 'Dynamic' : 'Static'), render: (l) => (l.IsDynamic ? 'Dynamic' : 'Static') },
            {
              key: 'actions',
              label: '',
              align: 'right',
              render: (l) =>
                l.IsDynamic && (
                  <Box sx={{ whiteSpace: 'nowrap' }} onClick={(e) => e.stopPropagation()}>
                    {canEdit && (
                      <Tooltip title="Rename">
                        <IconButton size="small" aria-label={`Rename ${l.FormattedTableName}`} onClick={() => setNaming(l)}>
                          <EditIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                    {canDelete && (
                      <Tooltip title="Delete">
                        <IconButton size="small" aria-label={`Delete ${l.FormattedTableName}`} onClick={() => setDeleting(l)}>
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
      {naming && (
        <TextFormDialog
          title={naming === 'new' ? 'Add List' : `Rename ${naming.FormattedTableName}`}
          submitLabel={naming === 'new' ? 'Add List' : 'Rename'}
          fields={[{ name: 'TypeName', label: 'List Name', required: T.listNameRequired }]}
          initial={naming === 'new' ? {} : { TypeName: naming.FormattedTableName }}
          onClose={() => setNaming(null)}
          onSubmit={(values) =>
            naming === 'new'
              ? change(() => dataProvider.createList(values.TypeName.trim()), (l) => T.created(l.FormattedTableName))
              : change(() => dataProvider.renameList(naming.TableName, values.TypeName.trim()), (l) => T.renamed(l.FormattedTableName))
          }
        />
      )}
      <ConfirmDialog
        open={Boolean(deleting)}
        body={deleting ? T.deleteBody(deleting.FormattedTableName) : undefined}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          const list = deleting!;
          setDeleting(null);
          await change(() => dataProvider.deleteList(list.TableName), () => T.deleted(list.FormattedTableName));
        }}
      />
    </PageGuard>
  );
}
