import { useState, type ReactElement, type ReactNode } from 'react';
import { Button, ListItemIcon, ListItemText, Menu, MenuItem, Stack, useMediaQuery } from '@mui/material';
import PersonAddAlt1Icon from '@mui/icons-material/PersonAddAlt1';
import EventIcon from '@mui/icons-material/Event';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import UndoIcon from '@mui/icons-material/Undo';
import SendIcon from '@mui/icons-material/Send';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { useCanAccess } from 'react-admin';
import { MOBILE_QUERY } from '../layout/TopBar.js';
import { useModal } from '../resources/ModalForm.js';
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
 * The open modal sits in one place whatever the layout and whatever the permission checks say meanwhile: as the window
 * crosses the phone width (a resize, a turned tablet — and Chromium's full-page screenshot, which shrinks the window
 * for a moment), the buttons and the menu trade places around it, never remounting it; it keeps its draft (ModalForm)
 * until it closes.
 */
export default function ItemBulkActions({ declaration, parent }: ViewProps) {
  const resource = declaration.name;
  const assign = useCanAccess({ resource, action: 'assign' }).canAccess;
  const setAcds = useCanAccess({ resource, action: 'setAcds' }).canAccess;
  const review = useCanAccess({ resource, action: 'review' }).canAccess;
  const submit = useCanAccess({ resource, action: 'submit' }).canAccess;
  const mobile = useMediaQuery(MOBILE_QUERY);
  const modal = useModal<BulkKind>();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const may: Record<string, boolean | undefined> = { assign, setAcds, review, submit };
  const shown = BUTTONS.filter((b) => may[b.action]);
  const { opened } = modal;
  const dialog = opened && <ItemBulkDialog kind={opened.kind} draft={opened.draft} declaration={declaration} parent={parent} onClose={modal.close} />;

  let buttons: ReactNode = null;
  if (shown.length && mobile) {
    buttons = (
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
                modal.open(b.kind);
              }}
            >
              <ListItemIcon>{b.icon}</ListItemIcon>
              <ListItemText>{BULK_SPECS[b.kind].title}</ListItemText>
            </MenuItem>
          ))}
        </Menu>
      </>
    );
  } else if (shown.length) {
    buttons = (
      <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
        {shown.map((b) => (
          <Button key={b.kind} size="small" startIcon={b.icon} onClick={() => modal.open(b.kind)}>
            {b.label}
          </Button>
        ))}
      </Stack>
    );
  }
  return (
    <>
      {buttons}
      {dialog}
    </>
  );
}
