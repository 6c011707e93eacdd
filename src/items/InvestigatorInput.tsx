import { useEffect, useState } from 'react';
import { Alert, Box, FormControl, FormControlLabel, FormHelperText, FormLabel, LinearProgress, Radio, RadioGroup, Tooltip, Typography } from '@mui/material';
import { useDataProvider, useInput } from 'react-admin';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';
import type { InvestigatorOption } from '../../schemas/types.js';
import { ItemTexts } from '../../shared/texts/items.js';
import { WORK_STATUS_COLORS } from '../identity/WorkStatusName.js';
import { endedBySignOut, failureMessage } from '../resources/writeFailure.js';
import type { CaseGroup } from './selectedItems.js';

const T = ItemTexts.bulk;
/** The radio value of the unassigned option (the form's value is then null). */
const NONE = 'none';

/**
 * The assign list of several cases' items as one: everyone offered, each distance the mean of the cases' distances
 * weighted by their number of items, nearest first and unknown last, then by name. One case's list is kept as the
 * server ordered it.
 */
export function mergeAssignLists(lists: readonly { options: readonly InvestigatorOption[]; weight: number }[]): InvestigatorOption[] {
  if (lists.length === 1) return [...lists[0].options];
  const merged = new Map<number, { option: InvestigatorOption; sum: number; weight: number }>();
  for (const { options, weight } of lists) {
    for (const option of options) {
      const entry = merged.get(option.Id) ?? { option, sum: 0, weight: 0 };
      if (option.AverageDistance !== null) {
        entry.sum += option.AverageDistance * weight;
        entry.weight += weight;
      }
      merged.set(option.Id, entry);
    }
  }
  const byName = (a: InvestigatorOption, b: InvestigatorOption) => `${a.LastName} ${a.FirstName}`.localeCompare(`${b.LastName} ${b.FirstName}`);
  return [...merged.values()]
    .map(({ option, sum, weight }) => ({ ...option, AverageDistance: weight ? Math.round((sum / weight) * 100) / 100 : null }))
    .sort((a, b) => (a.AverageDistance ?? Infinity) - (b.AverageDistance ?? Infinity) || byName(a, b));
}

/** The assign list of the selected items (`POST …/items/assign-list` per case), merged. */
function useAssignList(groups: readonly CaseGroup[]) {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const [state, setState] = useState<{ options: InvestigatorOption[] | null; error: string | null }>({ options: null, error: null });
  useEffect(() => {
    if (!groups.length) return;
    let current = true;
    setState({ options: null, error: null });
    Promise.all(groups.map(async (group) => ({ options: await dataProvider.callOperation('caseItems', 'assignList', group.caseId, { ItemIds: group.ids }), weight: group.ids.length })))
      .then((lists) => {
        if (!current || lists.some((list) => endedBySignOut(list.options))) return;
        setState({ options: mergeAssignLists(lists.map((list) => ({ options: Array.isArray(list.options) ? list.options : [], weight: list.weight }))), error: null });
      })
      .catch((error: unknown) => {
        if (current) setState({ options: [], error: failureMessage(error) ?? T.investigatorsFailed });
      });
    return () => {
      current = false;
    };
  }, [groups, dataProvider]);
  return state;
}

/** A person's work status as a coloured dot (its name on hover and for assistive technology). */
function WorkStatusDot({ status }: { status: InvestigatorOption['WorkStatus'] }) {
  const label = status ? (status.Description ?? status.Short) : 'Unknown';
  return (
    <Tooltip title={label}>
      <Box
        component="span"
        role="img"
        aria-label={`Work status: ${label}`}
        sx={{ display: 'inline-block', width: 10, height: 10, borderRadius: '50%', flexShrink: 0, bgcolor: (status && WORK_STATUS_COLORS[status.Short]) ?? 'grey.400' }}
      />
    </Tooltip>
  );
}

const OPTION_SX = {
  m: 0,
  width: '100%',
  px: 1,
  py: 0.25,
  borderBottom: 1,
  borderColor: 'divider',
  '&:last-of-type': { borderBottom: 0 },
  '& .MuiFormControlLabel-label': { flex: 1, minWidth: 0 },
} as const;

/**
 * The investigator of the Assign Items modal (spec 001 §2 "Bulk modals"): the unassigned option first, then everyone
 * the items may be assigned to, each with a coloured work-status dot and the average distance to the items in miles
 * with 2 decimals; the list scrolls at half the screen's height. The form's value is the person's id, or null to
 * unassign; no choice is "Investigator is required." (the assign schema's wording).
 */
export function InvestigatorInput({ groups }: { groups: readonly CaseGroup[] }) {
  const { field, fieldState } = useInput<number | null | undefined>({ source: 'Investigator_Id', format: (value: number | null | undefined) => value, parse: (value: number | null | undefined) => value });
  const { options, error } = useAssignList(groups);
  const value = field.value === null ? NONE : field.value === undefined || field.value === '' ? '' : String(field.value);
  return (
    <FormControl component="fieldset" error={fieldState.invalid} fullWidth sx={{ mt: 1 }}>
      <FormLabel component="legend" id="investigator-label" sx={{ mb: 0.5 }}>
        Investigator
      </FormLabel>
      {error && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {error}
        </Alert>
      )}
      <Box sx={{ maxHeight: '50vh', overflowY: 'auto', border: 1, borderColor: fieldState.invalid ? 'error.main' : 'divider', borderRadius: 1 }} data-testid="investigator-list">
        {options === null && !error && <LinearProgress aria-label="Loading investigators" />}
        <RadioGroup aria-labelledby="investigator-label" name={field.name} value={value} onChange={(event) => field.onChange(event.target.value === NONE ? null : Number(event.target.value))}>
          <FormControlLabel
            value={NONE}
            control={<Radio size="small" />}
            sx={OPTION_SX}
            label={
              <Box sx={{ py: 0.5 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {T.unassigned}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {T.unassignedHint}
                </Typography>
              </Box>
            }
          />
          {(options ?? []).map((option) => (
            <FormControlLabel
              key={option.Id}
              value={String(option.Id)}
              control={<Radio size="small" />}
              sx={OPTION_SX}
              label={
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5 }}>
                  <WorkStatusDot status={option.WorkStatus} />
                  <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                    {`${option.LastName}, ${option.FirstName}`}
                  </Typography>
                  <Typography variant="body2" color={option.AverageDistance === null ? 'text.disabled' : 'text.secondary'} sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                    {option.AverageDistance === null ? T.distanceUnknown : T.miles(option.AverageDistance)}
                  </Typography>
                </Box>
              }
            />
          ))}
        </RadioGroup>
        {options !== null && options.length === 0 && !error && (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1.5 }}>
            {T.noInvestigators}
          </Typography>
        )}
      </Box>
      {fieldState.error?.message && <FormHelperText>{fieldState.error.message}</FormHelperText>}
    </FormControl>
  );
}
