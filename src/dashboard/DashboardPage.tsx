import { useState } from 'react';
import { Box, Card, CardActionArea, CardContent, LinearProgress, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useDataProvider } from 'react-admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DashboardLimits } from '../../shared/constants.js';
import type { Dashboard, DashboardFilter, DashboardQuery } from '../../schemas/types.js';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';
import { PageGuard } from '../layout/PageGuard.js';
import { PageHeader } from '../layout/PageHeader.js';
import { LoadFailed } from '../layout/LoadFailed.js';
import { DashboardFilters, type DashboardChoice } from './DashboardFilters.js';
import { DashboardCharts, casesLink } from './DashboardCharts.js';
import { DashboardTexts as T } from './dashboardTexts.js';

/** The query the choices make: only what was chosen (the server fills the default days). */
function queryOf(choice: DashboardChoice): DashboardQuery {
  const query: DashboardQuery = {};
  if (choice.From) query.From = choice.From;
  if (choice.To) query.To = choice.To;
  if (choice.Org_Id !== null) query.Org_Id = choice.Org_Id;
  return query;
}

/** A headline figure: its number, what it counts, and the list behind it. */
function Figure({ label, value, filter, tone }: { label: string; value: number; filter: DashboardFilter; tone?: 'error' | 'warning' }) {
  return (
    <Card variant="outlined" sx={{ borderLeft: 4, borderLeftColor: tone ? `${tone}.main` : 'primary.main' }}>
      <CardActionArea component={RouterLink} to={casesLink(filter)} sx={{ height: '100%' }}>
        <CardContent>
          <Typography variant="h4" component="p" sx={{ fontWeight: 600, color: tone && value > 0 ? `${tone}.main` : 'text.primary' }}>
            {value.toLocaleString('en-US')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

function Figures({ data }: { data: Dashboard }) {
  const base: DashboardFilter = data.Org_Id === null ? {} : { OrgIds: [data.Org_Id] };
  const open = data.OpenByState.flatMap((r) => r.Filter.CaseStateIDs ?? []);
  const weeks = data.Weekly;
  const completed = weeks.reduce((sum, w) => sum + w.Completed, 0);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' }, mb: 2 }}>
      <Figure label={T.cards.open} value={data.OpenCases} filter={{ ...base, CaseStateIDs: open }} />
      <Figure label={T.cards.overdueCases} value={data.OverdueCases} filter={{ ...base, CaseStateIDs: open }} tone="error" />
      <Figure label={T.cards.overdueItems} value={data.OverdueItems} filter={{ ...base, CaseStateIDs: open, ItemStateIDS: ['AWAITING_ASSIGNMENT', 'ASSIGNED', 'REJECTED'] }} tone="warning" />
      <Figure
        label={T.cards.completed(DashboardLimits.WEEKS)}
        value={completed}
        filter={{ ...base, CaseStateIDs: ['COMPLETE'], ...(weeks.length ? { StartDate: weeks[0].WeekStart, EndDate: data.To } : {}) }}
      />
    </Box>
  );
}

/**
 * The manager's dashboard (/dashboard, issue 26 §1), the home page of holders of Dashboard: headline figures and
 * charts of one call (GET /api/dashboard) for the chosen days and org, each linking to the cases list filtered as the
 * figure counts. A failed load says so (never empty charts or zeros). Loaded apart from the first screen (with
 * @mui/x-charts) by src/routes.tsx.
 */
export function DashboardPage() {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const [choice, setChoice] = useState<DashboardChoice>({ From: null, To: null, Org_Id: null });
  const query = queryOf(choice);
  const { data, error, isPending, isFetching, refetch } = useQuery({
    queryKey: ['dashboard', query],
    queryFn: ({ signal }) => dataProvider.callOperation('dashboard', 'figures', query, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
  return (
    <PageGuard page="dashboard">
      <Box sx={{ p: { xs: 1.5, md: 3 }, maxWidth: 1600, mx: 'auto' }}>
        <PageHeader title={T.title} />
        <Typography color="text.secondary" sx={{ mt: -1, mb: 2 }}>
          {T.subtitle}
        </Typography>
        <DashboardFilters value={choice} onChange={setChoice} />
        {isFetching && <LinearProgress aria-label={T.loading} sx={{ mb: 1 }} />}
        {error ? (
          <LoadFailed error={error} text={T.loadFailed} onRetry={() => void refetch()} />
        ) : isPending || !data ? null : (
          <>
            <Figures data={data} />
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } }}>
              <DashboardCharts data={data} />
            </Box>
          </>
        )}
      </Box>
    </PageGuard>
  );
}

export default DashboardPage;
