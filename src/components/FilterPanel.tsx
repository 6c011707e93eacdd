import { useState, type ReactNode } from 'react';
import { Box, Button, Card, Checkbox, Collapse, Drawer, IconButton, List, ListItemButton, ListItemIcon, ListItemText, Stack, Typography, useMediaQuery } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Limits } from '../../shared/constants.js';
import { MOBILE_QUERY } from '../layout/TopBar.js';
import { FILTER_PANEL_BUTTON, FILTER_PANEL_CARD_SX } from './FilterPanelPlace.js';

/** A heading of a filter panel's part (Orgs, Groups, Case Status). */
export function PanelHeading({ children }: { children: string }) {
  return (
    <Typography variant="overline" component="h2" color="text.secondary" sx={{ display: 'block', px: 1, pt: 1, lineHeight: 2 }}>
      {children}
    </Typography>
  );
}

/**
 * A list's left filter panel: beside the table on a laptop (sticky, scrolling on its own), behind a Filters button
 * in a drawer on a phone.
 */
export function FilterPanelFrame({ children }: { children: ReactNode }) {
  const mobile = useMediaQuery(MOBILE_QUERY);
  const [open, setOpen] = useState(false);
  if (!mobile) {
    return (
      <Card component="aside" sx={FILTER_PANEL_CARD_SX}>
        {children}
      </Card>
    );
  }
  return (
    <>
      <Button {...FILTER_PANEL_BUTTON} onClick={() => setOpen(true)} aria-expanded={open} />
      <Drawer anchor="left" open={open} onClose={() => setOpen(false)} slotProps={{ paper: { sx: { width: Limits.SIDE_PANEL_WIDTH_PX, maxWidth: '85vw' } } }}>
        <Stack direction="row" alignItems="center" sx={{ px: 2, pt: 1 }}>
          <Typography variant="h6" sx={{ flex: 1 }}>
            Filters
          </Typography>
          <IconButton aria-label="Close filters" onClick={() => setOpen(false)}>
            <CloseIcon />
          </IconButton>
        </Stack>
        {children}
      </Drawer>
    </>
  );
}

export interface CheckChoice {
  id: string;
  name: string;
}

/**
 * A collapsible checkbox tree of one level: a check-all box named by `title` (checked, partly checked or not) over
 * one box per choice.
 */
export function CheckTree({ title, choices, selected, onChange, defaultOpen = true }: { title: string; choices: readonly CheckChoice[]; selected: readonly string[]; onChange(ids: string[]): void; defaultOpen?: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  const count = choices.filter((c) => selected.includes(c.id)).length;
  const toggle = (id: string) => onChange(selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id]);
  return (
    <Box>
      <Stack direction="row" alignItems="center" sx={{ px: 0.5 }}>
        <IconButton size="small" aria-label={`${open ? 'Collapse' : 'Expand'} ${title}`} aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
        </IconButton>
        <Checkbox
          size="small"
          checked={choices.length > 0 && count === choices.length}
          indeterminate={count > 0 && count < choices.length}
          onChange={(e) => onChange(e.target.checked ? choices.map((c) => c.id) : [])}
          slotProps={{ input: { 'aria-label': `All ${title}` } }}
        />
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {title}
        </Typography>
      </Stack>
      <Collapse in={open}>
        <List dense disablePadding aria-label={title}>
          {choices.map((choice) => (
            <ListItemButton key={choice.id} sx={{ pl: 5, py: 0 }} onClick={() => toggle(choice.id)}>
              <ListItemIcon sx={{ minWidth: 0 }}>
                <Checkbox size="small" edge="start" tabIndex={-1} checked={selected.includes(choice.id)} slotProps={{ input: { 'aria-label': choice.name } }} />
              </ListItemIcon>
              <ListItemText primary={choice.name} />
            </ListItemButton>
          ))}
        </List>
      </Collapse>
    </Box>
  );
}
