import { useMemo } from 'react';
import { Box, Stack } from '@mui/material';
import { Form, SaveButton, useCanAccess, type Identifier } from 'react-admin';
import type { ApiRecord, ResourceDeclaration } from '../../resources/declaration.js';
import { formSchemaOf, schemaValidator } from '../resources/formValidation.js';
import { SchemaInput } from '../resources/SchemaInput.js';
import { useResourceSave } from '../resources/useResourceSave.js';
import { VALIDATION_MODE } from '../forms/validationMode.js';

/** The fields of an item template's name form (add modal and expanded row). */
export const NAME_FIELDS = ['Name', 'Description'] as const;

/** The schema and validator of the Item Template Name and Header (the same schema as the server's). */
export function useNameSchema(declaration: ResourceDeclaration) {
  return useMemo(() => {
    const schema = formSchemaOf(declaration.schema, NAME_FIELDS);
    return { schema, validate: schemaValidator(schema) };
  }, [declaration]);
}

/**
 * Item Template Name and Header of an expanded row, a react-admin form: Save is enabled once something changed
 * (Edit Item Types); read only, the fields cannot be changed and no Save shows.
 */
export function ItemTypeForm({ declaration, itemType }: { declaration: ResourceDeclaration; itemType: ApiRecord & { id: Identifier } }) {
  const { canAccess: canEdit = false } = useCanAccess({ resource: declaration.name, action: 'edit' });
  const { schema, validate } = useNameSchema(declaration);
  const save = useResourceSave(declaration);
  const record = useMemo(() => ({ id: itemType.id, Name: itemType.Name, Description: itemType.Description ?? '' }), [itemType.id, itemType.Name, itemType.Description]);

  return (
    <Form
      key={`${String(record.Name)}\n${String(record.Description)}`}
      record={record}
      onSubmit={(values: ApiRecord) => save({ Name: values.Name, Description: values.Description }, itemType)}
      validate={validate}
      noValidate
      {...VALIDATION_MODE}
      disableInvalidFormNotification
    >
      <Stack spacing={0.5} aria-label={`Details of ${String(itemType.Name)}`} component="section">
        {NAME_FIELDS.map((field) => (
          <SchemaInput key={field} schema={schema} name={field} readOnly={!canEdit} />
        ))}
        {canEdit && (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <SaveButton label="Save" variant="contained" />
          </Box>
        )}
      </Stack>
    </Form>
  );
}
