import { useMemo, useState } from 'react';
import { Alert, Box, Button, Divider, IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Stack, TextField, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import FormatQuoteIcon from '@mui/icons-material/FormatQuote';
import { Confirm } from 'react-admin';
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
import { Texts } from '../../shared/texts/index.js';

const T = Texts.items.sectionEditor;

/** A saved phrase of one field. */
export interface StockPhrase {
  Id: number;
  Phrase: string;
}

/**
 * Where a textarea with stock phrases gets and keeps its phrases (the item page supplies one), by field key: the
 * section name, a dot and the field name. `add` and `remove` are there only for users who may do them; each answers
 * whether it was done (the source has said why not), and `list` answers no phrases when they cannot be read.
 */
export interface StockPhraseSource {
  list(fieldKey: string): Promise<StockPhrase[]>;
  add?(fieldKey: string, phrase: string): Promise<boolean>;
  remove?(fieldKey: string, phrase: StockPhrase): Promise<boolean>;
}

/** A field's text with a phrase appended: a space between them, the result trimmed (spec 001 §2 "Stock phrases"). */
export const appendPhrase = (text: string | undefined, phrase: string) => `${text ?? ''} ${phrase}`.trim();

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

/**
 * A textarea whose saved phrases can be picked (appended to the text with a space, the result trimmed), typed as a
 * 'new phrase' and saved, or deleted after a confirmation — each as far as the source allows.
 */
function StockPhrasesWidget(props: WidgetProps) {
  const context = props.registry.formContext as SectionFormContext | undefined;
  const source = context?.stockPhrases;
  const fieldKey = `${context?.sectionName ?? ''}.${props.name}`;
  const disabled = props.disabled || props.readonly;
  const [phrases, setPhrases] = useState<StockPhrase[] | null>(null);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [typing, setTyping] = useState(false);
  const [newPhrase, setNewPhrase] = useState('');
  const [removing, setRemoving] = useState<StockPhrase | null>(null);
  const [busy, setBusy] = useState(false);
  const append = (phrase: string) => props.onChange(appendPhrase(props.value as string | undefined, phrase));
  const load = async () => {
    if (source) setPhrases(await source.list(fieldKey));
  };
  const open = (anchor: HTMLElement) => {
    setMenu(anchor);
    if (phrases === null) void load();
  };
  const addNew = async () => {
    const phrase = newPhrase.trim();
    if (!phrase || !source?.add) return;
    setBusy(true);
    const added = await source.add(fieldKey, phrase);
    setBusy(false);
    // A refused phrase (saved for this field already, say) stays in its box and out of the text, so trying again
    // never appends it twice.
    if (!added) return;
    append(phrase);
    setNewPhrase('');
    setTyping(false);
    setPhrases(null);
  };
  const remove = async () => {
    const phrase = removing;
    setRemoving(null);
    if (!phrase || !source?.remove) return;
    setBusy(true);
    if (await source.remove(fieldKey, phrase)) setPhrases((list) => (list ?? []).filter((p) => p.Id !== phrase.Id));
    setBusy(false);
  };
  const menuId = `${props.id}-stock-phrases`;
  return (
    <Stack spacing={1}>
      <TextField
        id={props.id}
        label={props.label}
        required={props.required}
        disabled={disabled}
        multiline
        minRows={4}
        fullWidth
        value={props.value ?? ''}
        error={Boolean(errorText(props))}
        onChange={(e) => props.onChange(e.target.value === '' ? undefined : e.target.value)}
      />
      {source ? (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }}>
            <Button
              size="small"
              variant="outlined"
              startIcon={<FormatQuoteIcon />}
              endIcon={<ArrowDropDownIcon />}
              disabled={disabled || busy}
              aria-haspopup="menu"
              aria-controls={menu ? menuId : undefined}
              aria-expanded={menu ? 'true' : undefined}
              aria-label={`Stock phrases for ${props.label}`}
              onClick={(e) => open(e.currentTarget)}
              sx={{ alignSelf: 'flex-start' }}
            >
              Stock phrases
            </Button>
            {typing && (
              <Stack direction="row" spacing={1} sx={{ flex: 1 }} alignItems="flex-start">
                <TextField
                  size="small"
                  label="New phrase"
                  autoFocus
                  value={newPhrase}
                  disabled={busy}
                  onChange={(e) => setNewPhrase(e.target.value)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') {
                      e.preventDefault();
                      void addNew();
                    }
                  }}
                  sx={{ flex: 1 }}
                />
                <Button variant="contained" size="small" disabled={busy || !newPhrase.trim()} onClick={() => void addNew()} sx={{ mt: 0.5 }}>
                  {Texts.items.sections.stockPhrases.add}
                </Button>
                <Button size="small" disabled={busy} onClick={() => setTyping(false)} sx={{ mt: 0.5 }}>
                  Cancel
                </Button>
              </Stack>
            )}
          </Stack>
          <Menu id={menuId} anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)} slotProps={{ paper: { sx: { maxWidth: 480, maxHeight: 360 } } }}>
            {phrases === null && (
              <MenuItem disabled>
                <ListItemText>Loading…</ListItemText>
              </MenuItem>
            )}
            {phrases?.length === 0 && (
              <MenuItem disabled>
                <ListItemText>{Texts.items.sections.stockPhrases.empty}</ListItemText>
              </MenuItem>
            )}
            {(phrases ?? []).map((phrase) => (
              <MenuItem
                key={phrase.Id}
                onClick={() => {
                  append(phrase.Phrase);
                  setMenu(null);
                }}
                onKeyDown={(e) => {
                  if (e.key === 'Delete' && source.remove) {
                    setMenu(null);
                    setRemoving(phrase);
                  }
                }}
                sx={{ whiteSpace: 'normal', gap: 1 }}
              >
                <ListItemText>{phrase.Phrase}</ListItemText>
                {source.remove && (
                  <Tooltip title="Delete phrase">
                    <IconButton
                      size="small"
                      edge="end"
                      aria-label={`Delete stock phrase ${phrase.Phrase}`}
                      onClick={(e) => {
                        e.stopPropagation();
                        setMenu(null);
                        setRemoving(phrase);
                      }}
                    >
                      <DeleteOutlineIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                )}
              </MenuItem>
            ))}
            {source.add && <Divider />}
            {source.add && (
              <MenuItem
                onClick={() => {
                  setMenu(null);
                  setTyping(true);
                }}
              >
                <ListItemIcon>
                  <AddIcon fontSize="small" />
                </ListItemIcon>
                <ListItemText>
                  <em>new phrase</em>
                </ListItemText>
              </MenuItem>
            )}
          </Menu>
          {source.remove && (
            <Confirm
              isOpen={Boolean(removing)}
              title={Texts.global.confirmTitle}
              content={removing ? T.phraseRemoveBody(removing.Phrase) : ''}
              confirm="Delete"
              cancel="Cancel"
              confirmColor="warning"
              onClose={() => setRemoving(null)}
              onConfirm={() => void remove()}
            />
          )}
        </>
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
