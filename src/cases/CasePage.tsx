import { useCallback } from 'react';
import { Alert, Box, Button, Card, Divider, LinearProgress, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import RefreshIcon from '@mui/icons-material/Refresh';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useCanAccessResources, useGetOne, useRefresh, type RaRecord } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import type { Case } from '../../schemas/types.js';
import { CaseTexts } from '../../shared/texts/cases.js';
import { resourceByName } from '../../resources/index.js';
import { failureOf } from '../../dataProvider/httpClient.js';
import type { ViewProps } from '../resources/views.js';
import { ErrorBoundary } from '../layout/ErrorBoundary.js';
import { useBatchedPageReads } from '../layout/useBatchedPageReads.js';
import { Panel } from '../layout/Panel.js';
import { RecordPageLoading } from '../layout/RecordPageLoading.js';
import { NotFound } from '../layout/NotFound.js';
import { LoadFailed } from '../layout/LoadFailed.js';
import { ResourceListOf } from '../resources/SchemaList.js';
import { CaseForm } from './CaseForm.js';
import { CaseParameters } from './CaseParameters.js';
import { CaseProgress } from './CaseProgress.js';
import { CaseWorkflowButtons } from './CaseWorkflowButtons.js';
import { CaseDownloads, useDownloadKinds } from './CaseDownloads.js';
import { stepsOf, useCaseLock } from './caseRules.js';
import { useCaseWorkflowPoll } from './useCaseWorkflowPoll.js';

const T = CaseTexts;
const CASES_ROUTE = '/cases';

/**
 * A case as GET /api/cases/{id} answers it (spec 001 §3 "Case (detail)": `Case`, generated from schemas/case.json),
 * keyed the react-admin way; an answer always carries the case's Id and number.
 */
export type CaseRecord = RaRecord & Case & Required<Pick<Case, 'Id' | 'CaseNumber'>>;

/** The sub-resources the page lists under the form, in order, each for users who may list it. */
const PANELS = [
  { resource: 'case-items', title: T.page.panels.items },
  { resource: 'case-papers', title: T.page.panels.papers },
  { resource: 'case-messages', title: T.page.panels.messages },
] as const;
const PANEL_RESOURCES = PANELS.map((p) => p.resource);

/** Back to the cases list. */
const BackButton = () => (
  <Button component={RouterLink} to={CASES_ROUTE} startIcon={<ArrowBackIcon />} size="small" sx={{ ml: -1 }}>
    Back
  </Button>
);

/** The case's subtitle: subject, org and case type. */
function subtitleOf(record: CaseRecord): string {
  const subject = record.Subject ? [record.Subject.LastName, record.Subject.FirstName].filter(Boolean).join(', ') : '';
  const caseType = record.CaseType?.Description || record.CaseType?.Short || '';
  return [subject, record.Org?.Name, caseType].filter(Boolean).join(' · ');
}

/**
 * The case page (/cases/{caseId}, spec 001 §2 "Case detail"): the case number with its subject, org and case type;
 * Back and Refresh; the seven-step progress with an On Hold or Discontinued chip; the workflow steps the server
 * offers the user and the XML/XSLT downloads; then the case form (read only, with the server's reason, when the case
 * is locked to the user), its items,
 * papers, messages and additional settings. The workflow state is polled so steps taken elsewhere show.
 */
function CaseView({ caseId }: { caseId: number }) {
  const { data: record, error, isPending, isFetching, refetch } = useGetOne<CaseRecord>('cases', { id: caseId });
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  // Saving or a workflow step reloads the case and its items (data entry complete sets their ACDs).
  const reload = useCallback(() => {
    void refetch();
    void queryClient.invalidateQueries({ queryKey: ['case-items'] });
  }, [refetch, queryClient]);
  // A step taken elsewhere, or a change of what the user may do, reads the case again (its Steps and LockedReason).
  useCaseWorkflowPoll(caseId, record, reload);
  const lock = useCaseLock(record);
  const panels = useCanAccessResources({ action: 'list', resources: [...PANEL_RESOURCES] });
  const downloads = useDownloadKinds();

  if (error && failureOf(error).status === 404) return <NotFound />;
  if (!record) return <RecordPageLoading back={<BackButton />} error={error} failedText={T.page.loadFailed} onRetry={() => void refetch()} isPending={isPending} />;

  const number = String(record.CaseNumber ?? '');
  const subtitle = subtitleOf(record);
  const hasActions = stepsOf(record).length > 0 || downloads.length > 0;
  return (
    <Stack spacing={2} sx={{ minWidth: 0, pb: 3 }}>
      <Card component="header">
        <Box sx={{ height: 4 }}>{isFetching && <LinearProgress aria-label="Refreshing" />}</Box>
        <Box sx={{ px: { xs: 2, sm: 3 }, pt: { xs: 1, sm: 1.5 }, pb: { xs: 2, sm: 2.5 } }}>
          <Stack direction="row" alignItems="center" justifyContent="space-between" spacing={1}>
            <BackButton />
            <Button startIcon={<RefreshIcon />} size="small" onClick={() => refresh()} disabled={isFetching}>
              Refresh
            </Button>
          </Stack>
          <Typography variant="h4" component="h1" sx={{ mt: 0.5, wordBreak: 'break-word' }}>
            {T.page.title(number)}
          </Typography>
          {subtitle && (
            <Typography variant="body1" color="text.secondary" sx={{ mt: 0.25 }}>
              {subtitle}
            </Typography>
          )}
          <Divider sx={{ my: 2 }} />
          <CaseProgress record={record} />
          {hasActions && (
            <>
              <Divider sx={{ my: 2 }} />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} alignItems={{ sm: 'center' }} justifyContent="space-between">
                <CaseWorkflowButtons record={record} onStepTaken={reload} />
                <Box sx={{ ml: { sm: 'auto' } }}>
                  <CaseDownloads record={{ ...record, CaseNumber: number }} />
                </Box>
              </Stack>
            </>
          )}
        </Box>
      </Card>

      {error && <LoadFailed error={error} text={T.page.loadFailed} onRetry={() => void refetch()} />}

      {lock.reason && (
        <Alert severity="info" icon={<LockOutlinedIcon fontSize="inherit" />} role="note">
          {lock.reason}
        </Alert>
      )}

      <Panel title={T.page.panels.form}>
        {lock.isPending ? <LinearProgress aria-label="Loading" /> : <CaseForm record={record} readOnly={lock.readOnly} onSaved={reload} />}
      </Panel>

      {PANELS.map(({ resource, title }) => {
        if (!resourceByName(resource) || !panels.canAccess?.[resource]) return null;
        return (
          <Panel key={resource} title={title}>
            {/* A closed case's items and papers are only read (the server refuses their changes); messages never lock. */}
            <ResourceListOf resource={resource} parent={record} readOnly={lock.closed && resource !== 'case-messages'} />
          </Panel>
        );
      })}

      <Panel title={T.page.panels.settings}>
        <CaseParameters caseId={record.Id} readOnly={lock.readOnly} />
      </Panel>
    </Stack>
  );
}

/** The `casePage` slot of `cases`: the case whose id is in the route; a render failure says 'Unable to show this case.'. */
export default function CasePage(_props: ViewProps) {
  useBatchedPageReads();
  const { id } = useParams();
  const caseId = Number(id);
  if (!Number.isInteger(caseId) || caseId < 1) return <NotFound />;
  return (
    <ErrorBoundary message={T.errors.showFailed} resetKey={caseId}>
      <CaseView key={caseId} caseId={caseId} />
    </ErrorBoundary>
  );
}
