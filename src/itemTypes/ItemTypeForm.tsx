import type { FormEvent } from 'react';
import { Box, Button, Stack } from '@mui/material';
import SaveIcon from '@mui/icons-material/Save';
import { useDataProvider, useNotify } from 'react-admin';
import { Texts } from '../../shared/texts/index.js';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';
import type { ItemType } from '../../dataProvider/configuration.js';
import { useItemTypeCache } from './itemTypeModel.js';
import { ItemTypeNameFields, useItemTypeNameFields } from './itemTypeNameFields.js';

const T = Texts.configuration.itemTypeScreen;

/** Item Template Name and Header of an expanded row; Save is enabled once something changed (Edit Item Types). */
export function ItemTypeForm({ itemType, canEdit }: { itemType: ItemType; canEdit: boolean }) {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  const cache = useItemTypeCache();
  const fields = useItemTypeNameFields({ name: itemType.Name, header: itemType.Description ?? '' });
  const { name, header, busy: saving } = fields;
  const changed = name !== itemType.Name || header !== (itemType.Description ?? '');

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const values = fields.checked();
    if (!values) return;
    await fields.run(async () => {
      const updated = await dataProvider.updateItemType(itemType.Id, values);
      cache.replace(updated);
      fields.reset({ name: updated.Name, header: updated.Description ?? '' });
      notify(T.updated(updated.Name), { type: 'success' });
      await cache.invalidate();
    });
  };

  return (
    <Box component="form" onSubmit={save} noValidate aria-label={`Details of ${itemType.Name}`}>
      <Stack spacing={2}>
        <ItemTypeNameFields fields={fields} readOnly={!canEdit} size="small" />
        {canEdit && (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
            {changed && (
              <Button
                disabled={saving}
                onClick={() => fields.reset({ name: itemType.Name, header: itemType.Description ?? '' })}
              >
                Reset
              </Button>
            )}
            <Button type="submit" variant="contained" startIcon={<SaveIcon />} disabled={!changed || saving}>
              Save
            </Button>
          </Box>
        )}
      </Stack>
    </Box>
  );
}
