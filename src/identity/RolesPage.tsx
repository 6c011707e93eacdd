import { useMemo, useState } from 'react';
import { Alert, Box, Card, InputAdornment, LinearProgress, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { PageSizes } from '../../shared/constants.js';
import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';
import { DataTable } from '../components/DataTable.js';
import { PageGuard } from '../layout/PageGuard.js';
import { PageHeader } from '../layout/PageHeader.js';
import { useCan } from '../session/useSession.js';
import { CATEGORIES_QUERY_KEY, ROLES_QUERY_KEY } from './userModel.js';

const S = Texts.identity.screens;

type RoleRow = { Id: number; Name: string; Category: string };

function RolesScreen() {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const canSeeCategories = useCan(Permissions.Roles.VIEW_ROLES, Permissions.Groups.VIEW_GROUPS);
  const roles = useQuery({ queryKey: ROLES_QUERY_KEY, queryFn: () => dataProvider.getRoles() });
  const categories = useQuery({ queryKey: CATEGORIES_QUERY_KEY, queryFn: () => dataProvider.getCategories(), enabled: canSeeCategories });
  const [filter, setFilter] = useState('');
  const rows = useMemo<RoleRow[]>(() => {
    const categoryOf = new Map<string, string>();
    for (const [category, names] of Object.entries(categories.data ?? {})) for (const name of names) if (!categoryOf.has(name)) categoryOf.set(name, category);
    const term = filter.trim().toLowerCase();
    return (roles.data ?? [])
      .map((r) => ({ ...r, Category: categoryOf.get(r.Name) ?? '' }))
      .filter((r) => !term || r.Name.toLowerCase().includes(term) || r.Category.toLowerCase().includes(term));
  }, [roles.data, categories.data, filter]);
  return (
    <>
      <PageHeader title="Roles" />
      <Card>
        <Box sx={{ p: 2, pb: 1 }}>
          <TextField
            size="small"
            placeholder="Filter roles…"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            sx={{ width: { xs: '100%', sm: 320 } }}
            slotProps={{ htmlInput: { 'aria-label': 'Filter roles' }, input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> } }}
          />
        </Box>
        <Box sx={{ height: 4 }}>{roles.isPending && <LinearProgress aria-label="Loading roles" />}</Box>
        {roles.isError && <Alert severity="error">{S.loadFailed}</Alert>}
        <DataTable<RoleRow>
          label="Roles"
          rows={rows}
          rowKey={(r) => r.Id}
          pageSize={PageSizes.DEFAULT}
          defaultSort={{ key: 'Name', order: 'asc' }}
          empty={roles.isPending ? '' : S.noRoles}
          columns={[
            { key: 'Name', label: 'Name', sortValue: (r) => r.Name, render: (r) => r.Name },
            { key: 'Category', label: 'Category', sortValue: (r) => r.Category, render: (r) => r.Category },
          ]}
        />
      </Card>
    </>
  );
}

/** /identity/roles: a filterable table of role names sorted by name (roles are granted on the groups screen). */
export function RolesPage() {
  return (
    <PageGuard page="roles">
      <RolesScreen />
    </PageGuard>
  );
}
