import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { Box, Button, ButtonBase, Card, Collapse, FormControlLabel, LinearProgress, Stack, Switch, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import OpenWithIcon from '@mui/icons-material/OpenWith';
import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import { useStore } from 'react-admin';
import { Limits } from '../../shared/constants.js';
import { Texts } from '../../shared/texts/index.js';
import type { OrgState } from '../../dataProvider/session.js';
import { OrgTree } from '../components/OrgTree.js';

const T = Texts.orgs.orgs;
/** How far one arrow key moves the panel's edge. */
const KEY_STEP_PX = 16;

/** The window's width, followed as it changes. */
function useWindowWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
}

/** The panel's narrowest width: the larger of one fifth of the window and 300 px (spec 002 §9); at most half the window. */
export function treeWidthLimits(windowWidth: number) {
  const min = Math.max(windowWidth / 5, Limits.ORG_TREE_MIN_WIDTH_PX);
  return { min, max: Math.max(min, windowWidth / 2) };
}

/** The panel's right edge, dragged (or moved with the arrow keys) to make the tree wider or narrower. */
function ResizeHandle({ width, min, max, onResize }: { width: number; min: number; max: number; onResize(width: number): void }) {
  const start = useRef<{ x: number; width: number } | null>(null);
  const clamp = (value: number) => Math.round(Math.min(max, Math.max(min, value)));
  const handlers = {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      start.current = { x: event.clientX, width };
      event.currentTarget.setPointerCapture?.(event.pointerId);
      event.preventDefault();
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      if (start.current) onResize(clamp(start.current.width + event.clientX - start.current.x));
    },
    onPointerUp() {
      start.current = null;
    },
    onKeyDown(event: KeyboardEvent<HTMLElement>) {
      const step = event.key === 'ArrowRight' ? KEY_STEP_PX : event.key === 'ArrowLeft' ? -KEY_STEP_PX : 0;
      if (!step) return;
      event.preventDefault();
      onResize(clamp(width + step));
    },
  };
  return (
    <Box
      role="separator"
      aria-orientation="vertical"
      aria-label="Resize the org tree"
      aria-valuenow={Math.round(width)}
      aria-valuemin={Math.round(min)}
      aria-valuemax={Math.round(max)}
      tabIndex={0}
      {...handlers}
      sx={{
        position: 'absolute',
        top: 0,
        right: -9,
        bottom: 0,
        width: 10,
        cursor: 'col-resize',
        touchAction: 'none',
        zIndex: 1,
        '&::after': { content: '""', position: 'absolute', top: 12, bottom: 12, left: 4, width: 2, borderRadius: 1, bgcolor: 'transparent', transition: 'background-color 120ms' },
        '&:hover::after, &:focus-visible::after': { bgcolor: 'primary.light' },
        outline: 'none',
      }}
    />
  );
}

interface Props {
  orgs: readonly OrgState[];
  /** The org open on the page (highlighted, its ancestors expanded). */
  current: number | null;
  currentName?: string;
  /** The current org is inactive: the tree then shows inactive orgs, so it can be found. */
  currentHidden?: boolean;
  onOpen(org: OrgState): void;
  /** Add Org (for users who may create orgs). */
  onAdd?: () => void;
  /** Drag and drop (for users who may change an org's parent). */
  onMove?: (org: OrgState, parent: OrgState) => void;
  onRefusedMove?: (org: OrgState, parent: OrgState) => void;
  moving?: boolean;
  phone: boolean;
}

/**
 * The left panel of the Orgs page (spec 002 §2.1): titled Orgs, the searchable tree (400 px high, 20 px indentation)
 * with the current org highlighted, Add Org, a switch showing inactive orgs (hidden ones and INACTIVE ORGS), and the
 * drag-and-drop hint for users who may move orgs. Resizable by its right edge, never narrower than the larger of a
 * fifth of the window and 300 px. On a phone it sits above the org's tabs, folded while an org is open.
 */
export function OrgTreePanel({ orgs, current, currentName, currentHidden, onOpen, onAdd, onMove, onRefusedMove, moving, phone }: Props) {
  const [showInactive, setShowInactive] = useStore<boolean>('orgs.tree.showInactive', false);
  const [storedWidth, setStoredWidth] = useStore<number | null>('orgs.tree.width', null);
  const [folded, setFolded] = useState(current !== null);
  const windowWidth = useWindowWidth();
  const { min, max } = treeWidthLimits(windowWidth);
  const width = Math.min(max, Math.max(min, storedWidth ?? min));

  // An inactive org opened (or just deactivated) stays in view with its badge.
  useEffect(() => {
    if (currentHidden) setShowInactive(true);
  }, [currentHidden, setShowInactive]);
  // On a phone, opening an org folds the tree away so its tabs come up.
  useEffect(() => {
    if (current !== null) setFolded(true);
  }, [current]);

  const byId = new Map(orgs.map((o) => [o.Id, o]));
  const tree: ReactNode = (
    <>
      <Box sx={{ height: 4, mb: 0.5 }}>{moving && <LinearProgress aria-label="Moving the org" />}</Box>
      <OrgTree
        orgs={orgs}
        selected={current ? [current] : []}
        onSelect={(ids) => {
          const org = byId.get(ids[0]);
          if (org) onOpen(org);
        }}
        includeHidden={showInactive}
        height={Limits.ORG_TREE_HEIGHT_PX}
        label={T.treeTitle}
        reveal={current}
        onMove={onMove}
        onRefusedMove={onRefusedMove}
      />
      <Stack spacing={0.5} sx={{ mt: 1.5, pt: 1, borderTop: 1, borderColor: 'divider' }}>
        <FormControlLabel
          control={<Switch size="small" checked={showInactive} onChange={(event) => setShowInactive(event.target.checked)} />}
          label={<Typography variant="body2">Show inactive</Typography>}
          sx={{ ml: 0, gap: 1 }}
        />
        {onMove && !phone && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
            <OpenWithIcon sx={{ fontSize: 16 }} />
            {T.dragHint}
          </Typography>
        )}
      </Stack>
    </>
  );
  const addButton = onAdd && (
    <Button size="small" variant="contained" startIcon={<AddIcon />} onClick={onAdd} sx={{ whiteSpace: 'nowrap' }}>
      Add Org
    </Button>
  );

  if (phone) {
    return (
      <Card component="nav" aria-label={T.treeTitle} sx={{ width: '100%' }}>
        <Stack direction="row" alignItems="center" spacing={1} sx={{ pr: 1.5 }}>
          <ButtonBase
            onClick={() => setFolded((was) => !was)}
            aria-expanded={!folded}
            aria-label={folded ? 'Show the org tree' : 'Hide the org tree'}
            sx={{ flex: 1, minWidth: 0, justifyContent: 'flex-start', gap: 1.5, px: 2, py: 1.5, textAlign: 'left' }}
          >
            <AccountTreeOutlinedIcon color="primary" />
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Typography variant="h6" component="h1" sx={{ lineHeight: 1.2 }}>
                {T.treeTitle}
              </Typography>
              {currentName && (
                <Typography variant="body2" color="text.secondary" noWrap>
                  {currentName}
                </Typography>
              )}
            </Box>
            <ExpandMoreIcon sx={{ transition: 'transform 150ms', transform: folded ? 'none' : 'rotate(180deg)' }} />
          </ButtonBase>
          {addButton}
        </Stack>
        <Collapse in={!folded}>
          <Box sx={{ px: 2, pb: 2 }}>{tree}</Box>
        </Collapse>
      </Card>
    );
  }

  return (
    <Card component="nav" aria-label={T.treeTitle} sx={{ position: 'relative', width, flexShrink: 0, overflow: 'visible', p: 2 }}>
      <Stack direction="row" alignItems="center" spacing={1} sx={{ mb: 1.5 }}>
        <Typography variant="h6" component="h1" sx={{ flex: 1 }}>
          {T.treeTitle}
        </Typography>
        {addButton}
      </Stack>
      {tree}
      <ResizeHandle width={width} min={min} max={max} onResize={setStoredWidth} />
    </Card>
  );
}
