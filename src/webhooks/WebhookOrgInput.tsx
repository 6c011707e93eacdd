import { MenuItem, TextField } from '@mui/material';
import { useInput } from 'react-admin';
import { WebhookTexts } from '../../shared/texts/webhooks.js';
import { useSchemaInput } from '../resources/SchemaInput.js';
import { useOrgs } from '../session/useLookups.js';
import type { ViewProps } from '../resources/views.js';

const WHOLE_FIRM = '';

/** The org whose subtree a webhook hears, or the whole firm (null): a select of the orgs (a form view's input for Org_Id). */
export default function WebhookOrgInput(_props: ViewProps) {
  const { source, label, readOnly } = useSchemaInput();
  const { field, fieldState } = useInput({ source });
  const orgs = useOrgs();
  const value = field.value === null || field.value === undefined ? WHOLE_FIRM : String(field.value);
  return (
    <TextField
      select
      fullWidth
      label={label}
      value={value}
      disabled={readOnly}
      inputRef={field.ref}
      error={fieldState.invalid}
      helperText={fieldState.error?.message ?? 'Only the events of this organization and the ones below it.'}
      onChange={(event) => field.onChange(event.target.value === WHOLE_FIRM ? null : Number(event.target.value))}
    >
      <MenuItem value={WHOLE_FIRM}>{WebhookTexts.wholeFirm}</MenuItem>
      {orgs.map((org) => (
        <MenuItem key={org.Id} value={String(org.Id)}>
          {org.Name}
        </MenuItem>
      ))}
    </TextField>
  );
}
