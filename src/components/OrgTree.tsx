import { createContext, forwardRef, useContext, useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, InputAdornment, TextField, useMediaQuery } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import BlockIcon from '@mui/icons-material/Block';
import { MOBILE_QUERY } from '../layout/TopBar.js';
import { RichTreeView } from '@mui/x-tree-view/RichTreeView';
import { TreeItem, type TreeItemProps } from '@mui/x-tree-view/TreeItem';
import { useTreeViewApiRef } from '@mui/x-tree-view/hooks';
import { Limits, Timing } from '../../shared/constants.js';
import { Texts } from '../../shared/texts/index.js';
import type { OrgState } from '../../dataProvider/session.js';
import { useOrgs } from '../session/useLookups.js';
import { allNodeIds, ancestorIds, buildOrgTree, isBelow, isSameOrBelow, type OrgNode } from './orgTree.js';

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
  /** An org to show: its ancestors open, and the tree scrolls to it (the current org of a page). */
  reveal?: number | null;
  /** Only the first node starts expanded (the invoicing tree, spec 002 §2.7); otherwise the first levels of a large tree. */
  expandFirstOnly?: boolean;
  /**
   * Drag and drop: an org dropped onto another moves under it. The top org is not dragged. An org below the dragged
   * one says "Cannot move here" while the drag is over it, and a drop there is refused (`onRefusedMove`) before
   * anything is asked; the org itself and its own parent are no drop targets (nothing would change).
   */
  onMove?: (org: OrgState, parent: OrgState) => void;
  onRefusedMove?: (org: OrgState, parent: OrgState) => void;
}

/** The data type of a dragged org: other drags (files, text) are not drops on the tree. */
const DRAG_TYPE = 'application/x-dossier-org';

interface TreeState {
  byId: ReadonlyMap<string, OrgState>;
  movable: boolean;
  dragging: string | null;
  over: string | null;
  canDrop(source: string, target: string): boolean;
  /** The target is one of the orgs below the dragged one: the drop is taken only to say why it is refused. */
  refuses(source: string, target: string): boolean;
  start(id: string): void;
  enter(id: string | null): void;
  end(): void;
  drop(target: string, source: string | null): void;
}

const TreeStateContext = createContext<TreeState | null>(null);

/**
 * One org of the tree: its name (with its code), an Inactive badge when it is hidden, and — where moving is on —
 * the HTML5 drag and drop of its row (the tree view's own reordering is a paid feature).
 */
const OrgTreeItem = forwardRef<HTMLLIElement, TreeItemProps>(function OrgTreeItem(props, ref) {
  const tree = useContext(TreeStateContext);
  const id = props.itemId;
  const org = tree?.byId.get(id);
  // Dragged over one of the orgs below the dragged one: the row says so (the drag sees the same elements throughout).
  const refused = Boolean(tree?.movable && org && tree.over === id && tree.dragging !== null && tree.refuses(tree.dragging, id));
  const label = (
    <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
      <Box component="span" title={typeof props.label === 'string' ? props.label : undefined} sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', color: org?.Hidden ? 'text.secondary' : undefined }}>
        {props.label}
      </Box>
      {org?.Hidden && <Chip size="small" variant="outlined" label={Texts.orgs.orgs.inactive} sx={{ height: 20, fontSize: '0.7rem', flexShrink: 0 }} />}
      {refused && <Chip size="small" color="error" icon={<BlockIcon />} label={Texts.orgs.orgs.cannotMoveHere} sx={{ height: 20, fontSize: '0.7rem', flexShrink: 0, pointerEvents: 'none' }} />}
    </Box>
  );
  if (!tree?.movable || !org) return <TreeItem {...props} ref={ref} label={label} />;
  const draggable = org.ParentOrg_Id !== null;
  /** Whether a drag over this row is taken: a new parent, or an org below the dragged one (to say why not). */
  const takes = () => tree.dragging !== null && (tree.canDrop(tree.dragging, id) || tree.refuses(tree.dragging, id));
  const content = {
    draggable,
    className:
      [tree.over === id ? (refused ? 'OrgTree-refusedTarget' : 'OrgTree-dropTarget') : '', tree.dragging === id ? 'OrgTree-dragging' : ''].join(' ').trim() || undefined,
    onDragStart: (event: DragEvent<HTMLDivElement>) => {
      event.stopPropagation();
      event.dataTransfer?.setData?.(DRAG_TYPE, id);
      if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
      tree.start(id);
    },
    // An org below the dragged one takes the drag too, only to say why nothing moves (a browser that is not offered
    // a drop says nothing at all); the row says so while the drag is over it. Entering is taken like passing over:
    // a browser that sees an untaken dragenter moves the drag's target to the page.
    onDragEnter: (event: DragEvent<HTMLDivElement>) => {
      if (!takes()) return;
      event.preventDefault();
      if (tree.over !== id) tree.enter(id);
    },
    onDragOver: (event: DragEvent<HTMLDivElement>) => {
      if (!takes()) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'move';
      if (tree.over !== id) tree.enter(id);
    },
    onDragLeave: (event: DragEvent<HTMLDivElement>) => {
      if (tree.over === id && !event.currentTarget.contains(event.relatedTarget as Node | null)) tree.enter(null);
    },
    onDrop: (event: DragEvent<HTMLDivElement>) => {
      event.preventDefault();
      event.stopPropagation();
      tree.drop(id, tree.dragging ?? event.dataTransfer?.getData?.(DRAG_TYPE) ?? null);
    },
    onDragEnd: () => tree.end(),
  };
  return <TreeItem {...props} ref={ref} label={label} slotProps={{ content }} />;
});

/** How many nodes of a large tree start expanded: its first levels. */
const FIRST_EXPANDED_NODES = 50;

/** The nodes open when a tree first shows: the first node or the first levels of a large tree, and the ancestors of the org to show. */
function firstExpanded(tree: OrgNode[], orgs: readonly OrgState[], reveal: number | null | undefined, firstOnly: boolean): string[] {
  const first = allNodeIds(tree).slice(0, firstOnly ? 1 : FIRST_EXPANDED_NODES);
  return reveal ? [...new Set([...first, ...ancestorIds(orgs, reveal).map(String)])] : first;
}

/**
 * The org tree: searchable, 20 px indentation, hidden orgs and INACTIVE ORGS left out by default (with them, hidden
 * orgs carry an Inactive badge). With `onMove`, orgs are dragged onto their new parent.
 */
export function OrgTree({ orgs, multi, selected, onSelect, onPick, includeHidden, searchable = true, height, label = 'Orgs', reveal, expandFirstOnly = false, onMove, onRefusedMove }: OrgTreeProps) {
  const [search, setSearch] = useState('');
  const tree = useMemo(() => buildOrgTree(orgs, { includeHidden, search }), [orgs, includeHidden, search]);
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const byId = useMemo(() => new Map(orgs.map((o) => [String(o.Id), o])), [orgs]);
  const [dragging, setDragging] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const apiRef = useTreeViewApiRef();
  const box = useRef<HTMLDivElement>(null);
  const lastClick = useRef<{ id: string; at: number } | null>(null);
  const open = useMemo(() => expanded ?? (orgs.length ? firstExpanded(buildOrgTree(orgs, { includeHidden }), orgs, reveal, expandFirstOnly) : []), [expanded, orgs, includeHidden, reveal, expandFirstOnly]);

  // The org to show: its ancestors open, and it comes into view within the tree's own scroll.
  useEffect(() => {
    if (!reveal) return;
    const needed = ancestorIds(orgs, reveal).map(String);
    setExpanded((previous) => {
      const base = previous ?? firstExpanded(buildOrgTree(orgs, { includeHidden }), orgs, reveal, expandFirstOnly);
      return needed.every((id) => base.includes(id)) && previous ? previous : [...new Set([...base, ...needed])];
    });
  }, [reveal, orgs, includeHidden, expandFirstOnly]);
  useEffect(() => {
    if (!reveal) return;
    const timer = setTimeout(() => {
      const row = apiRef.current?.getItemDOMElement(String(reveal))?.firstElementChild;
      const frame = box.current;
      if (!row || !frame || !height) return;
      const rowBox = row.getBoundingClientRect();
      const frameBox = frame.getBoundingClientRect();
      if (rowBox.top < frameBox.top || rowBox.bottom > frameBox.bottom) frame.scrollTop += rowBox.top - frameBox.top - frameBox.height / 3;
    }, 0);
    return () => clearTimeout(timer);
  }, [reveal, apiRef, height, open]);

  const state = useMemo<TreeState>(
    () => ({
      byId,
      movable: Boolean(onMove),
      dragging,
      over,
      canDrop: (source, target) => {
        const from = byId.get(source);
        const to = byId.get(target);
        return Boolean(from && to) && !isSameOrBelow(orgs, to!.Id, from!.Id) && from!.ParentOrg_Id !== to!.Id;
      },
      refuses: (source, target) => {
        const from = byId.get(source);
        const to = byId.get(target);
        return Boolean(from && to) && isBelow(orgs, to!.Id, from!.Id);
      },
      start: (id) => setDragging(id),
      enter: (id) => setOver(id),
      end: () => {
        setDragging(null);
        setOver(null);
      },
      drop: (target, source) => {
        setDragging(null);
        setOver(null);
        const from = source ? byId.get(source) : undefined;
        const to = byId.get(target);
        if (!from || !to || !onMove || from.Id === to.Id) return;
        // Checked before anything is asked (the server refuses too): never under an org below it.
        if (isSameOrBelow(orgs, to.Id, from.Id)) onRefusedMove?.(from, to);
        else if (from.ParentOrg_Id !== to.Id) onMove(from, to);
      },
    }),
    [byId, onMove, onRefusedMove, dragging, over, orgs],
  );

  // Two clicks on one org within the spec's window (300 ms) pick it, timed by when the clicks happened (the events'
  // timeStamp), not when their handlers ran: a busy page may run the second handler late.
  const onItemClick = (event: React.MouseEvent, itemId: string) => {
    const previous = lastClick.current;
    lastClick.current = { id: itemId, at: event.timeStamp };
    if (onPick && previous && previous.id === itemId && event.timeStamp - previous.at <= Timing.DOUBLE_CLICK_MS) {
      const org = byId.get(itemId);
      if (org) onPick(org);
    }
  };

  const ids = selected.map(String);
  return (
    <Box>
      {searchable && (
        <TextField
          size="small"
          hiddenLabel
          fullWidth
          placeholder={Texts.orgs.orgs.searchPlaceholder}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          sx={{ mb: 1 }}
          slotProps={{
            htmlInput: { 'aria-label': `Search ${label}` },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      )}
      <Box
        ref={box}
        sx={{
          maxHeight: height,
          overflowY: height ? 'auto' : undefined,
          '& .OrgTree-dropTarget': { outline: 2, outlineStyle: 'dashed', outlineColor: 'primary.main', outlineOffset: -2, bgcolor: 'action.hover' },
          '& .OrgTree-refusedTarget': { outline: 2, outlineStyle: 'dashed', outlineColor: 'error.main', outlineOffset: -2, cursor: 'not-allowed' },
          '& .OrgTree-dragging': { opacity: 0.5 },
          '& [draggable="true"]': { cursor: 'grab' },
          // The selected org stands out (the current org of a page, the chosen one of a picker).
          '& .MuiTreeItem-content[data-selected]': { fontWeight: 600, color: 'primary.main' },
        }}
      >
        <TreeStateContext.Provider value={state}>
          <RichTreeView<OrgNode, boolean>
            apiRef={apiRef}
            aria-label={label}
            items={tree}
            getItemId={(n) => n.id}
            getItemLabel={(n) => n.label}
            itemChildrenIndentation={Limits.ORG_TREE_INDENT_PX}
            expandedItems={search ? allNodeIds(tree) : open}
            onExpandedItemsChange={(_e, next) => setExpanded(next)}
            multiSelect={multi}
            checkboxSelection={multi}
            selectedItems={multi ? ids : (ids[0] ?? null)}
            onSelectedItemsChange={(_e, next) => onSelect((Array.isArray(next) ? next : next ? [next] : []).map(Number))}
            onItemClick={onItemClick}
            expansionTrigger="iconContainer"
            slots={{ item: OrgTreeItem }}
          />
        </TreeStateContext.Provider>
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
        <OrgTree orgs={orgs} selected={selected} onSelect={setSelected} onPick={onPick} height={Limits.ORG_TREE_HEIGHT_PX} reveal={value} />
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
