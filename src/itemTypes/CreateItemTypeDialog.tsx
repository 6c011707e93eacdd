import { useState, type FormEvent } from 'react';
import {
  Box,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  Tooltip,
  Typography,
  useMediaQuery,
} from '@mui/material';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutline';
import { useDataProvider, useNotify } from 'react-admin';
import { Texts } from '../../shared/texts/index.js';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';
import type { ItemType, SectionTemplate } from '../../dataProvider/configuration.js';
import { DataTable, FRAMED_TABLE_SX } from '../components/DataTable.js';
import { MOBILE_QUERY } from '../layout/TopBar.js';
import { availableSections } from './itemTypeModel.js';
import { ItemTypeNameFields, useItemTypeNameFields } from './itemTypeNameFields.js';
import { SectionPicker } from './SectionPicker.js';

const T = Texts.configuration.itemTypeScreen;

interface Chosen {
  section: SectionTemplate;
  required: boolean;
}

/** Add Item Template: name and header (both required) and the sections it starts with, each marked required or not. */
export function CreateItemTypeDialog({
  sections,
  sectionsLoading,
  onClose,
  onCreated,
}: {
  sections: readonly SectionTemplate[];
  sectionsLoading: boolean;
  onClose: () => void;
  onCreated: (created: ItemType) => void;
}) {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  const fullScreen = useMediaQuery(MOBILE_QUERY);
  const fields = useItemTypeNameFields({ name: '', header: '' });
  const { errors, busy: saving } = fields;
  const [chosen, setChosen] = useState<Chosen[]>([]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const values = fields.checked();
    if (!values) return;
    await fields.run(async () => {
      const created = await dataProvider.createItemType({
        ...values,
        Sections: chosen.map((c) => ({ SectionId: c.section.Id, Required: c.required })),
      });
      notify(T.created(created.Name), { type: 'success' });
      onCreated(created);
    });
  };

  const sectionErrors = Object.entries(errors)
    .filter(([field]) => field.startsWith('Sections'))
    .flatMap(([, messages]) => messages);

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="create-item-type-title">
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}>
        <DialogTitle id="create-item-type-title">Add Item Template</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <ItemTypeNameFields fields={fields} autoFocus />
            <Box>
              <Typography variant="subtitle2" sx={{ mb: 1 }}>
                Sections
              </Typography>
              <Box sx={{ ...FRAMED_TABLE_SX, mb: 1.5 }}>
                <DataTable<Chosen>
                  label="Chosen sections"
                  rows={chosen}
                  rowKey={(c) => c.section.Id}
                  empty={T.noSectionsChosen}
                  columns={[
                    {
                      key: 'name',
                      label: 'Section Template Name',
                      render: (c) => (
                        <Stack direction="row" spacing={1} alignItems="center">
                          <Typography variant="body2">{c.section.SectionName}</Typography>
                          <Chip size="small" variant="outlined" label={`v${c.section.Version}`} />
                        </Stack>
                      ),
                    },
                    {
                      key: 'required',
                      label: 'Required',
                      align: 'center',
                      width: 90,
                      render: (c) => (
                        <Checkbox
                          size="small"
                          checked={c.required}
                          slotProps={{ input: { 'aria-label': `Required ${c.section.SectionName}` } }}
                          onChange={(e) => setChosen((list) => list.map((x) => (x === c ? { ...x, required: e.target.checked } : x)))}
                        />
                      ),
                    },
                    {
                      key: 'remove',
                      label: '',
                      align: 'right',
                      width: 56,
                      render: (c) => (
                        <Tooltip title="Remove">
                          <IconButton size="small" aria-label={`Remove ${c.section.SectionName}`} onClick={() => setChosen((list) => list.filter((x) => x !== c))}>
                            <RemoveCircleOutlineIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      ),
                    },
                  ]}
                />
              </Box>
              {sectionErrors.length > 0 && (
                <Typography color="error" variant="body2" sx={{ mb: 1 }}>
                  {sectionErrors.join(' ')}
                </Typography>
              )}
              <SectionPicker
                options={availableSections(sections, chosen.map((c) => c.section))}
                loading={sectionsLoading}
                onAdd={(section, required) => {
                  setChosen((list) => [...list, { section, required }]);
                  return true;
                }}
              />
            </Box>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={saving}>
            Add Item Template
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
