import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Box, Button, Card, Chip, Grid, IconButton, LinearProgress, MenuItem, Stack, TextField, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';
import { PageSizes } from '../../shared/constants.js';
import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';
import type { ItemType, SectionTemplate } from '../../dataProvider/configuration.js';
import { DataTable } from '../components/DataTable.js';
import { PageGuard } from '../layout/PageGuard.js';
import { PageHeader } from '../layout/PageHeader.js';
import { useCan } from '../session/useSession.js';
import { CreateItemTypeDialog } from './CreateItemTypeDialog.js';
import { ItemTypeAssets } from './ItemTypeAssets.js';
import { ItemTypeForm } from './ItemTypeForm.js';
import { ITEM_TYPES_QUERY_KEY, SECTIONS_QUERY_KEY, failureOf, useItemTypeCache } from './itemTypeModel.js';
import { ItemTypeSections } from './ItemTypeSections.js';

const T = Texts.configuration.itemTypeScreen;
const P = Permissions.ItemTypes;

type StatusFilter = 'all' | 'enabled' | 'disabled';

function DetailBlock({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="overline" color="text.secondary" component="h3" sx={{ display: 'block', lineHeight: 2, mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** What an expanded row shows: the name and header form, the Sections table and the Assets area. */
function ItemTypeDetail({ itemType, sections, sectionsLoading }: { itemType: ItemType; sections: readonly SectionTemplate[]; sectionsLoading: boolean }) {
  const canEdit = useCan(P.EDIT_ITEM_TYPES);
  return (
    // width 0 / min-width 100%: the nested tables scroll inside the row instead of widening the outer table.
    <Box sx={{ width: 0, minWidth: '100%' }}>
      <Grid container spacing={3} sx={{ py: 1 }}>
        <Grid size={{ xs: 12, md: 4 }}>
          <DetailBlock title="Item Template">
            <ItemTypeForm key={itemType.Id} itemType={itemType} canEdit={canEdit} />
          </DetailBlock>
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <DetailBlock title="Sections">
            <ItemTypeSections itemType={itemType} sections={sections} sectionsLoading={sectionsLoading} />
          </DetailBlock>
        </Grid>
        <Grid size={12}>
          <DetailBlock title="Assets">
            <ItemTypeAssets itemType={itemType} />
          </DetailBlock>
        </Grid>
      </Grid>
    </Box>
  );
}

function ItemTypesScreen() {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  const cache = useItemTypeCache();
  const canCreate = useCan(P.CREATE_ITEM_TYPES);
  const canEdit = useCan(P.EDIT_ITEM_TYPES);
  const canToggle = useCan(P.DELETE_ITEM_TYPES);
  const needsSections = useCan(P.CREATE_ITEM_TYPES, P.ADD_SECTION_TO_ITEM_TYPE);
  const { data: itemTypes, isPending, isError } = useQuery({ queryKey: ITEM_TYPES_QUERY_KEY, queryFn: () => dataProvider.getItemTypes() });
  const { data: sections, isPending: sectionsLoading } = useQuery({
    queryKey: SECTIONS_QUERY_KEY,
    queryFn: () => dataProvider.getSections(),
    enabled: needsSections,
  });
  const [status, setStatus] = useState<StatusFilter>('enabled');
  const [open, setOpen] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const [toggling, setToggling] = useState<number | null>(null);
  const rows = useMemo(
    () => (itemTypes ?? []).filter((t) => status === 'all' || (status === 'enabled' ? !t.Hidden : t.Hidden)),
    [itemTypes, status],
  );

  const toggle = async (type: ItemType) => {
    setToggling(type.Id);
    try {
      const updated = await dataProvider.toggleItemType(type.Id);
      cache.replace(updated);
      notify(updated.Hidden ? T.disabled(updated.Name) : T.enabled(updated.Name), { type: 'success' });
      await cache.invalidate();
    } catch (error) {
      notify(failureOf(error).message, { type: 'error' });
    } finally {
      setToggling(null);
    }
  };

  return (
    <>
      <PageHeader
        title="Item Templates"
        actions={
          canCreate && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
              Add Item Template
            </Button>
          )
        }
      />
      <Card>
        <Stack direction="row" spacing={2} alignItems="center" sx={{ p: 2, pb: 1 }}>
          <TextField select size="small" label="Status" value={status} onChange={(e) => setStatus(e.target.value as StatusFilter)} sx={{ width: 200 }}>
            <MenuItem value="all">Show All</MenuItem>
            <MenuItem value="enabled">Enabled</MenuItem>
            <MenuItem value="disabled">Disabled</MenuItem>
          </TextField>
          <Box sx={{ flex: 1 }} />
          {!isPending && !isError && (
            <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' } }}>
              {rows.length} of {itemTypes?.length ?? 0}
            </Typography>
          )}
        </Stack>
        {isPending && <LinearProgress aria-label="Loading" />}
        {isError && (
          <Alert severity="error" sx={{ mx: 2, mb: 2 }}>
            {T.loadFailed}
          </Alert>
        )}
        {!isError && (
          <DataTable<ItemType>
            label="Item Templates"
            rows={rows}
            rowKey={(t) => t.Id}
            pageSize={PageSizes.DEFAULT}
            defaultSort={{ key: 'name', order: 'asc' }}
            empty={isPending ? '' : T.empty}
            rowSx={(t) => (t.Hidden ? { '& > td': { color: 'text.disabled' }, '& > td .MuiTypography-root': { color: 'text.disabled' } } : undefined)}
            onRowClick={(t) => setOpen(open === t.Id ? null : t.Id)}
            renderDetail={(t) =>
              open === t.Id ? <ItemTypeDetail itemType={t} sections={sections ?? []} sectionsLoading={needsSections && sectionsLoading} /> : null
            }
            columns={[
              {
                key: 'name',
                label: 'Name',
                sortValue: (t) => t.Name,
                render: (t) => (
                  <Stack direction="row" spacing={1} alignItems="center">
                    {open === t.Id ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
                    <Typography variant="body2" component="span">
                      <Box component="span" sx={{ fontWeight: 600 }}>
                        {t.Name}
                      </Box>
                      {t.Description && (
                        <Box component="span" sx={{ color: 'text.secondary' }}>
                          {' '}
                          ({t.Description})
                        </Box>
                      )}
                    </Typography>
                    {t.Hidden && <Chip size="small" label="Disabled" variant="outlined" />}
                  </Stack>
                ),
              },
              {
                key: 'actions',
                label: '',
                align: 'right',
                width: 100,
                render: (t) => (
                  <Box sx={{ whiteSpace: 'nowrap' }} onClick={(e) => e.stopPropagation()}>
                    <Tooltip title={canEdit ? 'Edit' : 'View'}>
                      <IconButton
                        size="small"
                        aria-label={`${canEdit ? 'Edit' : 'View'} ${t.Name}`}
                        aria-expanded={open === t.Id}
                        onClick={() => setOpen(open === t.Id ? null : t.Id)}
                      >
                        {canEdit ? <EditIcon fontSize="small" /> : <VisibilityOutlinedIcon fontSize="small" />}
                      </IconButton>
                    </Tooltip>
                    {canToggle && (
                      <Tooltip title={t.Hidden ? 'Enable' : 'Disable'}>
                        <span>
                          <IconButton size="small" aria-label={`${t.Hidden ? 'Enable' : 'Disable'} ${t.Name}`} disabled={toggling === t.Id} onClick={() => toggle(t)}>
                            {t.Hidden ? <CheckCircleOutlineIcon fontSize="small" /> : <BlockIcon fontSize="small" />}
                          </IconButton>
                        </span>
                      </Tooltip>
                    )}
                  </Box>
                ),
              },
            ]}
          />
        )}
      </Card>
      {creating && (
        <CreateItemTypeDialog
          sections={sections ?? []}
          sectionsLoading={sectionsLoading}
          onClose={() => setCreating(false)}
          onCreated={async (created) => {
            setCreating(false);
            setStatus((s) => (s === 'disabled' ? 'all' : s));
            setOpen(created.Id);
            await cache.invalidate();
          }}
        />
      )}
    </>
  );
}

/** /item-types: item templates, their sections and assets (spec 002 §2.3). */
export function ItemTypesPage() {
  return (
    <PageGuard page="item-types">
      <ItemTypesScreen />
    </PageGuard>
  );
}
