import { Button, Stack } from '@mui/material';
import FilterAltOffOutlinedIcon from '@mui/icons-material/FilterAltOffOutlined';
import { useGetList, useListContext, type RaRecord } from 'react-admin';
import { CheckTree, FilterPanelFrame } from '../components/FilterPanel.js';
import type { ViewProps } from '../resources/views.js';

const ALL_STATES = { pagination: { page: 1, perPage: 100 }, sort: { field: 'Order', order: 'ASC' as const } };

/**
 * Item search's left panel (spec 001 §2 "Item search (/items)"): Clear Filters, and the Item Status tree — one box
 * per state of the `item-states` lookup, named in start case, with a check-all box. A change reloads the list at once
 * (no Apply button); the list sends the states as `additional.ItemStateIDS`.
 */
export default function ItemFilters(_props: ViewProps) {
  const { filterValues, setFilters } = useListContext();
  const { data = [] } = useGetList<RaRecord & { Description: string }>('item-states', ALL_STATES);
  const choices = data.map((s) => ({ id: String(s.id), name: s.Description }));
  const selected = ((filterValues as Record<string, unknown>).ItemStateIDS as string[] | undefined) ?? [];

  return (
    <FilterPanelFrame>
      <Stack spacing={0.5} aria-label="Item filters" role="region" sx={{ pb: 1 }}>
        <Stack direction="row" sx={{ px: 1, pt: 1 }}>
          <Button fullWidth size="small" variant="outlined" startIcon={<FilterAltOffOutlinedIcon />} onClick={() => setFilters({}, undefined, false)}>
            Clear Filters
          </Button>
        </Stack>
        <CheckTree title="Item Status" choices={choices} selected={selected} onChange={(ItemStateIDS) => setFilters({ ...filterValues, ItemStateIDS }, undefined, false)} />
      </Stack>
    </FilterPanelFrame>
  );
}
