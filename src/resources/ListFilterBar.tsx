import { startTransition, useEffect, useLayoutEffect, useRef, useState, type ComponentProps } from 'react';
import { Box, useMediaQuery } from '@mui/material';
import { FilterForm, useStore } from 'react-admin';
import { MOBILE_QUERY } from '../layout/TopBar.js';

/**
 * Filters sit in a row on a laptop and two to a line on a phone, so the rows stay in view. (Here, not beside the
 * filter inputs: ListFilters reaches the form code through the date filter, and the bar must not.)
 */
export const FILTER_AREA = {
  flex: 1,
  minWidth: 0,
  '& form': { p: 0, minHeight: 0, display: { xs: 'grid', sm: 'flex' }, gridTemplateColumns: '1fr 1fr', columnGap: 1 },
  '& .filter-field': { minWidth: 0 },
  // On a phone a checkbox filter takes the whole row: its label is longer than half the width.
  '& .filter-field:has(input[type="checkbox"])': { gridColumn: { xs: '1 / -1', sm: 'auto' } },
  '& .filter-field .MuiFormControl-root': { width: { xs: '100%', sm: 'auto' } },
  '& .RaFilterFormInput-spacer, & .RaFilterForm-clearFix': { display: { xs: 'none', sm: 'block' } },
} as const;

/** The height a filter bar is given before it has ever been measured on this form factor: one row of dense inputs. */
const FIRST_FILTER_BAR_HEIGHT_PX = 56;

/**
 * A list's filter bar (react-admin's FilterForm of the declared filters). A dozen inputs take as long to render as
 * the table itself, so the bar renders in a transition just after the table's first render: the search starts
 * first, the rows show as soon as it answers, and the bar follows. Until then its place is held at the height it
 * had the last time on this kind of screen (phone or laptop), so the rows do not move when it arrives (but the
 * first time, when one row of inputs is assumed).
 */
export function ListFilterBar({ name, filters }: { name: string; filters: ComponentProps<typeof FilterForm>['filters'] }) {
  const [shown, setShown] = useState(false);
  useEffect(() => startTransition(() => setShown(true)), []);
  const phone = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const [height, setHeight] = useStore<number>(`${name}.filterBar.height.${phone ? 'phone' : 'laptop'}`, FIRST_FILTER_BAR_HEIGHT_PX);
  const area = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const measured = area.current?.offsetHeight;
    if (shown && measured && measured !== height) setHeight(measured);
  }, [shown, height, setHeight]);
  return (
    <Box ref={area} sx={FILTER_AREA}>
      {shown ? <FilterForm filters={filters} /> : <Box sx={{ height }} />}
    </Box>
  );
}
