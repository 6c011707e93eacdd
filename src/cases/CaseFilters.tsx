import { useEffect, useState } from 'react';
import { Box, Button, Divider, Stack } from '@mui/material';
import FilterAltOffOutlinedIcon from '@mui/icons-material/FilterAltOffOutlined';
import FilterAltIcon from '@mui/icons-material/FilterAlt';
import { useGetList, useListContext, type RaRecord } from 'react-admin';
import { OrgTree } from '../components/OrgTree.js';
import { CheckTree, FilterPanelFrame, PanelHeading, type CheckChoice } from '../components/FilterPanel.js';
import { useOrgs } from '../session/useLookups.js';
import type { ViewProps } from '../resources/views.js';

/** The panel's part of the list's filters (CasesQuery's `additional`). */
type PanelValue = { OrgIds: number[]; CaseStateIDs: string[]; ItemStateIDS: string[] };

const ALL_STATES = { pagination: { page: 1, perPage: 100 }, sort: { field: 'Order', order: 'ASC' as const } };

/** The case or item states as the server lists them, as checkbox choices. */
function useStates(resource: 'case-states' | 'item-states'): CheckChoice[] {
  const { data = [] } = useGetList<RaRecord & { Description: string }>(resource, ALL_STATES);
  return data.map((s) => ({ id: String(s.id), name: s.Description }));
}

const panelOf = (filters: Record<string, unknown>): PanelValue => ({
  OrgIds: (filters.OrgIds as number[] | undefined) ?? [],
  CaseStateIDs: (filters.CaseStateIDs as string[] | undefined) ?? [],
  ItemStateIDS: (filters.ItemStateIDS as string[] | undefined) ?? [],
});

/**
 * The cases list's left panel (spec 001 §2): checkbox trees of the orgs in the user's scope, the case states and the
 * item states. Choices take effect on Apply Filters; Clear Filters empties every filter of the list (the searches,
 * the reviewer and the dates too) at once.
 */
export default function CaseFilters(_props: ViewProps) {
  const { filterValues, setFilters } = useListContext();
  const orgs = useOrgs();
  const caseStates = useStates('case-states');
  const itemStates = useStates('item-states');
  const applied = panelOf(filterValues as Record<string, unknown>);
  const [draft, setDraft] = useState<PanelValue>(applied);
  const appliedKey = JSON.stringify(applied);
  // The list's filters changed elsewhere (cleared): the panel shows them.
  useEffect(() => setDraft(JSON.parse(appliedKey) as PanelValue), [appliedKey]);
  const changed = JSON.stringify(draft) !== appliedKey;

  return (
    <FilterPanelFrame>
      <Stack spacing={0.5} aria-label="Case filters" role="region">
        <Stack direction="row" spacing={1} sx={{ px: 1, pt: 1 }}>
          <Button fullWidth size="small" variant="outlined" startIcon={<FilterAltOffOutlinedIcon />} onClick={() => setFilters({}, undefined, false)}>
            Clear Filters
          </Button>
          <Button fullWidth size="small" variant="contained" startIcon={<FilterAltIcon />} disabled={!changed} onClick={() => setFilters({ ...filterValues, ...draft }, undefined, false)}>
            Apply Filters
          </Button>
        </Stack>
        <PanelHeading>Orgs</PanelHeading>
        <Box sx={{ px: 1 }}>
          <OrgTree orgs={orgs} multi selected={draft.OrgIds} onSelect={(OrgIds) => setDraft({ ...draft, OrgIds })} height={220} label="Orgs" />
        </Box>
        <Divider sx={{ my: 1 }} />
        <CheckTree title="Case Status" choices={caseStates} selected={draft.CaseStateIDs} onChange={(CaseStateIDs) => setDraft({ ...draft, CaseStateIDs })} />
        <Divider sx={{ my: 1 }} />
        <Box sx={{ pb: 1 }}>
          <CheckTree title="Item Status" choices={itemStates} selected={draft.ItemStateIDS} onChange={(ItemStateIDS) => setDraft({ ...draft, ItemStateIDS })} />
        </Box>
      </Stack>
    </FilterPanelFrame>
  );
}

