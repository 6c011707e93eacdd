import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Stack, Tooltip, Typography, useMediaQuery } from '@mui/material';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutline';
import { useFieldArray, useFormState } from 'react-hook-form';
import { DataTable, Form, ListContextProvider, useList, useStore } from 'react-admin';
import { PageSizes } from '../../shared/constants.js';
import { Texts } from '../../shared/texts/index.js';
import type { SectionTemplate } from '../../dataProvider/configuration.js';
import type { ApiRecord } from '../../resources/declaration.js';
import { MOBILE_QUERY } from '../layout/TopBar.js';
import { SchemaInput } from '../resources/SchemaInput.js';
import { SubmitButton } from '../resources/SubmitButton.js';
import { useResourceSave } from '../resources/useResourceSave.js';
import { useResourceTexts, type ViewProps } from '../resources/views.js';
import { availableSections } from './itemTypeModel.js';
import { NAME_FIELDS, useNameSchema } from './ItemTypeForm.js';
import { useSectionTemplates } from './ItemTypeSections.js';
import { RequiredBox, SectionNameCell, SectionPicker } from './SectionPicker.js';
import { VALIDATION_MODE } from '../forms/validationMode.js';

const T = Texts.configuration.itemTypeScreen;

interface Chosen {
  SectionId: number;
  Required: boolean;
}
type Row = Chosen & { id: number; section?: SectionTemplate };

/** The sections the new item template starts with: the form's `Sections` array, filled from the picker. */
function ChosenSections() {
  const { data: templates, isPending } = useSectionTemplates(true);
  const { fields, append, remove, update } = useFieldArray<{ Sections: Chosen[] }, 'Sections', 'key'>({ name: 'Sections', keyName: 'key' });
  const { errors } = useFormState();
  const all = templates ?? [];
  const rows: Row[] = fields.map((f) => ({ SectionId: f.SectionId, Required: f.Required, id: f.SectionId, section: all.find((s) => s.Id === f.SectionId) }));
  const list = useList({ data: rows, perPage: PageSizes.UNPAGED });
  const taken = rows.flatMap((r) => (r.section ? [r.section] : []));
  const sectionErrors = errors.Sections ? [String((errors.Sections as { message?: string }).message ?? '')].filter(Boolean) : [];
  const indexOf = (r: Row) => rows.findIndex((x) => x.SectionId === r.SectionId);
  const nameOf = (r: Row) => r.section?.SectionName ?? String(r.SectionId);

  return (
    <Box sx={{ pt: 1 }}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        Sections
      </Typography>
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, mb: 1.5, overflow: 'hidden' }}>
        <ListContextProvider value={list}>
          <DataTable
            aria-label="Chosen sections"
            resource="item-type-sections"
            bulkActionButtons={false}
            rowClick={false}
            empty={<Typography color="text.secondary" sx={{ p: 2, textAlign: 'center' }}>{T.noSectionsChosen}</Typography>}
          >
            <DataTable.Col
              label="Section Template Name"
              disableSort
              render={(r: Row) => <SectionNameCell name={nameOf(r)} version={r.section?.Version} />}
            />
            <DataTable.Col
              label="Required"
              disableSort
              align="center"
              render={(r: Row) => <RequiredBox name={nameOf(r)} checked={r.Required} onChange={(Required) => update(indexOf(r), { SectionId: r.SectionId, Required })} />}
            />
            <DataTable.Col
              label=""
              disableSort
              align="right"
              render={(r: Row) => (
                <Tooltip title="Remove">
                  <IconButton size="small" aria-label={`Remove ${nameOf(r)}`} onClick={() => remove(indexOf(r))}>
                    <RemoveCircleOutlineIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
            />
          </DataTable>
        </ListContextProvider>
      </Box>
      {sectionErrors.length > 0 && (
        <Typography color="error" variant="body2" sx={{ mb: 1 }}>
          {sectionErrors.join(' ')}
        </Typography>
      )}
      <SectionPicker
        options={availableSections(all, taken)}
        loading={isPending}
        onAdd={(section, required) => {
          append({ SectionId: section.Id, Required: required });
          return true;
        }}
      />
    </Box>
  );
}

/**
 * The `create` slot of item templates: Add Item Template in a react-admin form — name and header (required, by the
 * schema) and the sections it starts with, each marked required or not. The new template opens expanded.
 */
export default function ItemTypeCreate({ declaration, onClose }: ViewProps) {
  const fullScreen = useMediaQuery(MOBILE_QUERY);
  const { schema, validate } = useNameSchema(declaration);
  const [, setExpanded] = useStore<unknown[]>(`${declaration.name}.datagrid.expanded`, []);
  const save = useResourceSave(declaration, undefined, (created) => setExpanded([created.id ?? created[declaration.key]]));
  const close = () => onClose?.();
  const title = useResourceTexts(declaration).add();

  const onSubmit = async (values: ApiRecord) => {
    const errors = await save({ Name: values.Name, Description: values.Description, Sections: values.Sections ?? [] });
    if (errors === undefined) close();
    return errors;
  };

  return (
    <Dialog open onClose={close} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="create-item-type-title">
      <Form record={{ Name: '', Description: '', Sections: [] }} onSubmit={onSubmit} validate={validate} noValidate {...VALIDATION_MODE} disableInvalidFormNotification>
        <DialogTitle id="create-item-type-title">{title}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={1}>
            {NAME_FIELDS.map((field) => (
              <SchemaInput key={field} schema={schema} name={field} />
            ))}
            <ChosenSections />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <SubmitButton label={title} />
        </DialogActions>
      </Form>
    </Dialog>
  );
}
