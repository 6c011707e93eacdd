import { useMemo, type ReactNode } from 'react';
import { MenuItem, TextField } from '@mui/material';
import Form from '@rjsf/mui';
import type { IChangeEvent } from '@rjsf/core';
import type { RegistryWidgetsType, RJSFSchema, WidgetProps } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import Ajv2020 from 'ajv/dist/2020.js';
import type { ObjectSchema } from '../../schemas/index.js';
import { useLookupItems } from '../session/useLookups.js';
import { errorsShownAtFields, modelStateToErrorSchema, productErrors, uiSchemaOf } from './schemaForm.js';

/** Validation in the browser with the same draft (2020-12) the server uses. */
export const validator = customizeValidator({ AjvClass: Ajv2020 as never });

/** A select filled from the lookup list the property names in `x-lookup`. */
function LookupWidget(props: WidgetProps) {
  const list = (props.schema as { 'x-lookup'?: string })['x-lookup'];
  const items = useLookupItems(list);
  return (
    <TextField
      select
      fullWidth
      id={props.id}
      label={props.label}
      required={props.required}
      disabled={props.disabled || props.readonly}
      value={props.value ?? ''}
      error={(props.rawErrors?.length ?? 0) > 0}
      onChange={(event) => props.onChange(event.target.value === '' ? undefined : Number(event.target.value))}
      onBlur={() => props.onBlur(props.id, props.value)}
    >
      <MenuItem value="">
        <em>Select…</em>
      </MenuItem>
      {items.map((item) => (
        <MenuItem key={item.Id} value={item.Id}>
          {item.Description ?? item.Short}
        </MenuItem>
      ))}
    </TextField>
  );
}

const widgets: RegistryWidgetsType = { lookup: LookupWidget };

export interface SchemaFormProps<T> {
  schema: ObjectSchema;
  formData: Partial<T>;
  onChange?: (data: Partial<T>) => void;
  onSubmit: (data: T) => void;
  /** Server ModelState shown under the fields. */
  modelState?: Record<string, string[]>;
  disabled?: boolean;
  id?: string;
  children?: ReactNode;
}

/**
 * A form generated from a JSON Schema (our schemas/ files): labels from titles, lookups from `x-lookup`, the
 * product's validation wording, and server ModelState shown under the matching fields.
 */
export function SchemaForm({ schema, formData, onChange, onSubmit, modelState, disabled, id, children }: SchemaFormProps<Record<string, unknown>>) {
  const uiSchema = useMemo(() => uiSchemaOf(schema), [schema]);
  // The page or dialog shows the title; the form does not repeat it.
  const untitled = useMemo(() => ({ ...schema, title: undefined }), [schema]);
  const transformErrors = useMemo(() => productErrors(schema), [schema]);
  const extraErrors = useMemo(() => modelStateToErrorSchema(modelState), [modelState]);
  return (
    <Form
      id={id}
      schema={untitled as RJSFSchema}
      uiSchema={uiSchema}
      formData={formData}
      validator={validator}
      widgets={widgets}
      transformErrors={transformErrors}
      extraErrors={extraErrors}
      extraErrorsBlockSubmit={false}
      showErrorList={false}
      noHtml5Validate
      disabled={disabled}
      onError={errorsShownAtFields}
      onChange={(event: IChangeEvent) => onChange?.(event.formData)}
      onSubmit={(event: IChangeEvent) => onSubmit(event.formData)}
    >
      {children ?? <></>}
    </Form>
  );
}
