import { useState } from 'react';
import { Button, Stack, TextField } from '@mui/material';
import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import { DateInput } from '../forms/inputs.js';
import { OrgPickerDialog } from '../components/OrgTree.js';
import { useOrgs } from '../session/useLookups.js';
import { DashboardTexts as T } from './dashboardTexts.js';

/** The dashboard's choices: the days (From–To) and an org with the orgs below it (none: all the user's orgs). */
export interface DashboardChoice {
  From: string | null;
  To: string | null;
  Org_Id: number | null;
}

/** The date range and org picker above the figures; each change asks for the figures again. */
export function DashboardFilters({ value, onChange }: { value: DashboardChoice; onChange: (value: DashboardChoice) => void }) {
  const orgs = useOrgs();
  const [picking, setPicking] = useState(false);
  const orgName = value.Org_Id === null ? T.filters.allOrgs : (orgs.find((o) => o.Id === value.Org_Id)?.Name ?? '');
  return (
    <Stack role="region" aria-label={T.filters.region} direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2 }} alignItems={{ sm: 'center' }}>
      <DateInput dense label={T.filters.from} value={value.From} onChange={(From) => onChange({ ...value, From })} />
      <DateInput dense label={T.filters.to} value={value.To} onChange={(To) => onChange({ ...value, To })} />
      <TextField
        label={T.filters.org}
        size="small"
        margin="dense"
        variant="filled"
        fullWidth
        value={orgName}
        onClick={() => setPicking(true)}
        slotProps={{ htmlInput: { readOnly: true } }}
      />
      <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
        <Button variant="outlined" startIcon={<AccountTreeOutlinedIcon />} onClick={() => setPicking(true)}>
          {T.filters.choose}
        </Button>
        {value.Org_Id !== null && <Button onClick={() => onChange({ ...value, Org_Id: null })}>{T.filters.clearOrg}</Button>}
      </Stack>
      {picking && (
        <OrgPickerDialog
          open
          value={value.Org_Id}
          onClose={() => setPicking(false)}
          onPick={(org) => {
            onChange({ ...value, Org_Id: org.Id });
            setPicking(false);
          }}
        />
      )}
    </Stack>
  );
}
