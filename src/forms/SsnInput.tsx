import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Button, CircularProgress, InputAdornment, TextField } from '@mui/material';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import VisibilityOffOutlinedIcon from '@mui/icons-material/VisibilityOffOutlined';
import { useCanAccess, useDataProvider, useInput, useNotify, useRecordContext } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { displaySsn, isMaskedSsn } from '../../shared/ssn.js';
import { Texts } from '../../shared/texts/index.js';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';
import { failureOf } from '../../dataProvider/httpClient.js';
import { failureMessage } from '../resources/writeFailure.js';

/** An SSN has at most nine digits. */
const SSN_DIGITS = 9;

const digitsOf = (text: string) => text.replace(/\D/g, '').slice(0, SSN_DIGITS);

/**
 * What a change to the shown text makes of the value. While the value is the mask the server sent (`*****1234`), the
 * mask is replaced as a whole: typing over it (it is selected on focus) gives the digits typed, a deletion clears it,
 * and a character typed inside it starts a new SSN with that character — the old digits are never built upon, so a
 * clerk replaces an SSN without seeing it. Otherwise the digits typed, at most nine.
 */
export function ssnAfterChange(value: unknown, shown: string, typed: string, caret: number | null): string {
  if (!isMaskedSsn(value)) return digitsOf(typed);
  if (!typed.includes('•')) return digitsOf(typed);
  if (typed.length <= shown.length) return '';
  const added = typed.length - shown.length;
  const end = caret ?? typed.length;
  return digitsOf(typed.slice(Math.max(0, end - added), end));
}

/** The case the form is of (its id), when the form is of an existing case. */
function useCaseId(): number | null {
  const record = useRecordContext<{ Id?: unknown; id?: unknown }>();
  const id = Number(record?.Id ?? record?.id);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * A subject's SSN (`x-ui.widget: ssn`; label "SSN (last 4)", at most nine digits, spec 001). The server sends it masked
 * (`*****1234`), shown `•••-••-1234`; sent back unchanged, the server keeps the stored SSN. Typing replaces it (a clerk
 * need not see the old one). On an existing case, holders of View Full SSN may Reveal it — the whole SSN, `123-45-6789`,
 * read from the server (which audits the read) and only shown: the form's value stays the mask, so a reveal alone
 * changes nothing to save — then Hide it. A new case's form is a plain digits input.
 */
export function SsnInput({ source, title, required, readOnly }: { source: string; title: string; required: boolean; readOnly: boolean }) {
  const { field, fieldState } = useInput({ source });
  const { trigger } = useFormContext();
  const caseId = useCaseId();
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  const { canAccess: mayReveal = false } = useCanAccess({ resource: 'cases', action: 'revealSsn', enabled: caseId !== null });
  const [revealed, setRevealed] = useState<string | null>(null);
  const [revealing, setRevealing] = useState(false);
  const value: unknown = field.value;
  const masked = isMaskedSsn(value);
  // A reveal belongs to the mask it was asked for: another value (typed, or the record saved and read again) hides it.
  const revealedFor = useRef<unknown>(null);
  useEffect(() => {
    if (revealed !== null && revealedFor.current !== value) setRevealed(null);
  }, [revealed, value]);

  const shown = revealed !== null && masked ? displaySsn(revealed) : displaySsn(typeof value === 'string' ? value : '');
  const offerReveal = caseId !== null && mayReveal && masked;

  const reveal = async () => {
    if (caseId === null) return;
    setRevealing(true);
    try {
      const { SSN } = await dataProvider.callOperation('cases', 'revealSsn', caseId);
      revealedFor.current = value;
      setRevealed(SSN ?? '');
    } catch (error) {
      // An ended session is the auth provider's to say; a refusal (403) is said by the global warning with the server's text.
      if (failureMessage(error) !== null && failureOf(error).status !== 403) notify(Texts.audit.ssn.revealFailed, { type: 'error' });
    } finally {
      setRevealing(false);
    }
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const next = revealed !== null && masked ? digitsOf(event.target.value) : ssnAfterChange(value, shown, event.target.value, event.target.selectionStart);
    setRevealed(null);
    field.onChange(next);
    if (fieldState.invalid) void trigger(source);
  };

  const button = offerReveal && (
    <InputAdornment position="end">
      <Button
        size="small"
        onClick={() => (revealed !== null ? setRevealed(null) : void reveal())}
        disabled={revealing}
        startIcon={revealing ? <CircularProgress size={14} color="inherit" aria-hidden /> : revealed !== null ? <VisibilityOffOutlinedIcon fontSize="small" /> : <VisibilityOutlinedIcon fontSize="small" />}
        sx={{ minWidth: 0, whiteSpace: 'nowrap' }}
      >
        {revealed !== null ? Texts.audit.ssn.hide : Texts.audit.ssn.reveal}
      </Button>
    </InputAdornment>
  );

  return (
    <TextField
      label={title}
      required={required}
      fullWidth
      // Read only as the form's other fields are (disabled), its Reveal still offered.
      disabled={readOnly}
      value={shown}
      name={field.name}
      inputRef={field.ref}
      onChange={onChange}
      onFocus={(event) => {
        // The mask is replaced as a whole: selected, the first digit typed starts the new SSN.
        if (masked && revealed === null && !readOnly) event.target.select();
      }}
      onBlur={() => {
        field.onBlur();
        if (field.value) void trigger(source);
      }}
      error={fieldState.invalid}
      helperText={fieldState.error?.message}
      // Screens show a masked SSN as •••-••-1234 and a whole one as 123-45-6789: room for the dashes.
      slotProps={{
        htmlInput: { inputMode: 'numeric', autoComplete: 'off', maxLength: masked ? undefined : SSN_DIGITS + 2, spellCheck: false },
        input: { endAdornment: button || undefined },
      }}
    />
  );
}
