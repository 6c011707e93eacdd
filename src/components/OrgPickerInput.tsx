import { useState } from 'react';
import { Button, InputAdornment, TextField } from '@mui/material';
import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import { useInput, useRecordContext } from 'react-admin';
import { OrgPickerDialog } from './OrgTree.js';
import { useSchemaInput } from '../resources/SchemaInput.js';
import { useOrgs } from '../session/useLookups.js';
import type { ViewProps } from '../resources/views.js';

/**
 * An org picked in the org tree (a form view's input for users, the account, cases and orgs): the org's name, chosen in the
 * org tree modal (double-click, or select and Select). Read only on the own account.
 */
export default function OrgPickerInput(_props: ViewProps) {
  const { source, label, isRequired, readOnly } = useSchemaInput();
  const { field, fieldState } = useInput({ source });
  const record = useRecordContext();
  const orgs = useOrgs();
  const [picking, setPicking] = useState(false);
  const embedded = record?.Org as { Id: number; Name: string } | null | undefined;
  const name = orgs.find((o) => o.Id === field.value)?.Name ?? (embedded?.Id === field.value ? embedded?.Name : '') ?? '';
  const open = () => !readOnly && setPicking(true);
  return (
    <>
      <TextField
        fullWidth
        label={label}
        required={isRequired && !readOnly}
        value={name}
        disabled={readOnly}
        onClick={open}
        inputRef={field.ref}
        error={fieldState.invalid}
        helperText={fieldState.error?.message}
        slotProps={{
          htmlInput: { readOnly: true },
          input: {
            endAdornment: !readOnly && (
              <InputAdornment position="end">
                <Button size="small" startIcon={<AccountTreeOutlinedIcon />} onClick={open}>
                  Choose
                </Button>
              </InputAdornment>
            ),
          },
        }}
      />
      {picking && (
        <OrgPickerDialog
          open
          value={field.value as number | null}
          onClose={() => setPicking(false)}
          onPick={(org) => {
            field.onChange(org.Id);
            setPicking(false);
          }}
        />
      )}
    </>
  );
}
