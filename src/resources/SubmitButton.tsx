import { Button } from '@mui/material';
import { useFormState } from 'react-hook-form';

/**
 * The submit button of a react-admin form: disabled while the save runs, so a double click saves once, and — for
 * a form that changes a record (`requireChange`) — until something was changed; always for a locked record (`disabled`).
 */
export function SubmitButton({ label, requireChange = false, disabled = false }: { label: string; requireChange?: boolean; disabled?: boolean }) {
  const { isSubmitting, isDirty } = useFormState();
  return (
    <Button type="submit" variant="contained" disabled={disabled || isSubmitting || (requireChange && !isDirty)}>
      {label}
    </Button>
  );
}
