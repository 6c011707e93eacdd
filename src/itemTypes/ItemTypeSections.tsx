import { useState } from 'react';
import { Box, Checkbox, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutline';
import { useDataProvider, useNotify } from 'react-admin';
import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';
import type { ItemType, ItemTypeSection, SectionTemplate } from '../../dataProvider/configuration.js';
import { ConfirmDialog } from '../components/ConfirmDialog.js';
import { DataTable, FRAMED_TABLE_SX, type Column } from '../components/DataTable.js';
import { useCan } from '../session/useSession.js';
import { applyOrder, availableSections, failureOf, sectionsInOrder, useItemTypeCache } from './itemTypeModel.js';
import { SectionPicker } from './SectionPicker.js';

const T = Texts.configuration.itemTypeScreen;
const P = Permissions.ItemTypes;

/** Keeps the arrow column aligned where a row has no up (first) or no down (last) arrow. */
const ArrowGap = () => <Box component="span" sx={{ display: 'inline-block', width: 28 }} />;

/** The Sections table of an expanded item template: Required flags, reordering, removing and adding sections. */
export function ItemTypeSections({ itemType, sections, sectionsLoading }: { itemType: ItemType; sections: readonly SectionTemplate[]; sectionsLoading: boolean }) {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  const cache = useItemTypeCache();
  const canEdit = useCan(P.EDIT_ITEM_TYPES);
  const canAdd = useCan(P.ADD_SECTION_TO_ITEM_TYPE);
  const canRemove = useCan(P.REMOVE_SECTION_FROM_ITEM_TYPE);
  const canReorder = useCan(P.REORDER_ITEM_TYPE_SECTIONS);
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<ItemTypeSection | null>(null);
  const rows = sectionsInOrder(itemType);

  /** Runs a change of the item template's sections one at a time; answers whether it worked. */
  const run = async <R,>(call: () => Promise<R>, done: (result: R) => string): Promise<boolean> => {
    setBusy(true);
    try {
      const result = await call();
      notify(done(result), { type: 'success' });
      return true;
    } catch (error) {
      notify(failureOf(error).message, { type: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  };

  const answered = (updated: ItemType) => {
    cache.replace(updated);
    return updated;
  };

  const swap = (from: ItemTypeSection, to: ItemTypeSection) =>
    run(
      () => dataProvider.swapItemTypeSections(itemType.Id, from.SectionId, to.SectionId),
      (orders) => {
        cache.update(itemType.Id, (t) => ({ ...t, Sections: applyOrder(t.Sections, (s) => s.SectionId, orders) }));
        return T.sectionsReordered(itemType.Name);
      },
    );

  const columns: Column<ItemTypeSection>[] = [
    {
      key: 'name',
      label: 'Section Template Name',
      render: (s) => (
        <Stack direction="row" spacing={1} alignItems="center">
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {s.SectionName}
          </Typography>
          <Chip size="small" variant="outlined" label={`v${s.Version}`} />
        </Stack>
      ),
    },
    {
      key: 'required',
      label: 'Required',
      align: 'center',
      width: 90,
      render: (s) => (
        <Checkbox
          size="small"
          checked={s.Required}
          disabled={!canEdit || busy}
          slotProps={{ input: { 'aria-label': `Required ${s.SectionName}` } }}
          onChange={(e) =>
            run(
              () => dataProvider.setItemTypeSectionRequired(itemType.Id, s.SectionId, e.target.checked).then(answered),
              () => T.sectionUpdated(s.SectionName, itemType.Name),
            )
          }
        />
      ),
    },
  ];
  if (canReorder || canRemove) {
    columns.push({
      key: 'actions',
      label: '',
      align: 'right',
      width: 120,
      render: (s) => {
        const index = rows.indexOf(s);
        return (
          <Box sx={{ whiteSpace: 'nowrap' }}>
            {canReorder &&
              (index > 0 ? (
                <Tooltip title="Move up">
                  <IconButton size="small" aria-label={`Move ${s.SectionName} up`} disabled={busy} onClick={() => swap(s, rows[index - 1])}>
                    <ArrowUpwardIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              ) : (
                <ArrowGap />
              ))}
            {canReorder &&
              (index < rows.length - 1 ? (
                <Tooltip title="Move down">
                  <IconButton size="small" aria-label={`Move ${s.SectionName} down`} disabled={busy} onClick={() => swap(s, rows[index + 1])}>
                    <ArrowDownwardIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              ) : (
                <ArrowGap />
              ))}
            {canRemove && (
              <Tooltip title="Remove">
                <IconButton size="small" color="error" aria-label={`Remove ${s.SectionName}`} disabled={busy} onClick={() => setRemoving(s)}>
                  <RemoveCircleOutlineIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </Box>
        );
      },
    });
  }

  return (
    <Stack spacing={1.5}>
      <Box sx={{ ...FRAMED_TABLE_SX, bgcolor: 'background.paper' }}>
        <DataTable<ItemTypeSection> label={`Sections of ${itemType.Name}`} rows={rows} rowKey={(s) => s.SectionId} empty={T.noSections} columns={columns} />
      </Box>
      {canAdd && (
        <SectionPicker
          options={availableSections(sections, itemType.Sections)}
          loading={sectionsLoading}
          busy={busy}
          onAdd={(section, required) =>
            run(
              () => dataProvider.addItemTypeSection(itemType.Id, section.Id, required).then(answered),
              () => T.sectionAdded(section.SectionName, itemType.Name),
            )
          }
        />
      )}
      <ConfirmDialog
        open={Boolean(removing)}
        body={removing ? T.removeSectionBody(removing.SectionName, itemType.Name) : undefined}
        confirmLabel="Remove"
        busy={busy}
        onCancel={() => setRemoving(null)}
        onConfirm={async () => {
          const section = removing!;
          setRemoving(null);
          await run(
            () => dataProvider.removeItemTypeSection(itemType.Id, section.SectionId).then(answered),
            () => T.sectionRemoved(section.SectionName, itemType.Name),
          );
        }}
      />
    </Stack>
  );
}
