import { useMemo, useRef, useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, useMediaQuery } from '@mui/material';
import { MOBILE_QUERY } from '../layout/TopBar.js';
import { RichTreeView } from '@mui/x-tree-view/RichTreeView';
import { Limits, Timing } from '../../shared/constants.js';
import type { OrgState } from '../../dataProvider/session.js';
import { useOrgs } from '../session/useLookups.js';
import { allNodeIds, buildOrgTree, type OrgNode } from './orgTree.js';

interface OrgTreeProps {
  orgs: readonly OrgState[];
  /** Checkbox tree choosing several orgs (filters). */
  multi?: boolean;
  selected: number[];
  onSelect: (ids: number[]) => void;
  /** Double-click (within 300 ms) on an org. */
  onPick?: (org: OrgState) => void;
  includeHidden?: boolean;
  searchable?: boolean;
  height?: number;
  label?: string;
}

/** The org tree: searchable, 20 px indentation, hidden orgs left out by default. */
export function OrgTree({ orgs, multi, selected, onSelect, onPick, includeHidden, searchable = true, height, label = 'Orgs' }: OrgTreeProps) {
  const [search, setSearch] = useState('');
  const tree = useMemo(() => buildOrgTree(orgs, { includeHidden, search }), [orgs, includeHidden, search]);
  const [expanded, setExpanded] = useState<string[]>(() => allNodeIds(buildOrgTree(orgs, { includeHidden })).slice(0, 50));
  const lastClick = useRef<{ id: string; at: number } | null>(null);
  const byId = useMemo(() => new Map(orgs.map((o) => [String(o.Id), o])), [orgs]);

  const onItemClick = (_event: React.MouseEvent, itemId: string) => {
    const now = Date.now();
    const previous = lastClick.current;
    lastClick.current = { id: itemId, at: now };
    if (onPick && previous && previous.id === itemId && now - previous.at <= Timing.DOUBLE_CLICK_MS) {
      const org = byId.get(itemId);
      if (org) onPick(org);
    }
  };

  const ids = selected.map(String);
  return (
    <Box>
      {searchable && (
        <TextField size="small" fullWidth placeholder="Search orgs…" value={search} onChange={(e) => setSearch(e.target.value)} sx={{ mb: 1 }} slotProps={{ htmlInput: { 'aria-label': `Search ${label}` } }} />
      )}
      <Box sx={{ maxHeight: height, overflowY: height ? 'auto' : undefined }}>
        <RichTreeView<OrgNode, boolean>
          aria-label={label}
          items={tree}
          getItemId={(n) => n.id}
          getItemLabel={(n) => n.label}
          itemChildrenIndentation={Limits.ORG_TREE_INDENT_PX}
          expandedItems={search ? allNodeIds(tree) : expanded}
          onExpandedItemsChange={(_e, next) => setExpanded(next)}
          multiSelect={multi}
          checkboxSelection={multi}
          selectedItems={multi ? ids : (ids[0] ?? null)}
          onSelectedItemsChange={(_e, next) => onSelect((Array.isArray(next) ? next : next ? [next] : []).map(Number))}
          onItemClick={onItemClick}
          expansionTrigger="iconContainer"
        />
      </Box>
    </Box>
  );
}

/** A modal org picker: choose with a double-click, or select and press Select. */
export function OrgPickerDialog({ open, onClose, onPick, value }: { open: boolean; onClose: () => void; onPick: (org: OrgState) => void; value?: number | null }) {
  const orgs = useOrgs();
  const [selected, setSelected] = useState<number[]>(value ? [value] : []);
  const chosen = orgs.find((o) => o.Id === selected[0]);
  const fullScreen = useMediaQuery(MOBILE_QUERY);
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="org-picker-title">
      <DialogTitle id="org-picker-title">Choose an organization</DialogTitle>
      <DialogContent dividers>
        <OrgTree orgs={orgs} selected={selected} onSelect={setSelected} onPick={onPick} height={400} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={!chosen} onClick={() => chosen && onPick(chosen)}>
          Select
        </Button>
      </DialogActions>
    </Dialog>
  );
}
