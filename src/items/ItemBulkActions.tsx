import { useState, type ReactElement } from 'react';
import { Button, ListItemIcon, ListItemText, Menu, MenuItem, Stack, useMediaQuery } from '@mui/material';
import PersonAddAlt1Icon from '@mui/icons-material/PersonAddAlt1';
import EventIcon from '@mui/icons-material/Event';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import UndoIcon from '@mui/icons-material/Undo';
import SendIcon from '@mui/icons-material/Send';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { useCanAccess } from 'react-admin';
import { MOBILE_QUERY } from '../layout/TopBar.js';
import type { ViewProps } from '../resources/views.js';
import { BULK_SPECS, type BulkKind } from './bulkSpecs.js';
import { ItemBulkDialog } from './ItemBulkDialog.js';

/** The bulk buttons in order, each with the declaration's action that shows it (spec 001 §6). */
const BUTTONS: readonly { kind: BulkKind; label: string; action: string; icon: ReactElement }[] = [
  { kind: 'assign', label: 'Assign', action: 'assign', icon: <PersonAddAlt1Icon fontSize="small" /> },
  { kind: 'setAcds', label: 'Update ACDs', action: 'setAcds', icon: <EventIcon fontSize="small" /> },
  { kind: 'accept', label: 'Accept', action: 'review', icon: <TaskAltIcon fontSize="small" /> },
  { kind: 'reject', label: 'Reject', action: 'review', icon: <UndoIcon fontSize="small" /> },
  { kind: 'submit', label: 'Submit', action: 'submit', icon: <SendIcon fontSize="small" /> },
];

/**
 * The items table's bulk actions (the `caseItemBulkActions` slot): Assign, Update ACDs, Accept, Reject and Submit for
 * the checked items, each for users holding its permission, each opening its modal. On a phone they sit in one menu.
 */
export default function ItemBulkActions({ declaration, parent }: ViewProps) {
  const resource = declaration.name;
  const assign = useCanAccess({ resource, action: 'assign' }).canAccess;
  const setAcds = useCanAccess({ resource, action: 'setAcds' }).canAccess;
  const review = useCanAccess({ resource, action: 'review' }).canAccess;
  const submit = useCanAccess({ resource, action: 'submit' }).canAccess;
  const mobile = useMediaQuery(MOBILE_QUERY);
  const [open, setOpen] = useState<BulkKind | null>(null);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const may: Record<string, boolean | undefined> = { assign, setAcds, review, submit };
  const shown = BUTTONS.filter((b) => may[b.action]);
  if (!shown.length) return null;
  const dialog = open && <ItemBulkDialog kind={open} declaration={declaration} parent={parent} onClose={() => setOpen(null)} />;

  if (mobile) {
    return (
      <>
        <Button size="small" startIcon={<MoreVertIcon />} aria-haspopup="menu" onClick={(event) => setMenu(event.currentTarget)}>
          Actions
        </Button>
        <Menu anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)}>
          {shown.map((b) => (
            <MenuItem
              key={b.kind}
              onClick={() => {
                setMenu(null);
                setOpen(b.kind);
              }}
            >
              <ListItemIcon>{b.icon}</ListItemIcon>
              <ListItemText>{BULK_SPECS[b.kind].title}</ListItemText>
            </MenuItem>
          ))}
        </Menu>
        {dialog}
      </>
    );
  }
  return (
    <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
      {shown.map((b) => (
        <Button key={b.kind} size="small" startIcon={b.icon} onClick={() => setOpen(b.kind)}>
          {b.label}
        </Button>
      ))}
      {dialog}
    </Stack>
  );
}
