import { useEffect, useRef, useState, type DragEvent } from 'react';
import { Alert, Box, Button, IconButton, InputBase, LinearProgress, Stack, Tooltip, Typography, useMediaQuery } from '@mui/material';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import DeleteIcon from '@mui/icons-material/Delete';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';
import { PageSizes, Timing } from '../../shared/constants.js';
import { formatLongDate } from '../../shared/format.js';
import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';
import type { ItemType, ItemTypeAsset } from '../../dataProvider/configuration.js';
import { saveFile } from '../../dataProvider/httpClient.js';
import { CANNOT_BE_UNDONE, ConfirmDialog } from '../components/ConfirmDialog.js';
import { DataTable, FRAMED_TABLE_SX, type Column } from '../components/DataTable.js';
import { MOBILE_QUERY } from '../layout/TopBar.js';
import { useCan } from '../session/useSession.js';
import { assetsQueryKey, failureOf } from './itemTypeModel.js';

const T = Texts.configuration.itemTypeScreen;
const A = Texts.configuration.assets;

/**
 * An asset's name, edited in place: the rename is sent 500 ms after typing stops (or at once on leaving the field);
 * an empty name is ignored and the field shows the saved name again.
 */
function AssetNameField({ itemTypeId, asset, onRenamed }: { itemTypeId: number; asset: ItemTypeAsset; onRenamed: (asset: ItemTypeAsset) => void }) {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
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
      const renamed = await dataProvider.renameItemTypeAsset(itemTypeId, asset.Id, name);
      onRenamed(renamed);
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

/** The Assets area of an expanded item template: the files, inline rename, download, delete, drag-and-drop upload. */
export function ItemTypeAssets({ itemType }: { itemType: ItemType }) {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const canEdit = useCan(Permissions.ItemTypes.EDIT_ITEM_TYPES);
  const key = assetsQueryKey(itemType.Id);
  const { data: assets, isPending, isError } = useQuery({ queryKey: key, queryFn: () => dataProvider.getItemTypeAssets(itemType.Id) });
  const [dragging, setDragging] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [deleting, setDeleting] = useState<ItemTypeAsset | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const setAssets = (change: (old: ItemTypeAsset[]) => ItemTypeAsset[]) => queryClient.setQueryData<ItemTypeAsset[]>(key, (old) => change(old ?? []));

  const upload = async (files: File[]) => {
    if (!files.length || uploading) return;
    setUploading(true);
    const before = assets?.length ?? 0;
    try {
      const all = await dataProvider.uploadItemTypeAssets(itemType.Id, files);
      queryClient.setQueryData(key, all);
      const added = all.length - before;
      notify(T.assetsUploaded(added > 0 ? added : files.length, itemType.Name), { type: 'success' });
    } catch (error) {
      notify(failureOf(error).message, { type: 'error' });
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  };

  const download = async (asset: ItemTypeAsset) => {
    try {
      saveFile(await dataProvider.downloadItemTypeAsset(itemType.Id, asset.Id), asset.Name);
    } catch {
      notify(A.retrieveFailed, { type: 'error' });
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (canEdit) void upload([...event.dataTransfer.files]);
  };

  const columns: Column<ItemTypeAsset>[] = [
    {
      key: 'name',
      label: 'Name',
      sortValue: (a) => a.Name,
      render: (a) => (
        <Box>
          {canEdit ? (
            <AssetNameField itemTypeId={itemType.Id} asset={a} onRenamed={(renamed) => setAssets((old) => old.map((x) => (x.Id === renamed.Id ? { ...x, ...renamed } : x)))} />
          ) : (
            <Typography variant="body2">{a.Name}</Typography>
          )}
          {mobile && (
            <Typography variant="caption" color="text.secondary" sx={{ px: canEdit ? 1 : 0 }}>
              {formatLongDate(a.CreatedDate)}
            </Typography>
          )}
        </Box>
      ),
    },
  ];
  if (!mobile) columns.push({ key: 'added', label: 'Added On', width: 170, sortValue: (a) => a.CreatedDate, render: (a) => formatLongDate(a.CreatedDate) });
  columns.push({
    key: 'actions',
    label: '',
    align: 'right',
    width: 90,
    render: (a) => (
      <Box sx={{ whiteSpace: 'nowrap' }}>
        <Tooltip title="Download">
          <IconButton size="small" aria-label={`Download ${a.Name}`} onClick={() => download(a)}>
            <DownloadIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        {canEdit && (
          <Tooltip title="Delete">
            <IconButton size="small" aria-label={`Delete ${a.Name}`} onClick={() => setDeleting(a)}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Box>
    ),
  });

  return (
    <Stack spacing={1.5}>
      <Box sx={{ ...FRAMED_TABLE_SX, bgcolor: 'background.paper' }}>
        {isPending && <LinearProgress aria-label="Loading assets" />}
        {isError ? (
          <Alert severity="error" sx={{ m: 1 }}>
            {T.assetsLoadFailed}
          </Alert>
        ) : (
          <DataTable<ItemTypeAsset>
            label={`Assets of ${itemType.Name}`}
            rows={assets ?? []}
            rowKey={(a) => a.Id}
            pageSize={PageSizes.ITEM_TEMPLATE_ASSETS}
            empty={isPending ? '' : T.noAssets}
            columns={columns}
          />
        )}
      </Box>
      {canEdit && (
        <Box
          data-testid="asset-drop-zone"
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          sx={{
            border: 2,
            borderStyle: 'dashed',
            borderColor: dragging ? 'secondary.main' : 'divider',
            bgcolor: dragging ? 'rgba(42,157,143,0.08)' : 'background.paper',
            borderRadius: 2,
            px: 2,
            py: 2,
            textAlign: 'center',
            transition: 'background-color 120ms, border-color 120ms',
          }}
        >
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems="center" justifyContent="center">
            {uploading ? <InsertDriveFileOutlinedIcon color="secondary" /> : <CloudUploadOutlinedIcon color="action" />}
            <Typography variant="body2" color="text.secondary">
              {uploading ? T.uploading : T.dropHint}
            </Typography>
            {!uploading && (
              <Button size="small" variant="outlined" onClick={() => input.current?.click()}>
                Choose Files
              </Button>
            )}
          </Stack>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
            {T.zipHint}
          </Typography>
          {uploading && <LinearProgress sx={{ mt: 1 }} aria-label="Uploading" />}
          <input
            ref={input}
            type="file"
            multiple
            hidden
            aria-label={`Upload assets to ${itemType.Name}`}
            onChange={(e) => void upload([...(e.target.files ?? [])])}
          />
        </Box>
      )}
      <ConfirmDialog
        open={Boolean(deleting)}
        body={deleting ? `${T.deleteAssetBody(deleting.Name)} ${CANNOT_BE_UNDONE}` : undefined}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          const asset = deleting!;
          setDeleting(null);
          try {
            await dataProvider.deleteItemTypeAsset(itemType.Id, asset.Id);
            setAssets((old) => old.filter((x) => x.Id !== asset.Id));
            notify(T.assetDeleted(asset.Name), { type: 'success' });
            await queryClient.invalidateQueries({ queryKey: key });
          } catch (error) {
            notify(failureOf(error).message, { type: 'error' });
          }
        }}
      />
    </Stack>
  );
}
