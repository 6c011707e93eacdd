import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  CircularProgress,
  FormControlLabel,
  FormHelperText,
  LinearProgress,
  List,
  ListItemButton,
  ListItemText,
  ListSubheader,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { DataTable, ListContextProvider, useDataProvider, useGetList, useList, useNotify, useRecordContext } from 'react-admin';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';
import { reportRequest, type ReportParameterPair } from '../../dataProvider/reports.js';
import { failureOf, isFileAnswer, saveFile } from '../../dataProvider/httpClient.js';
import type { Report, ReportParametersParameter } from '../../schemas/types.js';
import { PageSizes, Timing } from '../../shared/constants.js';
import type { ReportColumn, ReportFormat } from '../../shared/reports.js';
import { ReportTexts } from '../../shared/texts/reports.js';
import { PageHeader } from '../layout/PageHeader.js';
import { LoadFailed } from '../layout/LoadFailed.js';
import type { ViewProps } from '../resources/views.js';
import { readPreview, rowMatches, shownValue, toInputDate, toUsDate, type PreviewRow, type ReportPreview } from './reportXml.js';
import { ListPager } from '../resources/ListPager.js';

const T = ReportTexts;
type ReportRecord = Report & { id: string };
/** A parameter's input value: text for text, number and date inputs (a date as YYYY-MM-DD), a flag for a checkbox. */
type InputValue = string | boolean;
const DOWNLOAD_FORMATS: readonly Exclude<ReportFormat, 'xml'>[] = ['csv', 'pdf'];

/** The folders (Group) of the catalogue, in catalogue order, each with its reports. */
function folders(reports: readonly ReportRecord[]): [string, ReportRecord[]][] {
  const byGroup = new Map<string, ReportRecord[]>();
  for (const report of reports) byGroup.set(report.Group, [...(byGroup.get(report.Group) ?? []), report]);
  return [...byGroup];
}

/** A parameter's first value in the form: its default (a date as YYYY-MM-DD), else empty. */
function initialValue(parameter: ReportParametersParameter): InputValue {
  const [first] = parameter.DefaultValues;
  if (parameter.Type === 'Boolean' && !parameter.ValidValues && !parameter.Nullable) return first === true || first === 'true';
  if (first === undefined) return '';
  return parameter.Type === 'DateTime' ? toInputDate(String(first)) : String(first);
}

/** The form's values as the call sends them (spec 002 §5): an empty nullable parameter null, dates MM/DD/YYYY. */
function pairsOf(parameters: readonly ReportParametersParameter[], values: Record<string, InputValue>): ReportParameterPair[] {
  return parameters.map((p) => {
    const value = values[p.Name];
    if (typeof value === 'boolean') return { Name: p.Name, Value: value };
    if (value === '' || value === undefined) return { Name: p.Name, Value: null };
    if (p.Type === 'DateTime') return { Name: p.Name, Value: toUsDate(value) };
    if (p.Type === 'Integer') return { Name: p.Name, Value: Number(value) };
    if (p.Type === 'Boolean') return { Name: p.Name, Value: value === 'true' };
    return { Name: p.Name, Value: value };
  });
}

/** Required unless nullable (spec 002 §5): the messages of the parameters left empty. */
function missing(parameters: readonly ReportParametersParameter[], values: Record<string, InputValue>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const p of parameters) if (!p.Nullable && values[p.Name] === '') errors[p.Name] = [T.server.required(p.Prompt)];
  return errors;
}

/** One parameter's input, from its type: a select of its valid values, a checkbox, a date, a whole number or a text. */
function ParameterInput({ parameter, value, error, onChange }: { parameter: ReportParametersParameter; value: InputValue; error?: string; onChange(value: InputValue): void }) {
  const common = { label: parameter.Prompt, required: !parameter.Nullable, error: Boolean(error), helperText: error, size: 'small' as const, fullWidth: true, name: parameter.Name };
  if (parameter.ValidValues || (parameter.Type === 'Boolean' && parameter.Nullable)) {
    const options = parameter.ValidValues ?? [
      { Value: 'true', Label: 'Yes' },
      { Value: 'false', Label: 'No' },
    ];
    return (
      <TextField {...common} select value={String(value)} onChange={(e) => onChange(e.target.value)}>
        {parameter.Nullable && (
          <MenuItem value="">
            <em>None</em>
          </MenuItem>
        )}
        {options.map((o) => (
          <MenuItem key={String(o.Value)} value={String(o.Value)}>
            {o.Label}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  if (parameter.Type === 'Boolean') {
    return (
      <Box>
        <FormControlLabel control={<Checkbox name={parameter.Name} checked={value === true} onChange={(e) => onChange(e.target.checked)} />} label={parameter.Prompt} />
        {error && <FormHelperText error>{error}</FormHelperText>}
      </Box>
    );
  }
  if (parameter.Type === 'DateTime') {
    return <TextField {...common} type="date" value={value} onChange={(e) => onChange(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />;
  }
  if (parameter.Type === 'Integer') {
    return <TextField {...common} type="number" value={value} onChange={(e) => onChange(e.target.value)} slotProps={{ htmlInput: { step: 1 } }} />;
  }
  return <TextField {...common} value={value} onChange={(e) => onChange(e.target.value)} />;
}

function Columns({ columns }: { columns: readonly ReportColumn[] }) {
  return columns.map((c) => (
    <DataTable.Col
      key={c.Name}
      source={c.Name}
      label={c.Label}
      align={c.Type === 'integer' || c.Type === 'money' ? 'right' : undefined}
      render={(row: PreviewRow) => shownValue(c.Type, row[c.Name])}
    />
  ));
}

/** A row's nested Details rows: react-admin's in-memory list, PageSizes.REPORT_NESTED a page. */
function DetailRows({ columns }: { columns: readonly ReportColumn[] }) {
  const row = useRecordContext<PreviewRow>();
  const list = useList({ data: row?.Details ?? [], perPage: PageSizes.REPORT_NESTED });
  return (
    <Box sx={{ pl: 2, py: 1, overflowX: 'auto' }}>
      <ListContextProvider value={list}>
        <DataTable aria-label="Details" bulkActionButtons={false} rowClick={false} size="small">
          <Columns columns={columns} />
        </DataTable>
        <ListPager />
      </ListContextProvider>
    </Box>
  );
}

/** The results table: filterable, PageSizes.REPORT_RESULTS a page, rows that expand into their Details rows. */
function Results({ preview }: { preview: ReportPreview }) {
  const [filter, setFilter] = useState('');
  const rows = useMemo(() => preview.rows.filter((row) => rowMatches(row, preview.columns, filter)), [preview, filter]);
  const list = useList({ data: rows, perPage: PageSizes.REPORT_RESULTS });
  const { setPage } = list;
  useEffect(() => setPage(1), [filter, setPage]);
  const details = preview.detailColumns;
  return (
    <Stack spacing={1} sx={{ minWidth: 0 }}>
      <TextField label="Filter" size="small" value={filter} onChange={(e) => setFilter(e.target.value)} sx={{ maxWidth: 320 }} />
      <ListContextProvider value={list}>
        <Box sx={{ overflowX: 'auto', maxWidth: '100%' }}>
          <DataTable
            aria-label="Report results"
            bulkActionButtons={false}
            rowClick={details ? 'expand' : false}
            expand={details ? <DetailRows columns={details} /> : undefined}
            isRowExpandable={(row: PreviewRow) => Boolean(row.Details?.length)}
            empty={<Typography color="text.secondary" sx={{ p: 2 }}>{T.empty}</Typography>}
          >
            <Columns columns={preview.columns} />
          </DataTable>
        </Box>
        <ListPager />
      </ListContextProvider>
    </Stack>
  );
}

/** The selected report's parameter form, format, Download Report and View, and the results below. */
function ReportPanel({ report }: { report: ReportRecord }) {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  const [parameters, setParameters] = useState<ReportParametersParameter[] | null>(null);
  const [values, setValues] = useState<Record<string, InputValue>>({});
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [format, setFormat] = useState<ReportFormat | ''>('');
  const [running, setRunning] = useState<'download' | 'view' | null>(null);
  const [slow, setSlow] = useState(false);
  const [preview, setPreview] = useState<ReportPreview | null>(null);
  const [loadFailed, setLoadFailed] = useState<unknown>(null);
  // Try again asks for the parameters afresh.
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setParameters(null);
    setLoadFailed(null);
    setPreview(null);
    setErrors({});
    dataProvider
      .callOperation('reports', 'parameters', report.Group, report.Name)
      .then((answer) => {
        if (!current) return;
        setParameters(answer.Parameters);
        setValues(Object.fromEntries(answer.Parameters.map((p) => [p.Name, initialValue(p)])));
      })
      .catch((error: unknown) => {
        if (!current) return;
        setLoadFailed(error ?? new Error(T.errors.one));
        notify(T.errors.one, { type: 'error' });
      });
    return () => {
      current = false;
    };
  }, [dataProvider, notify, report.Group, report.Name, attempt]);

  // The hint after Timing.REPORT_SLOW_HINT_MS of waiting (spec 002 §2.9).
  useEffect(() => {
    if (!running) return setSlow(false);
    const timer = setTimeout(() => setSlow(true), Timing.REPORT_SLOW_HINT_MS);
    return () => clearTimeout(timer);
  }, [running]);

  const run = async (kind: 'download' | 'view') => {
    if (!parameters) return;
    const empty = missing(parameters, values);
    setErrors(empty);
    if (Object.keys(empty).length) return;
    setRunning(kind);
    const pairs = pairsOf(parameters, values);
    try {
      if (kind === 'download' && format && format !== 'xml') {
        const file = await dataProvider.callOperation('reports', 'run', report.Group, report.Name, reportRequest(report.Group, report.Name, pairs, format, false));
        if (isFileAnswer(file)) saveFile(file, `${report.Name}.${format}`);
      } else {
        const instance = await dataProvider.callOperation('reports', 'run', report.Group, report.Name, reportRequest(report.Group, report.Name, pairs, 'xml', true));
        if (isFileAnswer(instance)) throw new Error(T.errors.one);
        const file = await dataProvider.callOperation('reports', 'instance', instance.Id, 'xml');
        setPreview(readPreview(await file.blob.text()));
      }
    } catch (error) {
      const failure = failureOf(error);
      if (failure.modelState) setErrors(failure.modelState);
      else if (failure.status !== 401 && failure.status !== 419) notify(kind === 'download' && failure.body?.Message ? failure.body.Message : T.errors.generate, { type: 'error' });
    } finally {
      setRunning(null);
    }
  };

  const formError = errors.Format?.[0];
  return (
    <Stack spacing={2} sx={{ minWidth: 0, flex: 1, width: '100%' }}>
      <Card component="section" aria-label={report.Name}>
        <CardContent>
          <Typography variant="h6" component="h2">
            {report.Name}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {report.Description}
          </Typography>
          {loadFailed ? (
            <LoadFailed error={loadFailed} text={T.errors.one} onRetry={() => setAttempt((n) => n + 1)} />
          ) : !parameters ? (
            <LinearProgress aria-label="Loading" />
          ) : (
            <Box component="form" noValidate onSubmit={(e) => (e.preventDefault(), void run('view'))} sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' } }}>
              {parameters.map((p) => (
                <ParameterInput key={p.Name} parameter={p} value={values[p.Name] ?? ''} error={errors[p.Name]?.[0]} onChange={(value) => setValues((v) => ({ ...v, [p.Name]: value }))} />
              ))}
              <TextField select label={T.format} size="small" value={format} error={Boolean(formError)} helperText={formError} onChange={(e) => setFormat(e.target.value as ReportFormat)}>
                {DOWNLOAD_FORMATS.map((f) => (
                  <MenuItem key={f} value={f}>
                    {T.formats[f]}
                  </MenuItem>
                ))}
              </TextField>
              <Stack direction="row" spacing={1} alignItems="center" sx={{ gridColumn: '1 / -1' }}>
                <Button
                  variant="outlined"
                  startIcon={running === 'download' ? <CircularProgress size={16} aria-hidden /> : <DownloadIcon />}
                  disabled={!format || running !== null}
                  onClick={() => void run('download')}
                >
                  {T.download}
                </Button>
                <Button type="submit" variant="contained" startIcon={running === 'view' ? <CircularProgress size={16} color="inherit" aria-hidden /> : <VisibilityIcon />} disabled={running !== null}>
                  {T.view}
                </Button>
              </Stack>
            </Box>
          )}
          {slow && (
            <Alert severity="info" sx={{ mt: 2 }}>
              {T.slowHint}
            </Alert>
          )}
        </CardContent>
      </Card>
      {running === 'view' && <LinearProgress aria-label="Generating" />}
      {preview ? <Results preview={preview} /> : <Typography color="text.secondary">{T.empty}</Typography>}
    </Stack>
  );
}

/**
 * The reports page (/reports, spec 002 §2.9), the `reports` resource's list slot: the catalogue's reports in their
 * folders on the left; the selected report's parameter form (inputs from the parameter types), Format (Excel/CSV or
 * PDF), Download Report (disabled until a format is chosen) and View; the results below.
 */
export default function ReportsPage(_props: ViewProps) {
  const notify = useNotify();
  const { data, isPending, error, refetch } = useGetList<ReportRecord>('reports', { pagination: { page: 1, perPage: PageSizes.UNPAGED }, sort: { field: 'Group', order: 'ASC' } });
  const [selected, setSelected] = useState<string | null>(null);
  useEffect(() => {
    if (error) notify(T.errors.list, { type: 'error' });
  }, [error, notify]);
  const reports = useMemo(() => data ?? [], [data]);
  const report = reports.find((r) => r.id === selected) ?? null;

  return (
    <Box>
      <PageHeader title={T.title} />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems="flex-start">
        <Card component="nav" aria-label="Report folders" sx={{ width: { xs: '100%', md: 300 }, flexShrink: 0 }}>
          {isPending && <LinearProgress aria-label="Loading" />}
          {error && (
            <Box sx={{ m: 1 }}>
              <LoadFailed error={error} text={T.errors.list} onRetry={() => void refetch()} />
            </Box>
          )}
          <List dense disablePadding>
            {folders(reports).map(([group, items]) => (
              <li key={group}>
                <ul style={{ padding: 0 }} aria-label={group}>
                  <ListSubheader>{group}</ListSubheader>
                  {items.map((r) => (
                    <ListItemButton key={r.id} selected={r.id === selected} onClick={() => setSelected(r.id)}>
                      <ListItemText primary={r.Name} />
                    </ListItemButton>
                  ))}
                </ul>
              </li>
            ))}
          </List>
        </Card>
        {report ? <ReportPanel key={report.id} report={report} /> : <Typography color="text.secondary">{T.empty}</Typography>}
      </Stack>
    </Box>
  );
}
