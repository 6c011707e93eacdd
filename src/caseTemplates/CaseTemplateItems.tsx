import { useMemo, useState } from 'react';
import { Alert, Box, Button, Checkbox, FormControlLabel, IconButton, MenuItem, Stack, TextField, Tooltip, Typography, useMediaQuery } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutline';
import { DataTable, useCanAccess, useDataProvider, useGetList, useNotify, useRefresh } from 'react-admin';
import { useController, useFormState } from 'react-hook-form';
import { PageSizes } from '../../shared/constants.js';
import { Texts } from '../../shared/texts/index.js';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';
import type { ItemType } from '../../dataProvider/configuration.js';
import { failureMessage } from '../resources/writeFailure.js';
import type { ApiRecord } from '../../resources/declaration.js';
import { FRAMED_TABLE_SX } from '../theme.js';
import { MOBILE_QUERY } from '../layout/TopBar.js';
import { applyItemOrder, isSavedSwap, moveItem, newItem, type DraftItem } from './caseTemplateModel.js';

const T = Texts.configuration.caseTemplateScreen;
const RESOURCE = 'case-templates';

type Flag = 'AutoAdd' | 'ShowInReport' | 'ShowTitle';
const FLAGS: { flag: Flag; label: string }[] = [
  { flag: 'AutoAdd', label: 'Auto Add Item' },
  { flag: 'ShowInReport', label: 'Show In Report' },
  { flag: 'ShowTitle', label: 'Show Title' },
];

const ArrowGap = () => <Box component="span" sx={{ display: 'inline-block', width: 28 }} />;

/** Every message of a form error, however deep (ItemTypeIds.0.ItemType_Id). */
const messagesOf = (error: unknown): string[] =>
  !error || typeof error !== 'object'
    ? []
    : typeof (error as { message?: unknown }).message === 'string'
      ? [(error as { message: string }).message]
      : Object.values(error).flatMap(messagesOf);

/** Whether the user may do one of the declaration's item actions. */
const useItemAction = (action: string) => useCanAccess({ resource: RESOURCE, action }).canAccess ?? false;

/**
 * The items of a case template, the form's `ItemTypeIds`: add one of the item templates at the end, set its flags,
 * remove it, move it up or down. A new template is built freely by whoever may create it; a saved one needs the
 * item actions' permissions too. Moving a saved item past a saved neighbour is a swap the server makes at once
 * (spec 002 §4), whose id → DisplayOrder answer the editor applies; other changes wait for the template's save.
 */
export function CaseTemplateItems({ template, creating, readOnly }: { template?: ApiRecord; creating: boolean; readOnly: boolean }) {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const phone = useMediaQuery(MOBILE_QUERY);
  const { field } = useController({ name: 'ItemTypeIds' });
  const items = (field.value ?? []) as DraftItem[];
  const setItems = (next: DraftItem[]) => field.onChange(next);
  const { errors } = useFormState({ name: 'ItemTypeIds' });
  const itemErrors = messagesOf(errors.ItemTypeIds);

  const canAdd = useItemAction('addItem');
  const canRemove = useItemAction('removeItem');
  const canReorder = useItemAction('reorderItems');
  const mayAdd = !readOnly && (creating || canAdd);
  const mayRemove = (item: DraftItem) => !readOnly && (creating || !item.savedId || canRemove);
  const mayReorder = !readOnly && (creating || canReorder);

  // The declared item templates, through react-admin's cache (a template added elsewhere shows after its refresh).
  const { data: itemTypes } = useGetList<ItemType & { id: number }>('item-types', { pagination: { page: 1, perPage: PageSizes.UNPAGED } }, { enabled: mayAdd });
  const choices = useMemo(() => (itemTypes ?? []).filter((t) => !t.Hidden).sort((a, b) => a.Name.localeCompare(b.Name)), [itemTypes]);
  const [chosen, setChosen] = useState<number | ''>('');
  const [chooseError, setChooseError] = useState<string>();
  const [swapping, setSwapping] = useState(false);

  const addItem = () => {
    const type = choices.find((t) => t.Id === chosen);
    if (!type) {
      setChooseError(T.itemTypeRequired);
      return;
    }
    setChooseError(undefined);
    setItems([...items, newItem(type)]);
    setChosen('');
  };

  /** Moves the item at `index` one place up (-1) or down (+1): a swap on the server for two saved items of a saved template. */
  const move = async (index: number, delta: -1 | 1) => {
    if (swapping) return;
    if (!template || !isSavedSwap(items, index, delta)) {
      setItems(moveItem(items, index, delta));
      return;
    }
    setSwapping(true);
    try {
      const orders = await dataProvider.callOperation('caseTemplates', 'swapItems', Number(template.Id), { SwapFromItem_Id: items[index].savedId!, SwapToItem_Id: items[index + delta].savedId! });
      setItems(applyItemOrder(items, orders));
      notify(T.itemsReordered(String(template.Label)), { type: 'success' });
      // The list's copy of the template reads the new order from the server.
      refresh();
    } catch (error) {
      const message = failureMessage(error);
      if (message) notify(message, { type: 'error' });
    } finally {
      setSwapping(false);
    }
  };

  const flagBox = (item: DraftItem, flag: Flag, label: string) => (
    <Checkbox
      size="small"
      checked={item[flag]}
      disabled={readOnly}
      slotProps={{ input: { 'aria-label': `${label} for ${item.ItemType.Short}` } }}
      onChange={(e) => setItems(items.map((x) => (x.key === item.key ? { ...x, [flag]: e.target.checked } : x)))}
    />
  );

  const actions = (item: DraftItem) => {
    const index = items.indexOf(item);
    const arrow = (delta: -1 | 1) =>
      (delta < 0 ? index > 0 : index < items.length - 1) ? (
        <Tooltip title={delta < 0 ? 'Move up' : 'Move down'}>
          <IconButton size="small" aria-label={`Move ${item.ItemType.Short} ${delta < 0 ? 'up' : 'down'}`} onClick={() => move(index, delta)}>
            {delta < 0 ? <ArrowUpwardIcon fontSize="small" /> : <ArrowDownwardIcon fontSize="small" />}
          </IconButton>
        </Tooltip>
      ) : (
        !phone && <ArrowGap />
      );
    return (
      <Stack direction={phone ? 'column' : 'row'} sx={{ justifyContent: 'flex-end', alignItems: 'center', whiteSpace: 'nowrap' }}>
        {mayReorder && arrow(-1)}
        {mayReorder && arrow(1)}
        {mayRemove(item) && (
          <Tooltip title="Remove">
            <IconButton size="small" color="error" aria-label={`Remove ${item.ItemType.Short}`} onClick={() => setItems(items.filter((x) => x.key !== item.key))}>
              <RemoveCircleOutlineIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
    );
  };

  return (
    <Stack spacing={1.5}>
      {mayAdd && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} alignItems={{ xs: 'stretch', sm: 'flex-start' }}>
          <TextField
            select
            size="small"
            label="Item Template"
            value={choices.some((t) => t.Id === chosen) ? chosen : ''}
            onChange={(e) => {
              setChosen(e.target.value === '' ? '' : Number(e.target.value));
              setChooseError(undefined);
            }}
            error={Boolean(chooseError)}
            helperText={chooseError}
            sx={{ flex: 1 }}
          >
            <MenuItem value="">
              <em>Select…</em>
            </MenuItem>
            {choices.map((t) => (
              <MenuItem key={t.Id} value={t.Id}>
                {t.Description ? `${t.Name} (${t.Description})` : t.Name}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="outlined" startIcon={<AddIcon />} onClick={addItem} sx={{ height: 48, whiteSpace: 'nowrap' }}>
            Add Item
          </Button>
        </Stack>
      )}
      {itemErrors.length > 0 && <Alert severity="error">{itemErrors.join(' ')}</Alert>}
      {items.length === 0 ? (
        <Typography color="text.secondary" sx={{ ...FRAMED_TABLE_SX, py: 3, textAlign: 'center' }}>
          {T.noItems}
        </Typography>
      ) : (
        <Box sx={FRAMED_TABLE_SX}>
          <DataTable
            aria-label="Items"
            resource="case-template-items"
            storeKey="case-template-items"
            data={items.map((item) => ({ ...item, id: item.key }))}
            total={items.length}
            isPending={false}
            bulkActionButtons={false}
            rowClick={false}
            hover={false}
            size="small"
          >
            <DataTable.Col
              label="Item Template"
              disableSort
              render={(item: DraftItem) => (
                <Box>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {item.ItemType.Short}
                  </Typography>
                  {item.ItemType.Description && (
                    <Typography variant="caption" color="text.secondary">
                      {item.ItemType.Description}
                    </Typography>
                  )}
                </Box>
              )}
            />
            {phone ? (
              <DataTable.Col
                label="Options"
                disableSort
                render={(item: DraftItem) => (
                  <Stack>
                    {FLAGS.map(({ flag, label }) => (
                      <FormControlLabel key={flag} sx={{ m: 0, '& .MuiFormControlLabel-label': { fontSize: 13 } }} control={flagBox(items.find((x) => x.key === item.key)!, flag, label)} label={label} />
                    ))}
                  </Stack>
                )}
              />
            ) : (
              FLAGS.map(({ flag, label }) => (
                <DataTable.Col key={flag} label={label} disableSort align="center" render={(item: DraftItem) => flagBox(items.find((x) => x.key === item.key)!, flag, label)} />
              ))
            )}
            <DataTable.Col label="" disableSort align="right" render={(item: DraftItem) => actions(items.find((x) => x.key === item.key)!)} />
          </DataTable>
        </Box>
      )}
    </Stack>
  );
}
