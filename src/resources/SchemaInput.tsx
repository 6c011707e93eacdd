import { createContext, useContext } from 'react';
import { Checkbox, FormControlLabel, InputAdornment, TextField } from '@mui/material';
import { AutocompleteArrayInput, BooleanInput, NumberInput, SelectInput, TextInput, useInput, useRecordContext } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import type { ApiRecord, ResourceDeclaration } from '../../resources/declaration.js';
import type { ObjectSchema } from '../../schemas/index.js';
import { formatPhone } from '../../shared/format.js';
import { humanizeFieldName } from '../../shared/validationMessages.js';
import { DateInput, phoneDigits } from '../forms/inputs.js';
import { SsnInput } from '../forms/SsnInput.js';
import { useLookupItems } from '../session/useLookups.js';
import { ViewOf, type ViewPart } from './views.js';
import { useFormInput } from './formParts.js';
import { entrySchemaOf, hintsOf, isLongText, typesOf, type FormProperty } from './formValidation.js';
import { SchemaListInput, type EntryPlace, type ListFrame } from './SchemaListInput.js';
import { ReferenceField } from './SchemaReferenceInput.js';

/** What an input drawn by a form's view (its `inputs`) needs to know of its field: read with `useSchemaInput()`. */
export interface SchemaInputProps {
  source: string;
  label: string;
  isRequired: boolean;
  readOnly: boolean;
}

const SchemaInputContext = createContext<SchemaInputProps | null>(null);

/** The field a drawn input stands for (its source, label, required flag and read-only state). */
export function useSchemaInput(): SchemaInputProps {
  const value = useContext(SchemaInputContext);
  if (!value) throw new Error('useSchemaInput() outside a schema input');
  return value;
}

interface Props {
  schema: ObjectSchema;
  name: string;
  /** Path prefix inside an array or nested object ('Emails.0.'). */
  prefix?: string;
  readOnly?: boolean;
  /** The declaration whose form this is: its views' `inputs` and the record they get. */
  declaration?: ResourceDeclaration;
  entry?: EntryPlace;
  /** A list drawn as a section of its own: title, empty text and add button. */
  frame?: ListFrame;
}

function LookupInput({ source, title, list, required, readOnly, helperText }: { source: string; title: string; list: string; required: boolean; readOnly?: boolean; helperText?: string }) {
  const items = useLookupItems(list);
  return (
    <SelectInput
      source={source}
      label={title}
      choices={items.map((item) => ({ id: item.Id, name: item.Description ?? item.Short }))}
      emptyText="Select…"
      isRequired={required}
      readOnly={readOnly}
      helperText={helperText ?? false}
      fullWidth
    />
  );
}

/** Several items of a lookup list (`x-lookup` on a list of ids). */
function LookupListInput({ source, title, list, readOnly }: { source: string; title: string; list: string; readOnly?: boolean }) {
  const items = useLookupItems(list, { includeHidden: true });
  const choices = items.filter((item) => !item.Hidden).map((item) => ({ id: item.Id, name: item.Description ?? item.Short }));
  return <AutocompleteArrayInput source={source} label={title} choices={choices} readOnly={readOnly} helperText={false} fullWidth />;
}

/**
 * US phone, written 555-123-4567 as it is typed (a pasted +1 dropped). The schema's rule shows once the user leaves
 * the field, and a corrected number clears it at once.
 */
function PhoneInput({ source, title, required, readOnly }: { source: string; title: string; required: boolean; readOnly: boolean }) {
  const { field, fieldState } = useInput({ source });
  const { trigger } = useFormContext();
  return (
    <TextField
      label={title}
      required={required}
      fullWidth
      type="tel"
      value={field.value ?? ''}
      name={field.name}
      inputRef={field.ref}
      disabled={readOnly}
      onChange={(event) => {
        field.onChange(formatPhone(phoneDigits(event.target.value)));
        if (fieldState.invalid) void trigger(source);
      }}
      onBlur={() => {
        field.onBlur();
        if (field.value) void trigger(source);
      }}
      error={fieldState.invalid}
      helperText={fieldState.error?.message}
      placeholder="555-555-5555"
      slotProps={{ htmlInput: { inputMode: 'tel', readOnly } }}
    />
  );
}

/**
 * The product's date picker (MM/DD/YYYY) on a YYYY-MM-DD value; `x-notFuture` keeps it to today and before, `x-ui.notPast`
 * to today and after.
 */
export function SchemaDateInput({
  source,
  title,
  required,
  readOnly,
  notFuture,
  notPast = false,
}: {
  source: string;
  title: string;
  required: boolean;
  readOnly: boolean;
  notFuture: boolean;
  notPast?: boolean;
}) {
  const { field, fieldState } = useInput({ source });
  return (
    <DateInput
      label={title}
      value={typeof field.value === 'string' ? field.value.slice(0, 10) : null}
      onChange={(value) => field.onChange(value)}
      required={required}
      disabled={readOnly}
      error={fieldState.invalid}
      helperText={fieldState.error?.message}
      limits={{ ...(notFuture && { disableDatesAfterToday: true }), ...(notPast && { disableDatesBeforeToday: true }) }}
      dense
    />
  );
}

/** A boolean of a list entry: a checkbox named after its entry ("Primary email 2"). */
function EntryCheckbox({ source, title, entry, field: name, readOnly }: { source: string; title: string; entry: EntryPlace; field: string; readOnly: boolean }) {
  const { field } = useInput({ source, type: 'checkbox' });
  return (
    <FormControlLabel
      sx={{ ml: 0, mt: { md: 1 } }}
      label={title}
      control={
        <Checkbox
          checked={Boolean(field.value)}
          disabled={readOnly}
          onChange={(event) => {
            field.onChange(event.target.checked);
            entry.onCheck?.(name, event.target.checked);
          }}
          slotProps={{ input: { 'aria-label': `${title} ${entry.label.toLowerCase()} ${entry.index + 1}` } }}
        />
      }
    />
  );
}

/** An input drawn by the resource's views (`inputs`). */
function DrawnInput({ part, declaration, field }: { part: ViewPart; declaration: ResourceDeclaration; field: SchemaInputProps }) {
  const record = useRecordContext();
  return (
    <SchemaInputContext.Provider value={field}>
      <ViewOf part={part} declaration={declaration} record={record as ApiRecord | undefined} readOnly={field.readOnly} />
    </SchemaInputContext.Provider>
  );
}

/**
 * The react-admin input of one schema property: the form view's own input (its `inputs`); `x-ui.reference` →
 * a select or an autocomplete of another resource's records; `x-lookup` → a select of the lookup list (several
 * for a list of ids); `enum` → a select; booleans → a switch (a named checkbox in a list entry); numbers (money,
 * `x-ui.widget: money`, with a $ before it; a number is sent); dates → the date picker ('YYYY-MM-DD', or null);
 * phone numbers (`x-ui.widget: phone`); SSNs (`x-ui.widget: ssn`: masked, replaced by typing, revealed to holders of View
 * Full SSN); passwords (`x-ui.widget: password`); long texts; lists of objects →
 * `SchemaListInput` (entries in place or, with `x-ui.edit: dialog`, in a modal); nested objects → their
 * properties' inputs.
 */
export function SchemaInput({ schema, name, prefix = '', readOnly: formReadOnly = false, declaration, entry, frame }: Props) {
  const property = schema.properties[name] as FormProperty | undefined;
  const hints = hintsOf(property);
  const viewInput = useFormInput(name);
  if (!property || hints.hidden) return null;
  const source = `${prefix}${name}`;
  const title = property.title ?? humanizeFieldName(name);
  const required = (schema.required ?? []).includes(name);
  const readOnly = formReadOnly || Boolean(property.readOnly);
  const helperText = property.description;
  const common = { source, label: title, isRequired: required, readOnly, helperText: helperText ?? false, fullWidth: true } as const;
  const kind = typesOf(property);
  const drawn = !prefix && declaration ? viewInput : undefined;

  if (drawn && declaration) return <DrawnInput part={drawn} declaration={declaration} field={{ source, label: title, isRequired: required, readOnly }} />;
  if (hints.reference) return <ReferenceField source={source} title={title} reference={hints.reference} many={kind.includes('array')} required={required} readOnly={readOnly} hints={hints} />;
  if (property['x-lookup'] && kind.includes('array')) return <LookupListInput source={source} title={title} list={property['x-lookup']} readOnly={readOnly} />;
  if (property['x-lookup']) return <LookupInput source={source} title={title} list={property['x-lookup']} required={required} readOnly={readOnly} helperText={helperText} />;
  if (property.enum) return <SelectInput {...common} choices={property.enum.filter((v) => v !== null).map((v) => ({ id: String(v), name: String(v) }))} />;
  if (kind.includes('boolean')) return entry ? <EntryCheckbox source={source} title={title} entry={entry} field={name} readOnly={readOnly} /> : <BooleanInput {...common} />;
  if (hints.widget === 'money' && (kind.includes('integer') || kind.includes('number'))) {
    return <NumberInput {...common} min={property.minimum} max={property.maximum} step={hints.step} slotProps={{ input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }} />;
  }
  if (kind.includes('integer') || kind.includes('number')) return <NumberInput {...common} min={property.minimum} max={property.maximum} step={hints.step} />;
  if (property.format === 'date' || property.format === 'date-time') {
    return <SchemaDateInput source={source} title={title} required={required} readOnly={readOnly} notFuture={Boolean(property['x-notFuture'])} notPast={Boolean(hints.notPast)} />;
  }
  if (kind.includes('array')) {
    const entries = entrySchemaOf(property);
    if (!entries) return null;
    return <SchemaListInput source={source} property={property} entries={entries} readOnly={readOnly} frame={frame ?? { title }} Input={SchemaInput} />;
  }
  if (kind.includes('object')) {
    const nested = property as unknown as ObjectSchema;
    if (!nested.properties) return null;
    return (
      <>
        {Object.keys(nested.properties).map((field) => (
          <SchemaInput key={field} schema={nested} name={field} prefix={`${source}.`} readOnly={readOnly} />
        ))}
      </>
    );
  }
  if (hints.widget === 'phone') return <PhoneInput source={source} title={title} required={required} readOnly={readOnly} />;
  if (hints.widget === 'ssn') return <SsnInput source={source} title={title} required={required} readOnly={readOnly} />;
  if (hints.widget === 'password') {
    return <TextInput {...common} type="password" autoComplete="new-password" slotProps={{ htmlInput: { maxLength: property.maxLength } }} />;
  }
  const multiline = isLongText(property);
  return <TextInput {...common} multiline={multiline} minRows={multiline ? 3 : undefined} slotProps={{ htmlInput: { maxLength: property.maxLength } }} />;
}

