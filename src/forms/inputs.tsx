import { useState } from 'react';
import { Autocomplete, Checkbox, FormControlLabel, InputAdornment, MenuItem, TextField, type TextFieldProps } from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import dayjs, { type Dayjs } from 'dayjs';
import { Formats, Limits } from '../../shared/constants.js';
import { formatPhone, parseMoney } from '../../shared/format.js';
import { UsPhone } from '../../shared/validationMessages.js';
import { useLookupItems } from '../session/useLookups.js';

/**
 * The shared form pieces of spec 000 §2: US phone, money, date picker (MM/DD/YYYY, 100 years back to 10 ahead),
 * list-of-values selects. Every screen's forms use these.
 */

type BaseProps = Omit<TextFieldProps, 'value' | 'onChange'>;

/** Typed or pasted digits without the country code 1 (US area codes never start with 1), at most 10 of them. */
export function phoneDigits(text: string): string {
  const digits = text.replace(/\D/g, '');
  return digits.length > 10 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/**
 * US phone, formatted 555-123-4567 as it is typed. Once the user leaves the field, a number that is not 10 digits
 * shows the server's message (shared/validationMessages.ts UsPhone) before the form is sent; an error the form
 * passes in (e.g. the server's ModelState) wins.
 */
export function PhoneInput({
  value,
  onChange,
  onBlur,
  error,
  helperText,
  ...props
}: BaseProps & { value: string | null | undefined; onChange: (value: string) => void }) {
  const [left, setLeft] = useState(false);
  const invalid = left && Boolean(value?.trim()) && !UsPhone.isValid(value);
  return (
    <TextField
      {...props}
      value={value ?? ''}
      onChange={(e) => onChange(formatPhone(phoneDigits(e.target.value)))}
      onBlur={(e) => {
        setLeft(true);
        onBlur?.(e);
      }}
      error={Boolean(error) || invalid}
      helperText={helperText || (invalid ? UsPhone.message : undefined)}
      placeholder="555-555-5555"
      slotProps={{ htmlInput: { inputMode: 'tel' } }}
    />
  );
}

export function MoneyInput({ value, onChange, ...props }: BaseProps & { value: number | null | undefined; onChange: (value: number | null) => void }) {
  const [text, setText] = useState(value == null ? '' : value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
  return (
    <TextField
      {...props}
      value={text}
      onChange={(e) => setText(e.target.value.replace(/[^\d.,]/g, ''))}
      onBlur={() => {
        const parsed = parseMoney(text);
        onChange(parsed);
        setText(parsed == null ? '' : parsed.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
      }}
      slotProps={{ input: { startAdornment: <InputAdornment position="start">$</InputAdornment> }, htmlInput: { inputMode: 'decimal' } }}
    />
  );
}

export interface DateLimits {
  disableDatesBefore?: string;
  disableDatesBeforeToday?: boolean;
  disableDatesAfter?: string;
  disableDatesAfterToday?: boolean;
}

/** The earliest and latest selectable days for a set of limits (and the picker's 100-back/10-ahead range). */
export function dateRange(limits: DateLimits, today = dayjs()): { min: Dayjs; max: Dayjs } {
  let min = today.subtract(Limits.DATE_PICKER_YEARS_BACK, 'year').startOf('year');
  let max = today.add(Limits.DATE_PICKER_YEARS_AHEAD, 'year').endOf('year');
  if (limits.disableDatesBefore) min = dayjs(limits.disableDatesBefore);
  if (limits.disableDatesBeforeToday) min = today.startOf('day');
  if (limits.disableDatesAfter) max = dayjs(limits.disableDatesAfter);
  if (limits.disableDatesAfterToday) max = today.endOf('day');
  return { min, max };
}

export function DateInput({
  label,
  value,
  onChange,
  required,
  disabled,
  error,
  helperText,
  limits = {},
  id,
  dense,
}: {
  label: string;
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: string;
  limits?: DateLimits;
  id?: string;
  /** As compact as react-admin's inputs beside it. */
  dense?: boolean;
}) {
  const { min, max } = dateRange(limits);
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <DatePicker
        label={label}
        format={Formats.DATE}
        value={value ? dayjs(value) : null}
        minDate={min}
        maxDate={max}
        disabled={disabled}
        onChange={(day) => onChange(day && day.isValid() ? day.format('YYYY-MM-DD') : null)}
        slotProps={{ textField: { id, required, error, helperText, fullWidth: true, variant: 'filled', ...(dense && { size: 'small', margin: 'dense' }) } }}
      />
    </LocalizationProvider>
  );
}

/** A select of a lookup list's enabled items; `by` chooses whether the value is the item's Id or its Short. */
export function LookupSelect({
  listType,
  by = 'Id',
  value,
  onChange,
  ...props
}: BaseProps & { listType: string | undefined; by?: 'Id' | 'Short'; value: number | string | null | undefined; onChange: (value: number | string | null) => void }) {
  const items = useLookupItems(listType);
  return (
    <TextField {...props} select value={value ?? ''} onChange={(e) => onChange(e.target.value === '' ? null : by === 'Id' ? Number(e.target.value) : e.target.value)}>
      <MenuItem value="">
        <em>Select…</em>
      </MenuItem>
      {items.map((item) => (
        <MenuItem key={item.Id} value={by === 'Id' ? item.Id : item.Short}>
          {item.Description ?? item.Short}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Several items of a lookup list, by Short. */
export function LookupMultiSelect({
  listType,
  value,
  onChange,
  label,
  required,
  disabled,
  error,
  helperText,
}: {
  listType: string | undefined;
  value: string[];
  onChange: (value: string[]) => void;
  label: string;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: string;
}) {
  const items = useLookupItems(listType);
  const selected = items.filter((item) => value.includes(item.Short));
  return (
    <Autocomplete
      multiple
      disabled={disabled}
      options={items}
      value={selected}
      getOptionLabel={(item) => item.Description ?? item.Short}
      isOptionEqualToValue={(a, b) => a.Id === b.Id}
      onChange={(_event, next) => onChange(next.map((item) => item.Short))}
      renderInput={(params) => <TextField {...params} label={label} required={required} error={error} helperText={helperText} />}
    />
  );
}

export function CheckboxInput({ label, checked, onChange, disabled }: { label: string; checked: boolean; onChange: (checked: boolean) => void; disabled?: boolean }) {
  return <FormControlLabel control={<Checkbox checked={checked} onChange={(e) => onChange(e.target.checked)} disabled={disabled} />} label={label} />;
}
