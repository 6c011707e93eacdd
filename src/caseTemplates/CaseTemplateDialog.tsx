import { useMemo, useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  FormControlLabel,
  FormHelperText,
  Grid,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Tooltip,
  Typography,
  useMediaQuery,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import CodeIcon from '@mui/icons-material/Code';
import ListAltIcon from '@mui/icons-material/ListAlt';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutline';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';
import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';
import type { CaseTemplate } from '../../dataProvider/configuration.js';
import { CodeEditor } from '../components/CodeEditor.js';
import { DataTable, FRAMED_TABLE_SX, type Column } from '../components/DataTable.js';
import { LookupSelect } from '../forms/inputs.js';
import { useSaveAction } from '../forms/useSaveAction.js';
import { ITEM_TYPES_QUERY_KEY, itemTypeTitle } from '../itemTypes/itemTypeModel.js';
import { MOBILE_QUERY } from '../layout/TopBar.js';
import { useCan } from '../session/useSession.js';
import { XSLT_EDITORS, bodyOf, draftOf, moveItem, newItem, type Draft, type DraftItem } from './caseTemplateModel.js';

const T = Texts.configuration.caseTemplateScreen;
const P = Permissions.CaseTemplates;

type Mode = 'items' | 'xslt';
type Flag = 'AutoAdd' | 'ShowInReport' | 'ShowTitle';
const FLAGS: { flag: Flag; label: string }[] = [
  { flag: 'AutoAdd', label: 'Auto Add Item' },
  { flag: 'ShowInReport', label: 'Show In Report' },
  { flag: 'ShowTitle', label: 'Show Title' },
];

const ArrowGap = () => <Box component="span" sx={{ display: 'inline-block', width: 28 }} />;

/**
 * Add or edit a case template: Label, Contract Type, Show Cover Page On Report, and either its items (Items mode) or
 * its four report XSLT texts (XSLT mode). Item changes stay in the editor until the template is saved; the order is
 * sent as DisplayOrder. A failed save keeps the modal open with the server's messages under the fields.
 */
export function CaseTemplateDialog({ template, onClose, onSaved }: { template?: CaseTemplate; onClose: () => void; onSaved: (saved: CaseTemplate) => void }) {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  const fullScreen = useMediaQuery(MOBILE_QUERY);
  const creating = !template;
  const canCreate = useCan(P.CREATE_CASE_TEMPLATE);
  const canUpdate = useCan(P.UPDATE_CASE_TEMPLATE);
  const canAddItem = useCan(P.ADD_ITEM_TO_CASE_TEMPLATE);
  const canRemoveItem = useCan(P.REMOVE_ITEM_FROM_CASE_TEMPLATE);
  const canReorderItems = useCan(P.REORDER_CASE_TEMPLATE_ITEMS);
  const editable = creating ? canCreate : canUpdate;
  // A new template is built freely by whoever may create it; a saved one needs the item permissions too.
  const mayAdd = editable && (creating || canAddItem);
  const mayRemove = (item: DraftItem) => editable && (creating || !item.savedId || canRemoveItem);
  const mayReorder = editable && (creating || canReorderItems);

  const { data: itemTypes } = useQuery({ queryKey: ITEM_TYPES_QUERY_KEY, queryFn: () => dataProvider.getItemTypes(), enabled: mayAdd });
  const choices = useMemo(() => (itemTypes ?? []).filter((t) => !t.Hidden).sort((a, b) => a.Name.localeCompare(b.Name)), [itemTypes]);

  const [draft, setDraft] = useState<Draft>(() => draftOf(template));
  const [mode, setMode] = useState<Mode>('items');
  const [chosen, setChosen] = useState<number | ''>('');
  const [chooseError, setChooseError] = useState<string>();
  const { errors, setErrors, busy: saving, run, passes } = useSaveAction();
  /** Changes the draft and drops the messages of the fields changed. */
  const change = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([field]) => !(field in patch))));
  };
  const setItems = (update: (items: DraftItem[]) => DraftItem[]) => setDraft((d) => ({ ...d, items: update(d.items) }));

  const addItem = () => {
    const type = choices.find((t) => t.Id === chosen);
    if (!type) {
      setChooseError(T.itemTypeRequired);
      return;
    }
    setChooseError(undefined);
    setItems((items) => [...items, newItem(type)]);
    setChosen('');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string[]> = {};
    if (!draft.Label.trim()) missing.Label = [T.labelRequired];
    if (!draft.ContractType_Id) missing.ContractType_Id = [T.contractTypeRequired];
    if (!passes(missing)) return;
    await run(
      async () => {
        const body = bodyOf(draft);
        const saved = template ? await dataProvider.updateCaseTemplate(template.Id, body) : await dataProvider.createCaseTemplate(body);
        notify(template ? T.edited(saved.Label) : T.created(saved.Label), { type: 'success' });
        onSaved(saved);
      },
      ({ modelState = {} }) => {
        if (XSLT_EDITORS.some((e) => modelState[e.field])) setMode('xslt');
        else if (Object.keys(modelState).some((k) => k.startsWith('ItemTypeIds'))) setMode('items');
      },
    );
  };

  const itemErrors = Object.entries(errors)
    .filter(([field]) => field.startsWith('ItemTypeIds'))
    .flatMap(([, messages]) => messages);
  const xsltErrors = XSLT_EDITORS.some((e) => errors[e.field]);

  const flagBox = (item: DraftItem, flag: Flag, label: string) => (
    <Checkbox
      size="small"
      checked={item[flag]}
      disabled={!editable}
      slotProps={{ input: { 'aria-label': `${label} for ${item.ItemType.Short}` } }}
      onChange={(e) => setItems((items) => items.map((x) => (x.key === item.key ? { ...x, [flag]: e.target.checked } : x)))}
    />
  );

  const columns: Column<DraftItem>[] = [
    {
      key: 'type',
      label: 'Item Template',
      render: (item) => (
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
      ),
    },
    ...(fullScreen
      ? [
          {
            key: 'options',
            label: 'Options',
            render: (item: DraftItem) => (
              <Stack>
                {FLAGS.map(({ flag, label }) => (
                  <FormControlLabel
                    key={flag}
                    sx={{ m: 0, '& .MuiFormControlLabel-label': { fontSize: 13 } }}
                    control={flagBox(item, flag, label)}
                    label={label}
                  />
                ))}
              </Stack>
            ),
          },
        ]
      : FLAGS.map(({ flag, label }) => ({
          key: flag,
          label,
          align: 'center' as const,
          width: 110,
          render: (item: DraftItem) => flagBox(item, flag, label),
        }))),
    {
      key: 'actions',
      label: '',
      align: 'right',
      width: fullScreen ? 40 : 120,
      render: (item) => {
        const index = draft.items.indexOf(item);
        const last = draft.items.length - 1;
        return (
          <Stack direction={fullScreen ? 'column' : 'row'} sx={{ justifyContent: 'flex-end', alignItems: 'center', whiteSpace: 'nowrap' }}>
            {mayReorder &&
              (index > 0 ? (
                <Tooltip title="Move up">
                  <IconButton size="small" aria-label={`Move ${item.ItemType.Short} up`} onClick={() => setItems((items) => moveItem(items, index, -1))}>
                    <ArrowUpwardIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              ) : (
                !fullScreen && <ArrowGap />
              ))}
            {mayReorder &&
              (index < last ? (
                <Tooltip title="Move down">
                  <IconButton size="small" aria-label={`Move ${item.ItemType.Short} down`} onClick={() => setItems((items) => moveItem(items, index, 1))}>
                    <ArrowDownwardIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              ) : (
                !fullScreen && <ArrowGap />
              ))}
            {mayRemove(item) && (
              <Tooltip title="Remove">
                <IconButton size="small" color="error" aria-label={`Remove ${item.ItemType.Short}`} onClick={() => setItems((items) => items.filter((x) => x.key !== item.key))}>
                  <RemoveCircleOutlineIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </Stack>
        );
      },
    },
  ];

  const title = creating ? 'Add Case Template' : 'Edit Case Template';
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby="case-template-title">
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}>
        <DialogTitle id="case-template-title">
          {title}
          {template && (
            <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
              {template.Label}
            </Typography>
          )}
        </DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 7 }}>
                <TextField
                  label="Label"
                  required
                  fullWidth
                  autoFocus={creating}
                  value={draft.Label}
                  onChange={(e) => change({ Label: e.target.value })}
                  error={Boolean(errors.Label)}
                  helperText={errors.Label?.join(' ')}
                  slotProps={{ input: { readOnly: !editable } }}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 5 }}>
                <LookupSelect
                  listType="ContractType"
                  label="Contract Type"
                  required
                  fullWidth
                  disabled={!editable}
                  value={draft.ContractType_Id}
                  onChange={(value) => change({ ContractType_Id: value as number | null })}
                  error={Boolean(errors.ContractType_Id)}
                  helperText={errors.ContractType_Id?.join(' ')}
                />
              </Grid>
            </Grid>
            <FormControlLabel
              control={<Checkbox checked={draft.ShowCoverPage} disabled={!editable} onChange={(e) => change({ ShowCoverPage: e.target.checked })} />}
              label="Show Cover Page On Report"
            />
            <Divider />
            <Stack direction="row" alignItems="center" spacing={1}>
              <Typography variant="h6" component="h3" sx={{ flex: 1, fontSize: '1.05rem' }}>
                {mode === 'items' ? `Items (${draft.items.length})` : 'Report XSLT'}
              </Typography>
              <Button
                variant="outlined"
                size="small"
                startIcon={mode === 'items' ? <CodeIcon /> : <ListAltIcon />}
                onClick={() => setMode(mode === 'items' ? 'xslt' : 'items')}
                color={mode === 'items' && xsltErrors ? 'error' : 'primary'}
              >
                {mode === 'items' ? 'Switch to XSLT Editor' : 'Switch to Items'}
              </Button>
            </Stack>

            {mode === 'items' && (
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
                          {itemTypeTitle(t.Name, t.Description)}
                        </MenuItem>
                      ))}
                    </TextField>
                    <Button variant="outlined" startIcon={<AddIcon />} onClick={addItem} sx={{ height: 48, whiteSpace: 'nowrap' }}>
                      Add Item
                    </Button>
                  </Stack>
                )}
                {itemErrors.length > 0 && <Alert severity="error">{itemErrors.join(' ')}</Alert>}
                <Box sx={FRAMED_TABLE_SX}>
                  <DataTable<DraftItem> label="Items" rows={draft.items} rowKey={(item) => item.key} empty={T.noItems} columns={columns} />
                </Box>
              </Stack>
            )}

            {mode === 'xslt' && (
              <Stack spacing={2}>
                {xsltErrors && <Alert severity="error">{T.xsltInvalid}</Alert>}
                {XSLT_EDITORS.map(({ field, label }) => (
                  <Box key={field}>
                    <CodeEditor
                      label={label}
                      language="xml"
                      height="180px"
                      readOnly={!editable}
                      value={draft.xslt[field]}
                      onChange={(value) => {
                        setDraft((d) => ({ ...d, xslt: { ...d.xslt, [field]: value } }));
                        setErrors(({ [field]: _, ...rest }) => rest);
                      }}
                    />
                    {errors[field] && <FormHelperText error>{errors[field].join(' ')}</FormHelperText>}
                  </Box>
                ))}
              </Stack>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          {editable && (
            <Button type="submit" variant="contained" disabled={saving}>
              {title}
            </Button>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  );
}
