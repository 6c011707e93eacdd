import { useMemo, useRef, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, useMediaQuery } from '@mui/material';
import { useDataProvider, useNotify } from 'react-admin';
import type { ResourceDeclaration } from '../../resources/declaration.js';
import type { ErrorBody } from '../../dataProvider/httpClient.js';
import { SchemaForm } from '../forms/SchemaForm.js';
import { formSchemaOf } from '../forms/schemaForm.js';
import { MOBILE_QUERY } from '../layout/TopBar.js';

type Row = { Id: number } & Record<string, unknown>;

interface Props {
  declaration: ResourceDeclaration;
  /** The record to edit; absent for a new one. */
  record?: Row;
  onClose: () => void;
  onSaved: (record: Row) => void;
}

/** Add or edit a declared resource in a modal form built from its schema; a failed save keeps the modal open. */
export function ResourceFormDialog({ declaration, record, onClose, onSaved }: Props) {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const fullScreen = useMediaQuery(MOBILE_QUERY);
  const schema = useMemo(() => formSchemaOf(declaration.schema, declaration.form.fields), [declaration]);
  const defaults = useMemo(
    () => Object.fromEntries(Object.entries(schema.properties).filter(([, p]) => p.default !== undefined).map(([k, p]) => [k, p.default])),
    [schema],
  );
  const [formData, setFormData] = useState<Record<string, unknown>>(record ?? defaults);
  const [modelState, setModelState] = useState<Record<string, string[]>>();
  const [saving, setSaving] = useState(false);
  const formId = `${declaration.name}-form`;
  const submitted = useRef(false);
  const singular = declaration.addLabel.replace(/^Add /, '');

  const save = async (data: Record<string, unknown>) => {
    if (submitted.current) return;
    submitted.current = true;
    setSaving(true);
    setModelState(undefined);
    const body = declaration.form.beforeSave ? declaration.form.beforeSave(data) : data;
    try {
      const result = record
        ? await dataProvider.update(declaration.name, { id: record.Id, data: { ...body, Id: record.Id }, previousData: record })
        : await dataProvider.create(declaration.name, { data: body });
      const saved = result.data as Row;
      notify(record ? declaration.texts.updated(saved) : declaration.texts.created(saved), { type: 'success' });
      onSaved(saved);
    } catch (error) {
      const errorBody = (error as { body?: ErrorBody }).body;
      if (errorBody?.ModelState) setModelState(errorBody.ModelState);
      else notify((error as Error).message, { type: 'error' });
    } finally {
      submitted.current = false;
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby={`${formId}-title`}>
      <DialogTitle id={`${formId}-title`}>{record ? `Edit ${singular}` : declaration.addLabel}</DialogTitle>
      <DialogContent dividers>
        <SchemaForm id={formId} schema={schema} formData={formData} onChange={setFormData} onSubmit={save} modelState={modelState} disabled={saving} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" form={formId} variant="contained" disabled={saving}>
          {record ? `Save ${singular}` : declaration.addLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
