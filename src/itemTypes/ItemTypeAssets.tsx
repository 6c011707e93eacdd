import { useEffect, useRef, useState } from 'react';
import { Box, IconButton, InputBase, LinearProgress, Stack, Tooltip, Typography, useMediaQuery } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import DeleteIcon from '@mui/icons-material/Delete';
import { Confirm, DataTable, ListBase, useCanAccess, useDataProvider, useDelete, useListContext, useNotify } from 'react-admin';
import { Timing } from '../../shared/constants.js';
import { formatLongDate } from '../../shared/format.js';
import { Texts } from '../../shared/texts/index.js';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';
import type { ItemType, ItemTypeAsset } from '../../dataProvider/configuration.js';
import { saveFile } from '../../dataProvider/httpClient.js';
import { filesForm } from '../../dataProvider/operations.js';
import { resourceByName } from '../../resources/index.js';
import { FileDropZone } from '../components/FileDropZone.js';
import { MOBILE_QUERY } from '../layout/TopBar.js';
import { LoadFailed } from '../layout/LoadFailed.js';
import { failureMessage } from '../resources/writeFailure.js';
import { ListPager } from '../resources/ListPager.js';
import { useResourceTexts } from '../resources/views.js';
import { asRecord, useCachedRecords } from './itemTypeModel.js';

const T = Texts.configuration.itemTypeScreen;
const A = Texts.configuration.assets;
const ASSETS = 'item-type-assets';

type Row = ItemTypeAsset & { id: number };

/**
 * An asset's name, edited in place: the rename is sent 500 ms after typing stops (or at once on leaving the field);
 * an empty name is ignored and the field shows the saved name again.
 */
function AssetNameField({ itemTypeId, asset }: { itemTypeId: number; asset: Row }) {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  const cache = useCachedRecords<ItemTypeAsset>(ASSETS);
  const [text, setText] = useState(asset.Name);
  const [saved, setSaved] = useState(asset.Name);
  const [typing, setTyping] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<string | null>(null);

  // A name changed elsewhere (another rename answered, a reload) shows unless the user is typing.
  if (asset.Name !== saved && !typing) {
    setSaved(asset.Name);
    setText(asset.Name);
  }

  const send = async () => {
    const name = pending.current?.trim();
    pending.current = null;
    timer.current = null;
    setTyping(false);
    if (!name || name === saved) return;
    try {
      const renamed = await dataProvider.callOperation('itemTypeAssets', 'rename', itemTypeId, asset.Id, name);
      cache.change(asset.id, () => renamed);
      setSaved(renamed.Name);
      notify(T.filenameUpdated, { type: 'success' });
    } catch {
      notify(A.renameFailed, { type: 'error' });
      setText(saved);
    }
  };
  const flush = () => {
    if (timer.current) clearTimeout(timer.current);
    if (pending.current !== null) void send();
  };
  // Leaving the screen sends what was typed rather than dropping it.
  const flushRef = useRef(flush);
  useEffect(() => {
    flushRef.current = flush;
  });
  useEffect(() => () => flushRef.current(), []);

  return (
    <InputBase
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        setTyping(true);
        pending.current = e.target.value;
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(() => void send(), Timing.ASSET_RENAME_DEBOUNCE_MS);
      }}
      onBlur={() => {
        flush();
        if (!text.trim()) setText(saved);
      }}
      inputProps={{ 'aria-label': `Name of ${asset.FileName}`, maxLength: 255 }}
      sx={{
        width: '100%',
        fontSize: 14,
        px: 1,
        py: 0.25,
        borderRadius: 1,
        border: 1,
        borderColor: 'transparent',
        '&:hover': { borderColor: 'divider' },
        '&.Mui-focused': { borderColor: 'primary.main', bgcolor: 'background.paper' },
      }}
    />
  );
}

/** Download, and (Edit Item Types) delete after react-admin's confirmation. */
function AssetActions({ itemType, asset, canEdit }: { itemType: ItemType; asset: Row; canEdit: boolean }) {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  const [remove, { isPending }] = useDelete();
  const [confirming, setConfirming] = useState(false);
  const texts = useResourceTexts(resourceByName(ASSETS)!);

  const download = async () => {
    try {
      saveFile(await dataProvider.callOperation('itemTypeAssets', 'download', itemType.Id, asset.Id), asset.Name);
    } catch {
      notify(A.retrieveFailed, { type: 'error' });
    }
  };
  const confirmDelete = async () => {
    setConfirming(false);
    try {
      await remove(ASSETS, { id: asset.id, previousData: asset }, { mutationMode: 'pessimistic', returnPromise: true });
      notify(texts.deleted(asRecord(asset)), { type: 'success' });
    } catch (error) {
      const message = failureMessage(error);
      if (message) notify(message, { type: 'error' });
    }
  };
  const body = texts.remove.confirmBody(asRecord(asset));

  return (
    <Box sx={{ whiteSpace: 'nowrap', textAlign: 'right' }}>
      <Tooltip title="Download">
        <IconButton size="small" aria-label={`Download ${asset.Name}`} onClick={download}>
          <DownloadIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {canEdit && (
        <>
          <Tooltip title="Delete">
            <IconButton size="small" aria-label={`Delete ${asset.Name}`} disabled={isPending} onClick={() => setConfirming(true)}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Confirm
            isOpen={confirming}
            title={Texts.global.confirmTitle}
            content={`${body} ${Texts.global.cannotBeUndone}`}
            confirm="Delete"
            cancel="Cancel"
            confirmColor="warning"
            onConfirm={confirmDelete}
            onClose={() => setConfirming(false)}
          />
        </>
      )}
    </Box>
  );
}

function AssetsTable({ itemType, canEdit }: { itemType: ItemType; canEdit: boolean }) {
  const { error, isPending, refetch } = useListContext();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const texts = useResourceTexts(resourceByName(ASSETS)!);
  if (error) return <LoadFailed error={error} text={T.assetsLoadFailed} onRetry={() => void refetch()} />;
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper', overflow: 'hidden' }}>
      {isPending && <LinearProgress aria-label="Loading assets" />}
      <DataTable
        aria-label={`Assets of ${itemType.Name}`}
        bulkActionButtons={false}
        rowClick={false}
        empty={<Typography color="text.secondary" sx={{ p: 2, textAlign: 'center' }}>{texts.empty}</Typography>}
      >
        <DataTable.Col
          source="Name"
          label="Name"
          render={(a: Row) => (
            <Box>
              {canEdit ? <AssetNameField itemTypeId={itemType.Id} asset={a} /> : <Typography variant="body2">{a.Name}</Typography>}
              {mobile && (
                <Typography variant="caption" color="text.secondary" sx={{ px: canEdit ? 1 : 0 }}>
                  {formatLongDate(a.CreatedDate)}
                </Typography>
              )}
            </Box>
          )}
        />
        {!mobile && <DataTable.Col source="CreatedDate" label="Added On" render={(a: Row) => formatLongDate(a.CreatedDate)} />}
        <DataTable.Col label="" disableSort render={(a: Row) => <AssetActions itemType={itemType} asset={a} canEdit={canEdit} />} />
      </DataTable>
      <ListPager />
    </Box>
  );
}

/** Drag files here, or choose them: a named upload call, then the assets list loads again. */
function DropZone({ itemType }: { itemType: ItemType }) {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  const cache = useCachedRecords<ItemTypeAsset>(ASSETS);
  const { total } = useListContext();

  const upload = async (files: File[]) => {
    const before = total ?? 0;
    try {
      const all = await dataProvider.callOperation('itemTypeAssets', 'upload', itemType.Id, filesForm(files));
      const added = all.length - before;
      notify(T.assetsUploaded(added > 0 ? added : files.length, itemType.Name), { type: 'success' });
      await cache.reload();
    } catch (error) {
      const message = failureMessage(error);
      if (message) notify(message, { type: 'error' });
    }
  };

  return (
    <FileDropZone
      data-testid="asset-drop-zone"
      onFiles={upload}
      inputLabel={`Upload assets to ${itemType.Name}`}
      hint={T.dropHint}
      busyText={T.uploading}
      caption={T.zipHint}
    />
  );
}

/**
 * The Assets of an expanded item template: the `item-type-assets` sub-resource in react-admin's ListBase (five to
 * a page), renamed in place, downloaded, deleted after confirmation, and — with Edit Item Types — uploaded by
 * dropping files on the zone below.
 */
export function ItemTypeAssets({ itemType }: { itemType: ItemType }) {
  const { canAccess: canEdit = false } = useCanAccess({ resource: ASSETS, action: 'edit' });
  const declaration = resourceByName(ASSETS)!;
  return (
    <ListBase
      resource={ASSETS}
      filter={{ ItemTypeId: itemType.Id }}
      perPage={declaration.list.pageSize}
      sort={declaration.list.sort}
      disableSyncWithLocation
      storeKey={false}
      queryOptions={{ onError: () => undefined }}
    >
      <Stack spacing={1.5}>
        <AssetsTable itemType={itemType} canEdit={canEdit} />
        {canEdit && <DropZone itemType={itemType} />}
      </Stack>
    </ListBase>
  );
}
