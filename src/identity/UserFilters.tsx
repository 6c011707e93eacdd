import { useMemo, useState } from 'react';
import { Box, Button, Checkbox, Collapse, Divider, FormControlLabel, IconButton, List, ListItem, ListItemButton, ListItemIcon, ListItemText, Stack, Typography } from '@mui/material';
import { useCanAccess, useGetList, useListContext } from 'react-admin';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import FilterAltOffOutlinedIcon from '@mui/icons-material/FilterAltOffOutlined';
import type { Group, UsersQuery } from '../../dataProvider/identity.js';
import { OrgTree } from '../components/OrgTree.js';
import { useOrgs } from '../session/useLookups.js';
import { FilterPanelFrame, PanelHeading } from '../components/FilterPanel.js';
import { NO_USER_FILTERS } from '../../resources/users.js';
import type { ViewProps } from '../resources/views.js';

export type AdditionalFilters = UsersQuery['additional'];

export const NO_FILTERS: AdditionalFilters = NO_USER_FILTERS;

const UNTAGGED = 'Other';
const ALL_GROUPS = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'Name', order: 'ASC' as const } };

/** Every group (the declared `groups` resource), for users who may see them. */
function useGroups(): readonly Group[] {
  const { canAccess = false } = useCanAccess({ resource: 'groups', action: 'list' });
  const { data } = useGetList<Group & { id: number }>('groups', ALL_GROUPS, { enabled: canAccess });
  return data ?? [];
}

/** Groups under their tags (a group with several tags shows under each; groups without tags under "Other"). */
export function groupsByTag(groups: readonly Group[]): { tag: string; groups: Group[] }[] {
  const byTag = new Map<string, Group[]>();
  for (const group of groups) {
    const tags = group.Tags.length ? group.Tags.map((t) => t.Name) : [UNTAGGED];
    for (const tag of tags) byTag.set(tag, [...(byTag.get(tag) ?? []), group]);
  }
  return [...byTag.entries()]
    .sort(([a], [b]) => (a === UNTAGGED ? 1 : b === UNTAGGED ? -1 : a.localeCompare(b)))
    .map(([tag, list]) => ({ tag, groups: [...list].sort((x, y) => x.Name.localeCompare(y.Name)) }));
}

/** The groups tree of the filter panel: tags with a tri-state checkbox, groups with checkboxes. */
function GroupTagTree({ groups, selected, onChange }: { groups: readonly Group[]; selected: number[]; onChange: (ids: number[]) => void }) {
  const tree = useMemo(() => groupsByTag(groups), [groups]);
  const [open, setOpen] = useState<string[]>([]);
  if (!groups.length) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ px: 1 }}>
        No groups
      </Typography>
    );
  }
  return (
    <List dense disablePadding aria-label="Groups">
      {tree.map(({ tag, groups: members }) => {
        const ids = members.map((g) => g.Id);
        const count = ids.filter((id) => selected.includes(id)).length;
        const expanded = open.includes(tag);
        return (
          <Box key={tag}>
            <ListItem disablePadding secondaryAction={<Typography variant="caption" color="text.secondary">{members.length}</Typography>}>
              <IconButton size="small" aria-label={`${expanded ? 'Collapse' : 'Expand'} ${tag}`} onClick={() => setOpen(expanded ? open.filter((t) => t !== tag) : [...open, tag])}>
                {expanded ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
              </IconButton>
              <ListItemIcon sx={{ minWidth: 0 }}>
                <Checkbox
                  size="small"
                  edge="start"
                  checked={count === ids.length}
                  indeterminate={count > 0 && count < ids.length}
                  onChange={(e) => onChange(e.target.checked ? [...new Set([...selected, ...ids])] : selected.filter((id) => !ids.includes(id)))}
                  slotProps={{ input: { 'aria-label': `Tag ${tag}` } }}
                />
              </ListItemIcon>
              <ListItemText primary={tag} slotProps={{ primary: { sx: { fontWeight: 500 } } }} />
            </ListItem>
            <Collapse in={expanded} unmountOnExit>
              <List dense disablePadding>
                {members.map((g) => (
                  <ListItemButton key={g.Id} sx={{ pl: 5, py: 0 }} onClick={() => onChange(selected.includes(g.Id) ? selected.filter((id) => id !== g.Id) : [...selected, g.Id])}>
                    <ListItemIcon sx={{ minWidth: 0 }}>
                      <Checkbox size="small" edge="start" tabIndex={-1} checked={selected.includes(g.Id)} slotProps={{ input: { 'aria-label': g.Name } }} />
                    </ListItemIcon>
                    <ListItemText primary={g.Name} />
                  </ListItemButton>
                ))}
              </List>
            </Collapse>
          </Box>
        );
      })}
    </List>
  );
}

/** The left filter panel of /identity/users: Clear Filters, orgs tree, groups by tag, additional checkboxes. */
export function UserFilters({
  value,
  onChange,
  onClear,
  groups,
}: {
  value: AdditionalFilters;
  onChange: (value: AdditionalFilters) => void;
  onClear: () => void;
  groups: readonly Group[];
}) {
  const orgs = useOrgs();
  const set = (patch: Partial<AdditionalFilters>) => onChange({ ...value, ...patch });
  const check = (key: 'HideIDSUsers' | 'Active' | 'Inactive', label: string) => (
    <FormControlLabel sx={{ ml: 0 }} control={<Checkbox size="small" checked={value[key]} onChange={(e) => set({ [key]: e.target.checked })} />} label={label} />
  );
  return (
    <Stack spacing={0.5} aria-label="User filters" role="region">
      <Box sx={{ px: 1, pt: 1 }}>
        <Button fullWidth variant="outlined" startIcon={<FilterAltOffOutlinedIcon />} onClick={onClear}>
          Clear Filters
        </Button>
      </Box>
      <PanelHeading>Orgs</PanelHeading>
      <Box sx={{ px: 1 }}>
        <OrgTree orgs={orgs} multi selected={value.OrgIds} onSelect={(OrgIds) => set({ OrgIds })} height={280} label="Orgs" />
      </Box>
      <Divider sx={{ my: 1 }} />
      <PanelHeading>Groups</PanelHeading>
      <GroupTagTree groups={groups} selected={value.GroupIds} onChange={(GroupIds) => set({ GroupIds })} />
      <Divider sx={{ my: 1 }} />
      <PanelHeading>Additional</PanelHeading>
      <Stack sx={{ px: 1, pb: 1 }}>
        {check('HideIDSUsers', 'Hide IDS Users')}
        {check('Active', 'Active')}
        {check('Inactive', 'Inactive')}
      </Stack>
    </Stack>
  );
}

/**
 * The users list's aside slot: the filter panel beside the table on a laptop, behind a Filters button in a drawer
 * on a phone. Its choices are the list's filters (sent as `additional`); Clear Filters also empties the text filters.
 */
export default function UserFilterPanel(_props: ViewProps) {
  const { filterValues, setFilters } = useListContext();
  const groups = useGroups();
  const value = { ...NO_FILTERS, ...(filterValues as Partial<AdditionalFilters>) };
  return (
    <FilterPanelFrame>
      <UserFilters
        value={value}
        groups={groups}
        onChange={(next) => setFilters({ ...filterValues, ...next }, undefined, false)}
        onClear={() => setFilters({}, undefined, false)}
      />
    </FilterPanelFrame>
  );
}
