import { useState } from 'react';
import { TextField } from '@mui/material';
import { Texts } from '../../shared/texts/index.js';
import { useSaveAction } from '../forms/useSaveAction.js';

const T = Texts.configuration.itemTypeScreen;

/**
 * The Item Template Name and Header of the add dialog and of an expanded row: their values, their errors (the
 * required checks of `checked()`, or the server's ModelState of a save `run`), and whether a save is running.
 */
export function useItemTypeNameFields(initial: { name: string; header: string }) {
  const [name, setName] = useState(initial.name);
  const [header, setHeader] = useState(initial.header);
  const { errors, setErrors, busy, run, passes } = useSaveAction();
  return {
    name,
    header,
    errors,
    busy,
    run,
    /** Sets both values (after a save, or a reset) and clears the errors. */
    reset(values: { name: string; header: string }) {
      setName(values.name);
      setHeader(values.header);
      setErrors({});
    },
    /** The trimmed values when both are filled in; otherwise shows the required errors and answers null. */
    checked(): { Name: string; Description: string } | null {
      const missing: Record<string, string[]> = {};
      if (!name.trim()) missing.Name = [T.nameRequired];
      if (!header.trim()) missing.Description = [T.headerRequired];
      return passes(missing) ? { Name: name.trim(), Description: header.trim() } : null;
    },
    onName(value: string) {
      setName(value);
      setErrors(({ Name: _, ...rest }) => rest);
    },
    onHeader(value: string) {
      setHeader(value);
      setErrors(({ Description: _, ...rest }) => rest);
    },
  };
}

export type ItemTypeNameFieldsState = ReturnType<typeof useItemTypeNameFields>;

/** The two text fields; read-only (and not marked required) for a viewer who may not edit. */
export function ItemTypeNameFields({
  fields,
  readOnly = false,
  size,
  autoFocus,
}: {
  fields: ItemTypeNameFieldsState;
  readOnly?: boolean;
  size?: 'small';
  autoFocus?: boolean;
}) {
  const { name, header, errors } = fields;
  return (
    <>
      <TextField
        size={size}
        label="Item Template Name"
        required={!readOnly}
        autoFocus={autoFocus}
        value={name}
        onChange={(e) => fields.onName(e.target.value)}
        error={Boolean(errors.Name)}
        helperText={errors.Name?.join(' ')}
        slotProps={{ input: { readOnly } }}
      />
      <TextField
        size={size}
        label="Item Template Header"
        required={!readOnly}
        value={header}
        onChange={(e) => fields.onHeader(e.target.value)}
        error={Boolean(errors.Description)}
        helperText={errors.Description?.join(' ')}
        slotProps={{ input: { readOnly } }}
      />
    </>
  );
}
