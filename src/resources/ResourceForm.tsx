import { Suspense, useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { Alert, Box, Button, Grid, Stack } from '@mui/material';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Form, RecordContextProvider, useCanAccess, useGetMany, useNotify, usePermissions, useRecordContext } from 'react-admin';
import { permissionsFor } from '../../resources/declaration.js';
import { hasAnyPermission } from '../../shared/permissions.js';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import type { ApiRecord, ResourceDeclaration } from '../../resources/declaration.js';
import type { ObjectSchema } from '../../schemas/index.js';
import { FormInputs, type FormSectionView, type FormView, type SectionCondition } from './formParts.js';
import { FormSection } from './FormSection.js';
import { entrySchemaOf, errorsOnRows, formBody, formSchemaOf, hintsOf, nestedErrors, schemaById, schemaResolver, widthOf } from './formValidation.js';
import { SchemaInput } from './SchemaInput.js';
import { SubmitButton } from './SubmitButton.js';
import { CONFIRM_KEY, useResourceSave } from './useResourceSave.js';
import { VALIDATION_MODE } from '../forms/validationMode.js';
import { newRecordOf } from './recordValues.js';
import { fieldErrorsOf, saveFailed } from '../forms/saveOutcome.js';

type Mode = 'create' | 'edit' | 'view';

interface Props extends FormView {
  declaration: ResourceDeclaration;
  /** The record to edit; absent for a new one. */
  record?: ApiRecord;
  /** A new record's first values beyond the schema's defaults (a preset group). */
  initial?: ApiRecord;
  /** The user may look, not change: no inputs to type in, no save. */
  readOnly?: boolean;
  /** Conditional sections shown whatever their condition, by its name (New Employee shows 'employee'). */
  show?: readonly string[];
  /** The form's accessible name. */
  label: string;
  submitLabel: string;
  onCancel?(): void;
  /** After a successful save (the declaration's toast is said already). */
  onSaved?(saved: ApiRecord): void;
  parent?: ApiRecord;
  /** Keep the buttons in view at the bottom of a scrolling dialog (always on a phone). */
  stickyActions?: boolean;
  /**
   * `sections` (default): each section a titled frame, inputs in a grid by their widths; `plain`: the grid without
   * frames (a form inside its own card); `stack`: one input a line, full width (a small modal or page).
   */
  layout?: Layout;
  cancelLabel?: string;
  /**
   * Checks the schema cannot say because they depend on the screen around the form (the Invoices tab requires a
   * company while the accounting service is connected): messages by field, checked with the schema's on every submit.
   * Keep it stable (`useCallback`).
   */
  rules?(values: ApiRecord): Record<string, string>;
}

type Layout = 'sections' | 'plain' | 'stack';

const NO_INPUTS: NonNullable<FormView['inputs']> = {};

const fieldsOf = (sections: readonly FormSectionView[]) => [...new Set(sections.flatMap((s) => s.fields ?? []))];

/** Read only: the whole form when viewing, readOnly properties, and create-only ones after creation. */
function isReadOnly(schema: ObjectSchema, mode: Mode, name: string): boolean {
  if (mode === 'view') return true;
  const property = schema.properties[name];
  return Boolean(property?.readOnly) || (mode !== 'create' && Boolean(hintsOf(property).createOnly));
}

/** What a form validates and sends: the writable fields of the sections on screen that the declaration saves. */
function sentFields(declaration: ResourceDeclaration, sections: readonly FormSectionView[], shown: ReadonlySet<string>, schema: ObjectSchema, mode: Mode): string[] {
  return fieldsOf(sections.filter((s) => shown.has(s.title))).filter((f) => declaration.form.fields.includes(f) && !isReadOnly(schema, mode, f));
}

/** A section's place in this form: a new record, an existing one the user may change, or one only viewed. */
const showsOn = (section: FormSectionView, mode: Mode) => !section.on || section.on === mode || (section.on === 'existing' && mode !== 'create');

interface SectionProps {
  layout: Layout;
  section: FormSectionView;
  schema: ObjectSchema;
  declaration: ResourceDeclaration;
  readOnlyField(name: string): boolean;
  /** Tells the form whether the section shows (its fields are sent only then). */
  onShown(title: string, shown: boolean): void;
}

/** The inputs of one section: a list section is the list's own frame; other fields sit in a grid, the section's view after them. */
function SectionBody({ layout, section, schema, declaration, readOnlyField, onShown }: SectionProps) {
  const record = useRecordContext<ApiRecord & { id: string }>();
  useEffect(() => {
    onShown(section.title, true);
    return () => onShown(section.title, false);
  }, [onShown, section.title]);
  const fields = (section.fields ?? []).filter((f) => schema.properties[f]);
  // What the view draws after the section's fields (an account's status controls).
  const Part = section.part;
  const only = fields.length === 1 && !Part ? schema.properties[fields[0]] : undefined;
  if (only && entrySchemaOf(only)) {
    return (
      <SchemaInput
        schema={schema}
        name={fields[0]}
        declaration={declaration}
        readOnly={readOnlyField(fields[0])}
        frame={{ title: section.title, empty: section.empty, addLabel: section.addLabel }}
      />
    );
  }
  const body = (
    <>
      {fields.length > 0 && (
        <Grid container columnSpacing={2}>
          {fields.map((name) => {
            const width = layout === 'stack' ? 12 : widthOf(schema.properties[name]);
            return (
              <Grid key={name} size={{ xs: 12, sm: width >= 8 ? 12 : 6, md: width }}>
                <SchemaInput schema={schema} name={name} declaration={declaration} readOnly={readOnlyField(name)} />
              </Grid>
            );
          })}
        </Grid>
      )}
      {Part && (
        <Suspense fallback={null}>
          <Part declaration={declaration} record={record} readOnly={readOnlyField('')} />
        </Suspense>
      )}
    </>
  );
  return layout === 'sections' ? <FormSection title={section.title}>{body}</FormSection> : body;
}

/** The records a condition looks at: the referenced ones (or the record's embedded copy when the list cannot be read). */
function ReferencedSection({ when, ...props }: SectionProps & { when: SectionCondition & { reference: string } }) {
  const value = useWatch({ name: when.field }) as unknown;
  const ids = useMemo(() => (Array.isArray(value) ? value : []), [value]);
  const record = useRecordContext<ApiRecord>();
  const { canAccess = false } = useCanAccess({ resource: when.reference, action: 'list' });
  const { data } = useGetMany(when.reference, { ids }, { enabled: canAccess && ids.length > 0 });
  const embeddedField = hintsOf(props.schema.properties[when.field]).reference?.embedded;
  const embedded = embeddedField && Array.isArray(record?.[embeddedField]) ? (record[embeddedField] as ApiRecord[]).filter((r) => ids.includes(r.Id ?? r.id)) : [];
  const records = canAccess && data ? data : embedded;
  return records.some((r) => when.some(r)) ? <SectionBody {...props} /> : null;
}

function EmbeddedSection({ when, ...props }: SectionProps & { when: SectionCondition }) {
  const value = useWatch({ name: when.field }) as unknown;
  return Array.isArray(value) && value.some((r) => when.some(r as ApiRecord)) ? <SectionBody {...props} /> : null;
}

/** A section shown only to holders of its declared action (the case template, to system administrators). */
function GuardedSection({ action, ...props }: SectionProps & { show: readonly string[]; action: string }) {
  const { canAccess = false } = useCanAccess({ resource: props.declaration.name, action });
  return canAccess ? <Section {...props} section={{ ...props.section, action: undefined }} /> : null;
}

function Section(props: SectionProps & { show: readonly string[] }) {
  const { when, action } = props.section;
  if (action) return <GuardedSection {...props} action={action} />;
  if (!when || props.show.includes(when.name)) return <SectionBody {...props} />;
  if (when.reference) return <ReferencedSection {...props} when={{ ...when, reference: when.reference }} />;
  return <EmbeddedSection {...props} when={when} />;
}

/** Changing a field that made the server ask for a confirmation (a duplicate's names) asks it again from scratch. */
function ResetConfirmation({ fields, active, onReset }: { fields: readonly string[]; active: boolean; onReset(): void }) {
  const values = useWatch({ name: [...fields] }) as unknown[];
  const key = JSON.stringify(values);
  const asked = useRef(key);
  useEffect(() => {
    if (!active) asked.current = key;
    else if (key !== asked.current) onReset();
  }, [key, active, onReset]);
  return null;
}

/**
 * After a save, what was saved is the form's new starting point: Save waits for the next change. Only a save that went
 * through: a failed one answers `saveFailed`, so the form stays changed and its Save enabled (every submit counts,
 * a second save in a row too).
 */
function SavedIsPristine() {
  const { isSubmitSuccessful, submitCount } = useFormState();
  const { reset, getValues } = useFormContext();
  useEffect(() => {
    if (isSubmitSuccessful) reset(getValues(), { keepValues: true });
  }, [isSubmitSuccessful, submitCount, reset, getValues]);
  return null;
}

/** After a refused save, the first field in error comes into view (long forms, phones). */
function RevealErrors({ container }: { container: RefObject<HTMLElement | null> }) {
  const { submitCount, errors } = useFormState();
  const count = Object.keys(fieldErrorsOf(errors)).length;
  useEffect(() => {
    if (!count) return;
    const timer = setTimeout(() => container.current?.querySelector('[aria-invalid="true"], [role="alert"]')?.scrollIntoView?.({ block: 'center', behavior: 'smooth' }), 0);
    return () => clearTimeout(timer);
  }, [submitCount, count, container]);
  return null;
}

interface ActionsProps {
  submitLabel: string;
  cancelLabel?: string;
  onCancel?(): void;
  sticky?: boolean;
  /** Saving a record that exists waits for a change. */
  requireChange: boolean;
  /** The record is locked (the form's `locked`): the save stays disabled. */
  locked?: boolean;
}

function Actions({ submitLabel, cancelLabel = 'Cancel', onCancel, sticky, requireChange, locked = false }: ActionsProps) {
  const { isSubmitting } = useFormState();
  return (
    <Stack
      direction="row"
      spacing={1}
      justifyContent="flex-end"
      sx={{
        position: sticky ? 'sticky' : { xs: 'sticky', sm: 'static' },
        bottom: 0,
        bgcolor: 'background.default',
        borderTop: sticky ? 1 : { xs: 1, sm: 0 },
        borderColor: 'divider',
        py: 1.5,
        zIndex: 2,
      }}
    >
      {onCancel && (
        <Button onClick={onCancel} disabled={isSubmitting}>
          {cancelLabel}
        </Button>
      )}
      <SubmitButton label={submitLabel} requireChange={requireChange} disabled={locked} />
    </Stack>
  );
}

/**
 * The form of a declared resource's record in the titled sections its view gives: react-admin's Form whose inputs
 * come from the schema (`SchemaInput`), validated by the same schema through ajv — only what the shown sections
 * hold — and saved the one way every form saves (`useResourceSave`). A section may show only on create or edit, or
 * only while a condition holds (the user's groups); the resource's views draw what the schema cannot after its fields. The server's messages
 * show under their fields (a list's entries found again when blank ones were left out); messages of fields the
 * form does not show are toasts, and with `toastModelState` every message is a toast too. A save that fails in
 * any way leaves the form as the user left it (`saveFailed`): the values typed, the form changed, Save enabled, its
 * modal open; a save that went through is the form's new starting point.
 */
export function ResourceForm({
  declaration,
  record,
  initial,
  readOnly = false,
  show = [],
  label,
  submitLabel,
  cancelLabel,
  onCancel,
  onSaved,
  parent,
  stickyActions,
  layout = 'sections',
  rules,
  sections: given,
  inputs,
  fieldPermissions,
  confirm,
  locked: lockField,
  toastModelState: toasts,
  saveWhenChanged = false,
}: Props) {
  // Why the server says the caller may not change the record (`locked`): the form is then shown, not changed.
  const lockedReason = record && lockField && typeof record[lockField] === 'string' && record[lockField] ? String(record[lockField]) : null;
  const mode: Mode = record ? (readOnly || lockedReason ? 'view' : 'edit') : 'create';
  const notify = useNotify();
  const save = useResourceSave(declaration, parent, onSaved, confirm);
  // A create call whose body has its own schema (the username of a new user) is validated by that schema.
  const createBody = declaration.operations.create?.bodySchema;
  const base = (mode === 'create' && createBody && schemaById(createBody)) || declaration.schema;
  const sections = useMemo(() => (given ?? [{ title: declaration.title, fields: declaration.form.fields }]).filter((s) => showsOn(s, mode)), [given, declaration, mode]);
  const schema = useMemo(() => formSchemaOf(base, fieldsOf(sections)), [base, sections]);
  const values = useMemo(() => record ?? { ...newRecordOf(declaration, parent), ...initial }, [record, declaration, parent, initial]);
  const container = useRef<HTMLDivElement>(null);

  // Fields only some users may change (`fieldPermissions`) are read only for the others, and not sent.
  const { permissions: roles } = usePermissions<string[]>();
  const denied = useMemo(() => {
    const held = Array.isArray(roles) ? roles : [];
    return new Set(
      Object.entries(fieldPermissions ?? {})
        // An action the declaration does not define lets no one change the field.
        .filter(([, action]) => { const needed = permissionsFor(declaration, action); return !needed || !hasAnyPermission(held, needed); })
        .map(([field]) => field),
    );
  }, [roles, declaration, fieldPermissions]);
  const readOnlyField = (name: string) => isReadOnly(schema, mode, name) || (mode === 'edit' && denied.has(name));
  // A save the server asked to confirm (`confirm`): the message shows and the next save confirms.
  const [confirming, setConfirming] = useState<string | null>(null);

  // The sections on screen now: their writable fields are what is validated and sent.
  const shown = useRef(new Set<string>());
  const onShown = useCallback((title: string, on: boolean) => void (on ? shown.current.add(title) : shown.current.delete(title)), []);
  const resolver = useMemo(() => {
    const byFields = new Map<string, ObjectSchema>();
    const bySchema = schemaResolver(() => {
      const fields = sentFields(declaration, sections, shown.current, schema, mode);
      const key = fields.join(',');
      if (!byFields.has(key)) byFields.set(key, formSchemaOf(base, fields));
      return byFields.get(key)!;
    });
    if (!rules) return bySchema;
    const withRules: typeof bySchema = async (values, context, options) => {
      const checked = await bySchema(values, context, options);
      const broken = rules(values as ApiRecord);
      return Object.keys(broken).length ? { values: {}, errors: { ...nestedErrors(broken), ...checked.errors } } : checked;
    };
    return withRules;
  }, [declaration, sections, schema, mode, base, rules]);

  const onSubmit = async (formValues: ApiRecord) => {
    const fields = sentFields(declaration, sections, shown.current, schema, mode).filter((f) => mode !== 'edit' || !denied.has(f));
    const { body, rows } = formBody(schema, fields, formValues);
    if (confirm && confirming !== null) body[confirm.field] = true;
    // A sub-resource's parent values fill the call's path (the body holds only the form's fields).
    for (const field of declaration.parent ? [declaration.parent.field, ...(declaration.parent.with ?? [])] : []) {
      if (formValues[field] !== undefined) body[field] = formValues[field];
    }
    const errors = await save(body, record);
    if (errors === undefined) return undefined;
    // Whatever went wrong, the answer says the save failed (`saveFailed`): the form keeps its changes and Save.
    if (confirm && errors[CONFIRM_KEY] !== undefined) {
      setConfirming(errors[CONFIRM_KEY]);
      return saveFailed();
    }
    const onScreen = new Set(fieldsOf(sections.filter((s) => shown.current.has(s.title))));
    const underFields: Record<string, string> = {};
    const elsewhere: string[] = [];
    for (const [path, message] of Object.entries(errorsOnRows(errors, rows))) {
      if (onScreen.has(path.split('.')[0])) underFields[path] = message;
      else elsewhere.push(message);
    }
    const all = toasts === 'always' || (toasts === 'edit' && mode === 'edit') ? [...Object.values(underFields), ...elsewhere] : elsewhere;
    for (const message of new Set(all)) notify(message, { type: 'error' });
    return saveFailed(underFields);
  };

  return (
    <Box ref={container} role="form" aria-label={label}>
      {/* Inputs read the record itself (a reference's embedded copy), wherever the form is drawn. */}
      <RecordContextProvider value={record}>
      <FormInputs.Provider value={inputs ?? NO_INPUTS}>
      <Form
        record={values}
        resolver={resolver}
        onSubmit={onSubmit}
        {...VALIDATION_MODE}
        noValidate
        disableInvalidFormNotification
      >
        <Stack spacing={layout === 'sections' ? 2 : 0.5}>
          {sections.map((section) => (
            <Section key={section.title} layout={layout} section={section} schema={schema} declaration={declaration} readOnlyField={readOnlyField} onShown={onShown} show={show} />
          ))}
          {confirm && confirming !== null && (
            <Alert severity="warning" role="alert">
              {confirming}
            </Alert>
          )}
          {confirm && <ResetConfirmation fields={confirm.resetOn} active={confirming !== null} onReset={() => setConfirming(null)} />}
          {lockedReason && (
            <Alert severity="info" icon={<LockOutlinedIcon fontSize="inherit" />} role="note" sx={{ mt: 1 }}>
              {lockedReason}
            </Alert>
          )}
          {(mode !== 'view' || (lockedReason && !readOnly)) && (
            <Actions
              submitLabel={confirm && confirming !== null ? confirm.submitLabel : submitLabel}
              cancelLabel={cancelLabel}
              onCancel={onCancel}
              sticky={stickyActions}
              requireChange={mode === 'edit' && saveWhenChanged}
              locked={Boolean(lockedReason)}
            />
          )}
        </Stack>
        <RevealErrors container={container} />
        {mode === 'edit' && <SavedIsPristine />}
      </Form>
      </FormInputs.Provider>
      </RecordContextProvider>
    </Box>
  );
}

