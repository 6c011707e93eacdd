import { useCallback } from 'react';
import { Alert, AlertTitle, Box, Button, Card, Divider, LinearProgress, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import RefreshIcon from '@mui/icons-material/Refresh';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useCanAccess, useCanAccessResources, useGetOne, type RaRecord } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { failureOf } from '../../../dataProvider/httpClient.js';
import { itemNumber } from '../../../resources/caseItems.js';
import { resourceByName } from '../../../resources/index.js';
import { ItemTexts } from '../../../shared/texts/items.js';
import type { ViewProps } from '../../resources/views.js';
import { ErrorBoundary } from '../../layout/ErrorBoundary.js';
import { useBatchedPageReads } from '../../layout/useBatchedPageReads.js';
import { NotFound } from '../../layout/NotFound.js';
import { Panel } from '../../layout/Panel.js';
import { RecordPageLoading } from '../../layout/RecordPageLoading.js';
import { LoadFailed } from '../../layout/LoadFailed.js';
import { ResourceListOf } from '../../resources/SchemaList.js';
import { ItemSections } from '../sections/ItemSections.js';
import type { ItemDetail } from '../../../schemas/types.js';
import { ItemProgress } from './ItemProgress.js';
import { ItemAssets, ItemSummary } from './ItemSummary.js';
import { ItemWorkflowButtons } from './ItemWorkflowButtons.js';

const T = ItemTexts.page;

/** The item's sub-resources the page lists after its sections, in the spec's order, each for users who may list it. */
const ITEM_PANELS = [
  { resource: 'item-issue-codes', title: T.panels.issueCodes },
  { resource: 'item-expenses', title: T.panels.expenses },
  { resource: 'item-attachments', title: T.panels.attachments },
  { resource: 'item-history', title: T.panels.history },
] as const;
const MESSAGES = 'case-messages';
const PANEL_RESOURCES = [...ITEM_PANELS.map((p) => p.resource), MESSAGES];

type ItemRecord = RaRecord & ItemDetail;

/**
 * The way back the user may take: to the item's case for those who may view cases, else to item search (an
 * investigator's way to their items); nothing while the permissions load, or for a user who may take neither.
 */
function BackButton({ caseId }: { caseId: number }) {
  const toCase = useCanAccess({ resource: 'cases', action: 'show' });
  const toItems = useCanAccess({ resource: 'items', action: 'list' });
  if (toCase.isPending || toItems.isPending) return <Box sx={{ height: 30 }} />;
  const [to, label] = toCase.canAccess ? [`/cases/${caseId}`, T.backToCase] : toItems.canAccess ? ['/items', T.backToItems] : [null, null];
  if (!to) return <Box sx={{ height: 30 }} />;
  return (
    <Button component={RouterLink} to={to} startIcon={<ArrowBackIcon />} size="small" sx={{ ml: -1 }}>
      {label}
    </Button>
  );
}

/**
 * The item page (/cases/{caseId}/items/{itemId}, spec 001 §2 "Item page"): 'Item' with the way back to its case, the
 * four-step progress, 'Case #… - Item #…', the workflow buttons, the rejection and its reason, then the summary, the
 * item template's downloads, the sections, issue codes, expenses, attachments, history and the case's messages.
 * When the item may not be changed (spec 001 §4) the reason shows and the panels are read only; the server refuses
 * the changes anyway.
 */
function ItemView({ caseId, itemId }: { caseId: number; itemId: number }) {
  const { data: item, error, isPending, isFetching, refetch } = useGetOne<ItemRecord>('case-items', { id: itemId, meta: { Case_Id: caseId } });
  const queryClient = useQueryClient();
  const panels = useCanAccessResources({ action: 'list', resources: PANEL_RESOURCES });
  // A change of the item (a section, a workflow step) reloads it, its history and the case's items.
  const reload = useCallback(() => {
    void refetch();
    void queryClient.invalidateQueries({ queryKey: ['item-history'] });
    void queryClient.invalidateQueries({ queryKey: ['case-items'] });
  }, [refetch, queryClient]);

  if (error && failureOf(error).status === 404) return <NotFound />;
  if (!item) return <RecordPageLoading back={<BackButton caseId={caseId} />} error={error} failedText={T.loadFailed} onRetry={() => void refetch()} isPending={isPending} />;

  const readOnly = Boolean(item.LockedReason);
  const caseRecord = { ...item.Case, id: item.Case.Id };
  return (
    <Stack spacing={2} sx={{ minWidth: 0, pb: 3 }}>
      <Card component="header">
        <Box sx={{ height: 4 }}>{isFetching && <LinearProgress aria-label="Refreshing" />}</Box>
        <Box sx={{ px: { xs: 2, sm: 3 }, pt: { xs: 1, sm: 1.5 }, pb: { xs: 2, sm: 2.5 } }}>
          <Stack direction="row" alignItems="center" justifyContent="space-between" spacing={1}>
            <BackButton caseId={caseId} />
            <Button startIcon={<RefreshIcon />} size="small" onClick={reload} disabled={isFetching}>
              Refresh
            </Button>
          </Stack>
          <Typography variant="h4" component="h1" sx={{ mt: 0.5 }}>
            {T.title}
          </Typography>
          <Typography variant="body1" color="text.secondary" sx={{ mt: 0.25, wordBreak: 'break-word' }}>
            {T.subtitle(item.Case.CaseNumber, itemNumber(item))}
          </Typography>
          <Divider sx={{ my: 2 }} />
          <ItemProgress status={item.ItemStatus} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} alignItems={{ sm: 'center' }} sx={{ mt: 2 }}>
            <ItemWorkflowButtons item={item} onStepTaken={reload} />
          </Stack>
        </Box>
      </Card>

      {error && <LoadFailed error={error} text={T.loadFailed} onRetry={() => void refetch()} />}

      {item.ItemStatus === 'REJECTED' && (
        <Alert severity="error" role="status">
          <AlertTitle>{T.rejected}</AlertTitle>
          {item.RejectionReason}
        </Alert>
      )}
      {item.LockedReason && (
        <Alert severity="info" icon={<LockOutlinedIcon fontSize="inherit" />} role="note">
          {item.LockedReason}
        </Alert>
      )}

      <Panel title={T.panels.summary}>
        <ItemSummary item={item} />
      </Panel>
      <Panel title={T.panels.assets}>
        <ItemAssets item={item} />
      </Panel>
      <Panel title={T.panels.sections}>
        <ItemSections item={item} readOnly={readOnly} onChanged={reload} />
      </Panel>

      {ITEM_PANELS.map(({ resource, title }) => {
        if (!resourceByName(resource) || !panels.canAccess?.[resource]) return null;
        return (
          <Panel key={resource} title={title}>
            <ResourceListOf resource={resource} parent={item} readOnly={readOnly} />
          </Panel>
        );
      })}
      {panels.canAccess?.[MESSAGES] && resourceByName(MESSAGES) && (
        <Panel title={T.panels.messages}>
          <ResourceListOf resource={MESSAGES} parent={caseRecord} />
        </Panel>
      )}
    </Stack>
  );
}

/** The `itemPage` slot of `case-items`: the item whose case and id are in the route; a render failure says so. */
export default function ItemPage(_props: ViewProps) {
  useBatchedPageReads();
  const { Case_Id: caseParam, id } = useParams();
  const caseId = Number(caseParam);
  const itemId = Number(id);
  if (!Number.isInteger(caseId) || caseId < 1 || !Number.isInteger(itemId) || itemId < 1) return <NotFound />;
  return (
    <ErrorBoundary message={T.showFailed} resetKey={`${caseId}-${itemId}`}>
      <ItemView key={`${caseId}-${itemId}`} caseId={caseId} itemId={itemId} />
    </ErrorBoundary>
  );
}
