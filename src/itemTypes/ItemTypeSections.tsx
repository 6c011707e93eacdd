import { useState } from 'react';
import { Box, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutline';
import { Confirm, DataTable, ListContextProvider, ResourceContextProvider, useCanAccess, useDataProvider, useGetList, useList, useNotify } from 'react-admin';
import { PageSizes } from '../../shared/constants.js';
import { Texts } from '../../shared/texts/index.js';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';
import type { ItemType, ItemTypeSection, SectionTemplate } from '../../dataProvider/configuration.js';
import type { ResourceDeclaration } from '../../resources/declaration.js';
import { resourceByName } from '../../resources/index.js';
import { failureMessage } from '../resources/writeFailure.js';
import { useResourceTexts } from '../resources/views.js';
import { applyOrder, asRecord, availableSections, sectionsInOrder, useCachedRecords } from './itemTypeModel.js';
import { RequiredBox, SectionNameCell, SectionPicker } from './SectionPicker.js';

const T = Texts.configuration.itemTypeScreen;
const SECTIONS = 'item-type-sections';

/** Keeps the arrow column aligned where a row has no up (first) or no down (last) arrow. */
const ArrowGap = () => <Box component="span" sx={{ display: 'inline-block', width: 28 }} />;

type Row = ItemTypeSection & { id: number };

/** Every version of every section template (the `section-versions` resource, unfiltered): what the pickers offer. */
export function useSectionTemplates(enabled: boolean) {
  return useGetList<SectionTemplate & { id: number }>('section-versions', { pagination: { page: 1, perPage: PageSizes.UNPAGED } }, { enabled });
}

/**
 * The Sections of an expanded item template (the `item-type-sections` sub-resource): the Required flags (Edit Item
 * Types), the order arrows (Reorder Item Type Sections), removing after confirmation and adding from the picker.
 * Each change is a named call whose answer goes into the cached item template.
 */
export function ItemTypeSections({ declaration, itemType }: { declaration: ResourceDeclaration; itemType: ItemType }) {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  const cache = useCachedRecords<ItemType>(declaration.name);
  const sub = resourceByName(SECTIONS)!;
  const { canAccess: canEdit = false } = useCanAccess({ resource: declaration.name, action: 'edit' });
  const { canAccess: canAdd = false } = useCanAccess({ resource: SECTIONS, action: 'create' });
  const { canAccess: canRemove = false } = useCanAccess({ resource: SECTIONS, action: 'delete' });
  const { canAccess: canReorder = false } = useCanAccess({ resource: SECTIONS, action: 'edit' });
  const { data: templates, isPending: templatesLoading } = useSectionTemplates(canAdd);
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<ItemTypeSection | null>(null);
  const rows: Row[] = sectionsInOrder(itemType).map((s) => ({ ...s, id: s.SectionId }));
  const list = useList({ data: rows, perPage: PageSizes.UNPAGED });
  const texts = useResourceTexts(sub);

  /** Runs one change of the sections at a time; answers whether it worked. */
  const run = async <R,>(call: () => Promise<R>, done: (result: R) => string): Promise<boolean> => {
    setBusy(true);
    try {
      notify(done(await call()), { type: 'success' });
      return true;
    } catch (error) {
      const message = failureMessage(error);
      if (message) notify(message, { type: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  };
  const answered = (updated: ItemType) => cache.change(itemType.Id, () => updated);
  /** A section added or removed answers the whole item template (not a section record: its own keys are dropped). */
  const answeredBy = ({ data }: { data: object }) => {
    const { id: _id, ItemTypeId: _parent, ...updated } = data as ItemType & { id?: unknown; ItemTypeId?: unknown };
    answered(updated as ItemType);
  };

  const swap = (from: ItemTypeSection, to: ItemTypeSection) =>
    run(
      () => dataProvider.callOperation('itemTypes', 'swapSections', itemType.Id, { SwapFromSection_Id: from.SectionId, SwapToSection_Id: to.SectionId }),
      (orders) => {
        cache.change(itemType.Id, (t) => ({ ...t, Sections: applyOrder(t.Sections, (s) => s.SectionId, orders) }));
        return T.sectionsReordered(itemType.Name);
      },
    );

  return (
    <Stack spacing={1.5}>
      <ResourceContextProvider value={SECTIONS}>
        <ListContextProvider value={list}>
          <DataTable aria-label={`Sections of ${itemType.Name}`} bulkActionButtons={false} rowClick={false} empty={<Typography color="text.secondary" sx={{ p: 2 }}>{texts.empty}</Typography>}>
            <DataTable.Col
              source="SectionName"
              label="Section Template Name"
              disableSort
              render={(s: Row) => <SectionNameCell name={s.SectionName} version={s.Version} />}
            />
            <DataTable.Col
              source="Required"
              label="Required"
              disableSort
              align="center"
              render={(s: Row) => (
                <RequiredBox
                  name={s.SectionName}
                  checked={s.Required}
                  disabled={!canEdit || busy}
                  onChange={(required) =>
                    run(
                      () => dataProvider.callOperation('itemTypes', 'setSectionRequired', itemType.Id, s.SectionId, { Required: required }).then(answered),
                      () => texts.updated(asRecord(s), asRecord(itemType)),
                    )
                  }
                />
              )}
            />
            {(canReorder || canRemove) && (
              <DataTable.Col
                label=""
                disableSort
                align="right"
                render={(s: Row) => {
                  const index = rows.findIndex((r) => r.SectionId === s.SectionId);
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
                }}
              />
            )}
          </DataTable>
        </ListContextProvider>
      </ResourceContextProvider>
      {canAdd && (
        <SectionPicker
          options={availableSections(templates ?? [], itemType.Sections)}
          loading={templatesLoading}
          busy={busy}
          onAdd={(section, required) =>
            run(
              // The server answers the item template with its sections.
              () => dataProvider.create(SECTIONS, { data: { ItemTypeId: itemType.Id, SectionId: section.Id, Required: required } }).then(answeredBy),
              () => texts.created(asRecord(section), asRecord(itemType)),
            )
          }
        />
      )}
      <Confirm
        isOpen={Boolean(removing)}
        title={Texts.global.confirmTitle}
        content={removing ? T.removeSectionBody(removing.SectionName, itemType.Name) : ''}
        confirm="Remove"
        cancel="Cancel"
        confirmColor="warning"
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          const section = removing!;
          setRemoving(null);
          await run(
            () =>
              dataProvider
                .delete(SECTIONS, { id: section.SectionId, previousData: { ...section, id: section.SectionId, ItemTypeId: itemType.Id } })
                .then(answeredBy),
            () => texts.deleted(asRecord(section), asRecord(itemType)),
          );
        }}
      />
    </Stack>
  );
}
