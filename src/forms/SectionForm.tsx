import { useMemo, useState } from 'react';
import { Alert, Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import Form from '@rjsf/mui';
import type { IChangeEvent } from '@rjsf/core';
import type { FieldProps, RegistryFieldsType, RegistryWidgetsType, RJSFSchema, UiSchema, WidgetProps } from '@rjsf/utils';
import type { FieldList } from '../../shared/sections.js';
import { CURRENT_DATE_VALUE } from '../../shared/sections.js';
import { applyFormData, definitionToFormData, definitionToSchema, structureKey } from '../../shared/sectionSchema.js';
import { CheckboxInput, DateInput, LookupMultiSelect, LookupSelect, PhoneInput, type DateLimits } from './inputs.js';
import { errorsShownAtFields, productErrors } from './schemaForm.js';
import { validator } from './SchemaForm.js';
import type { ObjectSchema } from '../../schemas/index.js';

/** Where a textarea with stock phrases gets and keeps its phrases (the item page supplies one). */
export interface StockPhraseSource {
  list(fieldKey: string): Promise<{ Id: number; Phrase: string }[]>;
  add?(fieldKey: string, phrase: string): Promise<void>;
}

interface SectionFormContext {
  sectionName: string;
  stockPhrases?: StockPhraseSource;
}

const errorText = (props: WidgetProps) => (props.rawErrors?.length ? props.rawErrors.join(' ') : undefined);

function PhoneWidget(props: WidgetProps) {
  return (
    <PhoneInput
      id={props.id}
      label={props.label}
      required={props.required}
      disabled={props.disabled || props.readonly}
      fullWidth
      value={props.value}
      error={Boolean(errorText(props))}
      onChange={(value) => props.onChange(value === '' ? undefined : value)}
    />
  );
}

function SectionDateWidget(props: WidgetProps) {
  const options = props.options as DateLimits & { allowCurrent?: boolean };
  const current = props.value === CURRENT_DATE_VALUE;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }}>
      <Box sx={{ flex: 1 }}>
        <DateInput
          id={props.id}
          label={props.label}
          required={props.required}
          disabled={props.disabled || props.readonly || current}
          value={current ? null : props.value}
          limits={options}
          error={Boolean(errorText(props))}
          onChange={(value) => props.onChange(value ?? undefined)}
        />
      </Box>
      {options.allowCurrent && (
        <CheckboxInput label="Current" checked={current} disabled={props.disabled || props.readonly} onChange={(checked) => props.onChange(checked ? CURRENT_DATE_VALUE : undefined)} />
      )}
    </Stack>
  );
}

function LookupShortWidget(props: WidgetProps) {
  return (
    <LookupSelect
      id={props.id}
      listType={props.options.listType as string | undefined}
      by="Short"
      label={props.label}
      required={props.required}
      disabled={props.disabled || props.readonly}
      fullWidth
      value={props.value}
      error={Boolean(errorText(props))}
      onChange={(value) => props.onChange(value ?? undefined)}
    />
  );
}

function LookupMultiWidget(props: WidgetProps) {
  return (
    <LookupMultiSelect
      listType={props.options.listType as string | undefined}
      label={props.label}
      required={props.required}
      disabled={props.disabled || props.readonly}
      value={(props.value as string[] | undefined) ?? []}
      error={Boolean(errorText(props))}
      onChange={(value) => props.onChange(value.length ? value : undefined)}
    />
  );
}

/** A textarea whose saved phrases can be appended (with a space, trimmed), or a new phrase saved. */
function StockPhrasesWidget(props: WidgetProps) {
  const context = props.registry.formContext as SectionFormContext | undefined;
  const source = context?.stockPhrases;
  const fieldKey = `${context?.sectionName ?? ''}.${props.name}`;
  const [phrases, setPhrases] = useState<{ Id: number; Phrase: string }[] | null>(null);
  const [newPhrase, setNewPhrase] = useState('');
  const append = (phrase: string) => props.onChange(`${props.value ?? ''} ${phrase}`.trim());
  return (
    <Stack spacing={1}>
      <TextField
        id={props.id}
        label={props.label}
        required={props.required}
        disabled={props.disabled || props.readonly}
        multiline
        minRows={4}
        fullWidth
        value={props.value ?? ''}
        error={Boolean(errorText(props))}
        onChange={(e) => props.onChange(e.target.value === '' ? undefined : e.target.value)}
      />
      {source ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <TextField
            select
            size="small"
            label="Stock phrase"
            sx={{ minWidth: 240 }}
            value=""
            onFocus={() => phrases === null && source.list(fieldKey).then(setPhrases)}
            onChange={(e) => e.target.value !== 'new' && append(e.target.value)}
          >
            {(phrases ?? []).map((p) => (
              <MenuItem key={p.Id} value={p.Phrase}>
                {p.Phrase}
              </MenuItem>
            ))}
            <MenuItem value="new">
              <em>new phrase</em>
            </MenuItem>
          </TextField>
          {source.add && (
            <>
              <TextField size="small" label="New phrase" value={newPhrase} onChange={(e) => setNewPhrase(e.target.value)} sx={{ flex: 1 }} />
              <Button
                disabled={!newPhrase.trim()}
                onClick={async () => {
                  await source.add!(fieldKey, newPhrase.trim());
                  append(newPhrase);
                  setNewPhrase('');
                  setPhrases(null);
                }}
              >
                Add phrase
              </Button>
            </>
          )}
        </Stack>
      ) : (
        <Typography variant="caption" color="text.secondary">
          Stock phrases can be picked here on an item.
        </Typography>
      )}
    </Stack>
  );
}

function MissingTypeField(props: FieldProps) {
  const type = (props.uiSchema?.['ui:options'] as { fieldType?: string } | undefined)?.fieldType;
  return <Alert severity="warning">Missing field for type {type}</Alert>;
}

function CheckboxWidget(props: WidgetProps) {
  return <CheckboxInput label={props.label} checked={props.value === true} disabled={props.disabled || props.readonly} onChange={(checked) => props.onChange(checked)} />;
}

const widgets: RegistryWidgetsType = {
  phone: PhoneWidget,
  sectionDate: SectionDateWidget,
  lookupShort: LookupShortWidget,
  lookupMulti: LookupMultiWidget,
  stockPhrases: StockPhrasesWidget,
  CheckboxWidget,
};
const fields: RegistryFieldsType = { missingType: MissingTypeField };

export interface SectionFormProps {
  sectionName: string;
  definition: FieldList;
  /** Called with the definition carrying the entered values. */
  onChange?: (definition: FieldList) => void;
  onSubmit?: (definition: FieldList) => void;
  disabled?: boolean;
  id?: string;
  stockPhrases?: StockPhraseSource;
  children?: React.ReactNode;
}

/**
 * A section rendered as a form from its definition — the builder's preview and the item page use this one
 * renderer. Values are read from and written back into the definition.
 */
export function SectionForm({ sectionName, definition, onChange, onSubmit, disabled, id, stockPhrases, children }: SectionFormProps) {
  // The schema follows the fields' settings only, so typing a value does not rebuild the form.
  const structure = structureKey(definition);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `structure` stands for the definition's settings
  const { schema, uiSchema } = useMemo(() => definitionToSchema(definition), [structure]);
  const formData = useMemo(() => definitionToFormData(definition), [definition]);
  const transformErrors = useMemo(() => productErrors(schema as ObjectSchema), [schema]);
  const formContext: SectionFormContext = { sectionName, stockPhrases };
  return (
    <Form
      id={id}
      schema={schema as RJSFSchema}
      uiSchema={{ ...(uiSchema as UiSchema), 'ui:submitButtonOptions': { norender: true } }}
      formData={formData}
      validator={validator}
      widgets={widgets}
      fields={fields}
      formContext={formContext}
      transformErrors={transformErrors}
      showErrorList={false}
      noHtml5Validate
      disabled={disabled}
      onError={errorsShownAtFields}
      onChange={(event: IChangeEvent) => onChange?.(applyFormData(definition, event.formData ?? {}))}
      onSubmit={(event: IChangeEvent) => onSubmit?.(applyFormData(definition, event.formData ?? {}))}
    >
      {children ?? <></>}
    </Form>
  );
}
