import { useMemo, useState } from 'react';
import { Alert, Box, Checkbox, FormControlLabel, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { useCanAccess, useDataProvider, useGetList, useGetOne, useNotify, useRefresh } from 'react-admin';
import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';
import { failureOf } from '../../dataProvider/httpClient.js';
import type { ApiRecord } from '../../resources/declaration.js';
import { endedBySignOut } from '../resources/writeFailure.js';

const S = Texts.identity.screens;
const SYSTEM_ADMINISTRATOR = Permissions.General.SYSTEM_ADMINISTRATOR;
const GENERAL = 'General';
/** Every role in one page of the declared `roles` resource. */
const ALL_ROLES = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'Name', order: 'ASC' as const } };

type Role = { Id: number; Name: string };

/** Categories with their roles (ids from the roles list); a group holding System Administrator sees only General. */
export function roleCategories(categories: Record<string, string[]>, roles: readonly Role[], { adminOnly = false } = {}): { name: string; roles: Role[] }[] {
  const byName = new Map(roles.map((r) => [r.Name, r]));
  return Object.entries(categories)
    .filter(([name]) => !adminOnly || name === GENERAL)
    .map(([name, names]) => ({ name, roles: names.map((n) => byName.get(n)).filter((r): r is Role => Boolean(r)) }))
    .filter((c) => c.roles.length > 0);
}

/** A granted role as a read-only tick, a role not granted as a cross. */
function ReadOnlyRole({ role, granted }: { role: Role; granted: boolean }) {
  return (
    <Stack direction="row" spacing={1} alignItems="center" sx={{ py: 0.25 }}>
      {granted ? (
        <CheckIcon fontSize="small" color="success" titleAccess={`Granted: ${role.Name}`} />
      ) : (
        <CloseIcon fontSize="small" sx={{ color: 'text.disabled' }} titleAccess={`Not granted: ${role.Name}`} />
      )}
      <Typography variant="body2" color={granted ? 'text.primary' : 'text.secondary'}>
        {role.Name}
      </Typography>
    </Stack>
  );
}

/**
 * The role checkboxes of a group by category (spec 000 §4): a change shows at once, is then sent through the data
 * provider's named grant calls, and is undone with a toast when the server refuses it. Without the edit
 * permission the roles are read-only ticks and crosses.
 */
export function GroupRoles({ group }: { group: ApiRecord }) {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const { canAccess: canEdit = false } = useCanAccess({ resource: 'groups', action: 'edit' });
  const groupId = Number(group.Id);
  const [held, setHeld] = useState<Set<number>>(() => new Set(group.Roles as number[]));
  const { data: roleRecords, error: rolesError } = useGetList<Role & { id: number }>('roles', ALL_ROLES);
  // The declared `categories` resource: one record of category name → role names.
  const { data: categoryRecord, error: categoriesError } = useGetOne<ApiRecord & { id: string }>('categories', { id: 'categories' });
  const categories = useMemo(() => (categoryRecord ? (Object.fromEntries(Object.entries(categoryRecord).filter(([key]) => key !== 'id')) as Record<string, string[]>) : undefined), [categoryRecord]);
  const roles = useMemo(() => roleRecords ?? [], [roleRecords]);
  const adminRole = roles.find((r) => r.Name === SYSTEM_ADMINISTRATOR);
  const adminOnly = Boolean(adminRole && held.has(adminRole.Id));
  const shown = useMemo(() => roleCategories(categories ?? {}, roles, { adminOnly }), [categories, roles, adminOnly]);

  if (rolesError || categoriesError) return <Alert severity="error">{S.loadFailed}</Alert>;
  if (!roleRecords || !categories) return <LinearProgress aria-label="Loading roles" />;

  const mark = (roleId: number, on: boolean) =>
    setHeld((current) => {
      const next = new Set(current);
      if (on) next.add(roleId);
      else next.delete(roleId);
      return next;
    });

  const toggle = async (role: Role, on: boolean) => {
    mark(role.Id, on);
    try {
      const saved = on ? await dataProvider.callOperation('groups', 'addRole', groupId, { Id: role.Id }) : await dataProvider.callOperation('groups', 'removeRole', groupId, role.Id);
      if (endedBySignOut(saved)) return;
      // The list's record of the group now holds the new roles.
      refresh();
    } catch (error) {
      mark(role.Id, !on);
      notify(failureOf(error).body?.Message ?? S.roleSaveFailed(role.Name), { type: 'error' });
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
        {shown.map((category) => (
          <Paper key={category.name} variant="outlined" role="group" aria-label={`${category.name} roles`} sx={{ breakInside: 'avoid', mb: 2, p: 1.5, pt: 1, display: 'block' }}>
            <Typography variant="subtitle2" component="h4" sx={{ mb: 0.5 }}>
              {category.name}
              <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                {category.roles.filter((r) => held.has(r.Id)).length}/{category.roles.length}
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
                  <ReadOnlyRole key={role.Id} role={role} granted={held.has(role.Id)} />
                ),
              )}
            </Stack>
          </Paper>
        ))}
      </Box>
    </Box>
  );
}
