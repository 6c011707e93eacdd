import { Button, Card, useMediaQuery } from '@mui/material';
import FilterListIcon from '@mui/icons-material/FilterList';
import { Limits } from '../../shared/constants.js';
import { MOBILE_QUERY } from '../layout/TopBar.js';

/** The filter panel's card beside a list on a laptop (FilterPanelFrame's, and the place held for it). */
export const FILTER_PANEL_CARD_SX = { width: Limits.SIDE_PANEL_WIDTH_PX, flexShrink: 0, position: 'sticky', top: 72, maxHeight: 'calc(100vh - 88px)', overflowY: 'auto' } as const;

/** The Filters button that opens the panel's drawer on a phone (FilterPanelFrame's, and the place held for it). */
export const FILTER_PANEL_BUTTON = { variant: 'outlined', startIcon: <FilterListIcon />, sx: { alignSelf: 'flex-start' }, children: 'Filters' } as const;

/**
 * The room a list's filter panel takes, held while the panel waits for the list's answer (ResourceList's WithAside):
 * an empty card of the panel's width on a laptop, the Filters button's box on a phone, so the table neither narrows
 * nor moves down when the panel arrives. Its own small module: the list's code does not pull in the panel's.
 */
export function FilterPanelPlace() {
  const mobile = useMediaQuery(MOBILE_QUERY);
  if (mobile) return <Button {...FILTER_PANEL_BUTTON} disabled aria-hidden tabIndex={-1} sx={{ ...FILTER_PANEL_BUTTON.sx, visibility: 'hidden' }} />;
  return <Card aria-hidden sx={{ ...FILTER_PANEL_CARD_SX, minHeight: 240 }} />;
}
