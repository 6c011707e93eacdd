import { useState, type FormEvent } from 'react';
import { Box, Button, Stack, TextField } from '@mui/material';
import SaveIcon from '@mui/icons-material/Save';
import { useDataProvider, useNotify } from 'react-admin';
import { Texts } from '../../shared/texts/index.js';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';
import type { ItemType } from '../../dataProvider/configuration.js';
import { failureOf, useItemTypeCache } from './itemTypeModel.js';

const T = Texts.configuration.itemTypeScreen;

/** Item Template Name and Header of an expanded row; Save is enabled once something changed (Edit Item Types). */
export function ItemTypeForm({ itemType, canEdit }: { itemType: ItemType; canEdit: boolean }) {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  const cache = useItemTypeCache();
  const [name, setName] = useState(itemType.Name);
  const [header, setHeader] = useState(itemType.Description ?? '');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [saving, setSaving] = useState(false);
  const changed = name !== itemType.Name || header !== (itemType.Description ?? '');

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string[]> = {};
    if (!name.trim()) missing.Name = [T.nameRequired];
    if (!header.trim()) missing.Description = [T.headerRequired];
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setSaving(true);
    try {
      const updated = await dataProvider.updateItemType(itemType.Id, { Name: name.trim(), Description: header.trim() });
      cache.replace(updated);
      setName(updated.Name);
      setHeader(updated.Description ?? '');
      notify(T.updated(updated.Name), { type: 'success' });
      await cache.invalidate();
    } catch (error) {
      const failure = failureOf(error);
      setErrors(failure.modelState ?? {});
      if (failure.body?.ExceptionMessage) notify(failure.body.ExceptionMessage, { type: 'error' });
      else if (!failure.modelState) notify(failure.message, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box component="form" onSubmit={save} noValidate aria-label={`Details of ${itemType.Name}`}>
      <Stack spacing={2}>
        <TextField
          size="small"
          label="Item Template Name"
          required={canEdit}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setErrors(({ Name: _, ...rest }) => rest);
          }}
          error={Boolean(errors.Name)}
          helperText={errors.Name?.join(' ')}
          slotProps={{ input: { readOnly: !canEdit } }}
        />
        <TextField
          size="small"
          label="Item Template Header"
          required={canEdit}
          value={header}
          onChange={(e) => {
            setHeader(e.target.value);
            setErrors(({ Description: _, ...rest }) => rest);
          }}
          error={Boolean(errors.Description)}
          helperText={errors.Description?.join(' ')}
          slotProps={{ input: { readOnly: !canEdit } }}
        />
        {canEdit && (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
            {changed && (
              <Button
                disabled={saving}
                onClick={() => {
                  setName(itemType.Name);
                  setHeader(itemType.Description ?? '');
                  setErrors({});
                }}
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
