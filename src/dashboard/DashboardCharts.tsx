import { useNavigate } from 'react-router-dom';
import { useMediaQuery } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { formatMoney, formatShortDate } from '../../shared/format.js';
import type { Dashboard, DashboardFilter } from '../../schemas/types.js';
import { ChartCard } from './ChartCard.js';
import { DashboardTexts as T } from './dashboardTexts.js';
import { MOBILE_QUERY } from '../layout/TopBar.js';

const S = T.series;
const C = T.columns;
const HEIGHT = 280;

/** The cases list opened with a figure's filter (the list reads `?filter=` when it opens). */
export const casesLink = (filter: DashboardFilter) => `/cases?filter=${encodeURIComponent(JSON.stringify(filter))}`;

/** Bars get this much room each in a horizontal chart, so long names stay readable on a phone. */
const barsHeight = (count: number) => Math.max(160, 48 + count * 36);

/** Counts are whole: no 0.5 ticks. */
const COUNT_AXIS = [{ tickMinStep: 1 }];
/** The workload chart draws the busiest people; its table lists everyone. */
const WORKLOAD_BARS = 12;

const monthLabel = (month: string) => new Date(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1).toLocaleString('en-US', { month: 'short', year: '2-digit' });

/** Every chart of the dashboard, in a responsive grid: one column on a phone, two on a laptop. */
export function DashboardCharts({ data }: { data: Dashboard }) {
  const navigate = useNavigate();
  const go = (filter: DashboardFilter | undefined) => filter && navigate(casesLink(filter));
  const states = data.OpenByState.filter((r) => r.Count > 0);
  const phone = useMediaQuery(MOBILE_QUERY);
  const labels = phone ? 96 : 130;
  const workload = data.Workload.map((w) => ({ ...w, Label: `${w.Name} (${w.Role})` }));
  const busiest = workload.slice(0, WORKLOAD_BARS);
  return (
    <>
      <ChartCard
        title={T.charts.openByState}
        columns={[C.state, S.cases]}
        rows={states.map((r) => ({ key: r.State, cells: [r.Label, r.Count], to: casesLink(r.Filter) }))}
        chart={
          <PieChart
            height={HEIGHT}
            series={[{ data: states.map((r, i) => ({ id: i, value: r.Count, label: r.Label })), innerRadius: 60, paddingAngle: 1, cornerRadius: 4, highlightScope: { fade: 'global', highlight: 'item' } }]}
            onItemClick={(_e, item) => go(states[item.dataIndex]?.Filter)}
            slotProps={{ legend: phone ? { direction: 'horizontal', position: { vertical: 'bottom', horizontal: 'center' } } : { direction: 'vertical', position: { vertical: 'middle', horizontal: 'end' } } }}
          />
        }
      />
      <ChartCard
        title={T.charts.weekly}
        columns={[C.week, S.received, S.completed]}
        rows={data.Weekly.map((w) => ({ key: w.WeekStart, cells: [formatShortDate(w.WeekStart), w.Received, w.Completed], to: casesLink(w.Filter) }))}
        chart={
          <LineChart
            height={HEIGHT}
            xAxis={[{ scaleType: 'point', data: data.Weekly.map((w) => formatShortDate(w.WeekStart).slice(0, 5)) }]}
            series={[
              { data: data.Weekly.map((w) => w.Received), label: S.received, area: true, showMark: false, curve: 'linear' },
              { data: data.Weekly.map((w) => w.Completed), label: S.completed, showMark: false, curve: 'linear' },
            ]}
            onAxisClick={(_e, axis) => axis && go(data.Weekly[axis.dataIndex]?.Filter)}
          />
        }
      />
      <ChartCard
        title={T.charts.overdueByOrg}
        columns={[C.org, S.cases, S.items]}
        rows={data.OverdueByOrg.map((r) => ({ key: r.Id, cells: [r.Name, r.Cases, r.Items], to: casesLink(r.Filter) }))}
        chart={
          <BarChart
            height={barsHeight(data.OverdueByOrg.length)}
            layout="horizontal"
            yAxis={[{ scaleType: 'band', data: data.OverdueByOrg.map((r) => r.Name), width: labels }]}
            xAxis={COUNT_AXIS}
            series={[{ data: data.OverdueByOrg.map((r) => r.Cases), label: S.cases }, { data: data.OverdueByOrg.map((r) => r.Items), label: S.items }]}
            onAxisClick={(_e, axis) => axis && go(data.OverdueByOrg[axis.dataIndex]?.Filter)}
          />
        }
      />
      <ChartCard
        title={T.charts.overdueByInvestigator}
        columns={[C.investigator, S.items, S.cases]}
        rows={data.OverdueByInvestigator.map((r) => ({ key: r.Id, cells: [r.Name, r.Items, r.Cases], to: casesLink(r.Filter) }))}
        chart={
          <BarChart
            height={barsHeight(data.OverdueByInvestigator.length)}
            layout="horizontal"
            yAxis={[{ scaleType: 'band', data: data.OverdueByInvestigator.map((r) => r.Name), width: labels }]}
            xAxis={COUNT_AXIS}
            series={[{ data: data.OverdueByInvestigator.map((r) => r.Items), label: S.items }, { data: data.OverdueByInvestigator.map((r) => r.Cases), label: S.cases }]}
            onAxisClick={(_e, axis) => axis && go(data.OverdueByInvestigator[axis.dataIndex]?.Filter)}
          />
        }
      />
      <ChartCard
        wide
        title={T.charts.workload}
        columns={[C.person, C.role, S.assigned, S.inReview, S.overdue]}
        rows={workload.map((w) => ({ key: `${w.Role}-${w.User_Id}`, cells: [w.Name, w.Role, w.Assigned, w.InReview, w.Overdue], to: casesLink(w.Filter) }))}
        chart={
          <BarChart
            height={barsHeight(busiest.length)}
            layout="horizontal"
            yAxis={[{ scaleType: 'band', data: busiest.map((w) => w.Label), width: phone ? labels : 180 }]}
            xAxis={COUNT_AXIS}
            series={[
              { data: busiest.map((w) => w.Assigned), label: S.assigned, stack: 'work' },
              { data: busiest.map((w) => w.InReview), label: S.inReview, stack: 'work' },
              { data: busiest.map((w) => w.Overdue), label: S.overdue },
            ]}
            onAxisClick={(_e, axis) => axis && go(busiest[axis.dataIndex]?.Filter)}
          />
        }
      />
      <ChartCard
        title={T.charts.revenue}
        columns={[C.month, S.invoiced, S.uninvoiced]}
        rows={data.Revenue.map((r) => ({ key: r.Month, cells: [monthLabel(r.Month), formatMoney(r.Invoiced), formatMoney(r.Uninvoiced)] }))}
        chart={
          <BarChart
            height={HEIGHT}
            xAxis={[{ scaleType: 'band', data: data.Revenue.map((r) => monthLabel(r.Month)) }]}
            yAxis={[{ valueFormatter: (v: number) => `$${Math.round(v / 1000)}k`, width: 56 }]}
            series={[
              { data: data.Revenue.map((r) => r.Invoiced), label: S.invoiced, stack: 'revenue', valueFormatter: (v) => formatMoney(v) },
              { data: data.Revenue.map((r) => r.Uninvoiced), label: S.uninvoiced, stack: 'revenue', valueFormatter: (v) => formatMoney(v) },
            ]}
          />
        }
      />
      <ChartCard
        title={T.charts.turnaround}
        columns={[C.caseType, S.medianDays, S.cases]}
        rows={data.Turnaround.map((r) => ({ key: r.CaseType_Id, cells: [r.Name, r.MedianDays, r.Cases], to: casesLink(r.Filter) }))}
        chart={
          <BarChart
            height={barsHeight(data.Turnaround.length)}
            layout="horizontal"
            yAxis={[{ scaleType: 'band', data: data.Turnaround.map((r) => r.Name), width: labels }]}
            xAxis={COUNT_AXIS}
            series={[{ data: data.Turnaround.map((r) => r.MedianDays), label: S.medianDays }]}
            onAxisClick={(_e, axis) => axis && go(data.Turnaround[axis.dataIndex]?.Filter)}
          />
        }
      />
    </>
  );
}
