import { lazy, Suspense, useEffect, useState } from 'react';
import {
  Box,
  Button,
  Card,
  IconButton,
  LinearProgress,
  MenuItem,
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
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import RestoreIcon from '@mui/icons-material/Restore';
import DeleteIcon from '@mui/icons-material/Delete';
import { ListBase, useDataProvider, useListContext, useNotify, useRefresh, type RaRecord } from 'react-admin';
import { Timing } from '../../shared/constants.js';
import type { ColumnDeclaration, ResourceDeclaration } from '../../resources/declaration.js';
import { valueAt } from '../../dataProvider/dataProvider.js';
import { PageHeader } from '../layout/PageHeader.js';
import { PageGuard } from '../layout/PageGuard.js';
import { useCan } from '../session/useSession.js';
const ResourceFormDialog = lazy(() => import('./ResourceFormDialog.js').then((m) => ({ default: m.ResourceFormDialog })));

type Row = RaRecord & { Id: number; Hidden?: boolean } & Record<string, unknown>;

function ColumnFilter({ column }: { column: ColumnDeclaration }) {
  const { filterValues, setFilters } = useListContext();
  const current = filterValues[column.source];
  const [text, setText] = useState<string>(typeof current === 'string' ? current : '');

  useEffect(() => {
    if (column.type === 'boolean') return;
    const timer = setTimeout(() => {
      if ((filterValues[column.source] ?? '') !== text) setFilters({ ...filterValues, [column.source]: text || undefined });
    }, Timing.FILTER_TEXT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, column, filterValues, setFilters]);

  const label = `Filter ${column.label}`;
  if (column.type === 'boolean') {
    return (
      <TextField
        select
        size="small"
        variant="outlined"
        fullWidth
        value={current === undefined ? '' : String(current)}
        onChange={(e) => setFilters({ ...filterValues, [column.source]: e.target.value === '' ? undefined : e.target.value === 'true' })}
        slotProps={{ htmlInput: { 'aria-label': label } }}
      >
        <MenuItem value="">All</MenuItem>
        <MenuItem value="true">Yes</MenuItem>
        <MenuItem value="false">No</MenuItem>
      </TextField>
    );
  }
  return <TextField size="small" variant="outlined" fullWidth placeholder="Filter…" value={text} onChange={(e) => setText(e.target.value)} slotProps={{ htmlInput: { 'aria-label': label } }} />;
}

function Cell({ row, column }: { row: Row; column: ColumnDeclaration }) {
  const value = valueAt(row, column.source);
  if (column.type === 'boolean') {
    return value ? <CheckIcon color="success" aria-label="Yes" fontSize="small" /> : <CloseIcon color="error" aria-label="No" fontSize="small" />;
  }
  return <>{value == null ? '' : String(value)}</>;
}

function ResourceTable({ declaration, onEdit }: { declaration: ResourceDeclaration; onEdit: (row: Row) => void }) {
  const { data, total = 0, isPending, page, perPage, setPage, sort, setSort } = useListContext<Row>();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const canEdit = useCan(...(declaration.permissions.edit ?? []));
  const canDelete = useCan(...(declaration.permissions.delete ?? []));
  const { columns, filterEveryColumn, empty, pageSize } = declaration.list;
  const hasEdit = Boolean(declaration.permissions.edit) && canEdit;
  const hasRemove = declaration.remove !== 'none' && Boolean(declaration.permissions.delete) && canDelete;
  const toggles = declaration.remove === 'toggleHidden';

  const remove = async (row: Row) => {
    try {
      const { data: updated } = await dataProvider.delete(declaration.name, { id: row.Id, previousData: row });
      const texts = declaration.texts;
      const message = toggles
        ? (updated as Row).Hidden
          ? texts.hidden?.(updated as Row)
          : texts.shown?.(updated as Row)
        : texts.deleted?.(row);
      if (message) notify(message, { type: 'success' });
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };

  const sortBy = (field: string) =>
    setSort({ field, order: sort.field === field && sort.order === 'ASC' ? 'DESC' : 'ASC' });

  return (
    <Card>
      {isPending && <LinearProgress aria-label="Loading" />}
      <TableContainer>
        <Table size="small" aria-label={declaration.title}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.source} sortDirection={sort.field === column.source ? (sort.order === 'ASC' ? 'asc' : 'desc') : false}>
                  <TableSortLabel active={sort.field === column.source} direction={sort.order === 'DESC' ? 'desc' : 'asc'} onClick={() => sortBy(column.source)}>
                    {column.label}
                  </TableSortLabel>
                </TableCell>
              ))}
              {(hasEdit || hasRemove) && <TableCell align="right">Actions</TableCell>}
            </TableRow>
            {filterEveryColumn && (
              <TableRow>
                {columns.map((column) => (
                  <TableCell key={column.source} sx={{ py: 1 }}>
                    <ColumnFilter column={column} />
                  </TableCell>
                ))}
                {(hasEdit || hasRemove) && <TableCell />}
              </TableRow>
            )}
          </TableHead>
          <TableBody>
            {!isPending && data?.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length + 1}>
                  <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
                    {empty}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
            {data?.map((row) => (
              <TableRow key={row.Id} hover sx={row.Hidden ? { '& td': { color: 'text.disabled' } } : undefined}>
                {columns.map((column) => (
                  <TableCell key={column.source}>
                    <Cell row={row} column={column} />
                  </TableCell>
                ))}
                {(hasEdit || hasRemove) && (
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {hasEdit && (
                      <Tooltip title="Edit">
                        <IconButton size="small" aria-label={`Edit ${declaration.recordName(row)}`} onClick={() => onEdit(row)}>
                          <EditIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                    {hasRemove && toggles && (
                      <Tooltip title={row.Hidden ? 'Restore' : 'Hide'}>
                        <IconButton size="small" aria-label={`${row.Hidden ? 'Restore' : 'Hide'} ${declaration.recordName(row)}`} onClick={() => remove(row)}>
                          {row.Hidden ? <RestoreIcon fontSize="small" /> : <VisibilityOffIcon fontSize="small" />}
                        </IconButton>
                      </Tooltip>
                    )}
                    {hasRemove && !toggles && (
                      <Tooltip title="Delete">
                        <IconButton size="small" aria-label={`Delete ${declaration.recordName(row)}`} onClick={() => remove(row)}>
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {total > pageSize && (
        <TablePagination
          component="div"
          count={total}
          page={page - 1}
          rowsPerPage={perPage}
          rowsPerPageOptions={[]}
          onPageChange={(_event, next) => setPage(next + 1)}
        />
      )}
    </Card>
  );
}

/**
 * The generic screen of a declared resource: title, add button, a sortable table with a filter on every column,
 * paging only when needed, edit and hide/restore (or delete) by permission, and the add/edit modal.
 */
export function ResourcePage({ declaration }: { declaration: ResourceDeclaration }) {
  const canCreate = useCan(...(declaration.permissions.create ?? []));
  const refresh = useRefresh();
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const showCreate = Boolean(declaration.permissions.create) && canCreate;
  return (
    <PageGuard page={declaration.name}>
      <ListBase resource={declaration.name} perPage={declaration.list.pageSize} sort={declaration.list.sort} disableSyncWithLocation>
        <PageHeader
          title={declaration.title}
          actions={
            showCreate && (
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
                {declaration.addLabel}
              </Button>
            )
          }
        />
        <Box>
          <ResourceTable declaration={declaration} onEdit={setEditing} />
        </Box>
      </ListBase>
      {editing && (
        <Suspense fallback={null}>
        <ResourceFormDialog
          declaration={declaration}
          record={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
        </Suspense>
      )}
    </PageGuard>
  );
}
