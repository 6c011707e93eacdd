import { useMemo, useState, type MouseEvent, type ReactNode } from 'react';
import { Box, Button, Card, Chip, CircularProgress, Collapse, IconButton, LinearProgress, Link, Stack, Tooltip, Typography, useMediaQuery } from '@mui/material';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import FilterAltOffOutlinedIcon from '@mui/icons-material/FilterAltOffOutlined';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import { Link as RouterLink } from 'react-router-dom';
import { DataTable, FilterForm, ListBase, SelectInput, TextInput, useDataProvider, useListContext, useNotify, useRecordContext } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { PageSizes, Timing } from '../../shared/constants.js';
import { Texts } from '../../shared/texts/index.js';
import type { AuditEntry } from '../../schemas/types.js';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';
import { auditFilterOf } from '../../resources/auditLog.js';
import { failureOf, isFileAnswer, saveFile } from '../../dataProvider/httpClient.js';
import { PageGuard } from '../layout/PageGuard.js';
import { PageHeader } from '../layout/PageHeader.js';
import { LoadFailed } from '../layout/LoadFailed.js';
import { MOBILE_QUERY } from '../layout/TopBar.js';
import { ListPager } from '../resources/ListPager.js';
import { SchemaDateInput } from '../resources/SchemaInput.js';
import { failureMessage, sessionEnded } from '../resources/writeFailure.js';
import { formatWhen, whenInFull } from './auditFormat.js';

const T = Texts.audit;
const RESOURCE = 'audit-log';

/** An entry as the list answers it (every field present). */
type Entry = Required<AuditEntry> & { id: number };



/** An action that read or took sensitive data, or removed something, stands out; the chip says it in words too. */
function actionColor(action: string): 'warning' | 'error' | 'default' {
  if (/ssn|export|download/.test(action)) return 'warning';
  if (/^(delete|deactivate|remove)/.test(action)) return 'error';
  return 'default';
}

function ActionChip({ action }: { action: string }) {
  return <Chip size="small" variant="outlined" color={actionColor(action)} label={action} sx={{ fontFamily: 'monospace', fontSize: 12, height: 22 }} />;
}

/** The moment, in the browser's zone; its full date, time and zone on hover. */
function When({ value }: { value: string }) {
  return (
    <Tooltip title={whenInFull(value)}>
      <Box component="time" dateTime={value} sx={{ whiteSpace: 'nowrap' }}>
        {formatWhen(value)}
      </Box>
    </Tooltip>
  );
}

const stop = (event: MouseEvent) => event.stopPropagation();

/** The record's id: a link to its page when it still has one, plain text otherwise ("—" for none). */
function RecordId({ entry }: { entry: Entry }) {
  if (!entry.Entity_Id) return <Typography component="span" color="text.secondary">—</Typography>;
  if (!entry.Link) return <>{entry.Entity_Id}</>;
  return (
    <Link component={RouterLink} to={entry.Link} onClick={stop} aria-label={`${entry.Entity} ${entry.Entity_Id}`} sx={{ fontWeight: 500 }}>
      {entry.Entity_Id}
    </Link>
  );
}

function FieldNames({ fields }: { fields: readonly string[] }) {
  if (!fields.length) return <Typography component="span" color="text.secondary">—</Typography>;
  return (
    <Box component="span" sx={{ display: 'block', maxWidth: 280, fontSize: 13, overflowWrap: 'anywhere' }}>
      {fields.join(', ')}
    </Box>
  );
}

/** A line of an entry's details: its name, then its value (which may break anywhere: a user agent, an address). */
function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '110px 1fr' }, columnGap: 2, py: 0.25 }}>
      <Typography variant="caption" color="text.secondary" sx={{ pt: { sm: 0.25 } }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Typography>
    </Box>
  );
}

/** What a row's expansion shows: the full moment, where the request came from (on a phone its address too) and which it was. */
function EntryDetails({ entry, withSummary = false }: { entry: Entry; withSummary?: boolean }) {
  return (
    <Box sx={{ py: 1 }}>
      {withSummary && <Detail label="Address">{entry.ClientAddress}</Detail>}
      <Detail label="When">{whenInFull(entry.CreatedDate)}</Detail>
      <Detail label="User agent">{entry.UserAgent}</Detail>
      <Detail label="Request">{entry.RequestId}</Detail>
    </Box>
  );
}

function ExpandedRow() {
  const entry = useRecordContext<Entry>();
  return entry ? <EntryDetails entry={entry} /> : null;
}

/** The list's failure in place of the rows: what failed, why, and Try again — never the empty log's text. */
function ListFailure() {
  const { error, refetch } = useListContext();
  if (!error || sessionEnded(error)) return null;
  return (
    <Box sx={{ p: 2 }}>
      <LoadFailed error={error} text={T.loadFailed} onRetry={() => void refetch()} />
    </Box>
  );
}

function Empty() {
  const { error, isPending } = useListContext();
  if (error || isPending) return null;
  return (
    <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
      {T.empty}
    </Typography>
  );
}

/** The table on a laptop or a tablet: a row expands into its user agent and request id. */
function EntryTable() {
  return (
    <DataTable
      aria-label={T.title}
      size="small"
      bulkActionButtons={false}
      rowClick="expand"
      expand={<ExpandedRow />}
      empty={<Empty />}
      sx={{ '& .RaDataTable-tableWrapper': { overflowX: 'auto' }, '& td, & th': { verticalAlign: 'top' }, '& .RaDataTable-expandIconCell': { pr: 0 } }}
    >
      <DataTable.Col source="CreatedDate" label="When" render={(entry: Entry) => <When value={entry.CreatedDate} />} />
      <DataTable.Col source="UserName" label="User" disableSort render={(entry: Entry) => entry.UserName ?? '—'} sx={{ overflowWrap: 'anywhere' }} />
      <DataTable.Col source="Action" label="Action" disableSort render={(entry: Entry) => <ActionChip action={entry.Action} />} />
      <DataTable.Col source="Entity" label="Entity" disableSort />
      <DataTable.Col source="Entity_Id" label="Id" disableSort render={(entry: Entry) => <RecordId entry={entry} />} />
      <DataTable.Col source="Fields" label="Fields" disableSort render={(entry: Entry) => <FieldNames fields={entry.Fields} />} sx={{ display: { xs: 'none', md: 'table-cell' } }} />
      <DataTable.Col
        source="ClientAddress"
        label="Address"
        disableSort
        render={(entry: Entry) => entry.ClientAddress ?? '—'}
        sx={{ display: { xs: 'none', md: 'table-cell' }, maxWidth: 160, overflowWrap: 'anywhere' }}
      />
    </DataTable>
  );
}

/** One entry on a phone: what was done to which record, by whom and when; the rest behind Details. */
function EntryCard({ entry }: { entry: Entry }) {
  const [open, setOpen] = useState(false);
  return (
    <Box component="li" sx={{ listStyle: 'none', px: 2, py: 1.25, borderBottom: 1, borderColor: 'divider' }}>
      <Stack direction="row" spacing={1} alignItems="center" sx={{ minWidth: 0 }}>
        <ActionChip action={entry.Action} />
        <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {entry.Entity} <RecordId entry={entry} />
        </Typography>
        <IconButton size="small" aria-label="Details" aria-expanded={open} onClick={() => setOpen(!open)} sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }}>
          <KeyboardArrowDownIcon fontSize="small" />
        </IconButton>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
        {entry.UserName ?? '—'} · <When value={entry.CreatedDate} />
      </Typography>
      {entry.Fields.length > 0 && (
        <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
          {entry.Fields.join(', ')}
        </Typography>
      )}
      <Collapse in={open} unmountOnExit>
        <EntryDetails entry={entry} withSummary />
      </Collapse>
    </Box>
  );
}

/** The entries stacked on a phone, so nothing scrolls sideways. */
function EntryCards() {
  const { data, isPending, error } = useListContext<Entry>();
  if (isPending || error) return null;
  if (!data?.length) return <Empty />;
  return (
    <Box component="ul" aria-label={T.title} sx={{ m: 0, p: 0 }}>
      {data.map((entry) => (
        <EntryCard key={entry.id} entry={entry} />
      ))}
    </Box>
  );
}

/** Action and entity: a select of the values the log holds, or free text when they could not be read. */
function choiceFilter(source: 'Action' | 'Entity', label: string, values: readonly string[] | undefined) {
  if (!values) return <TextInput key={source} source={source} label={label} alwaysOn resettable helperText={false} />;
  return (
    <SelectInput
      key={source}
      source={source}
      label={label}
      alwaysOn
      helperText={false}
      choices={values.map((value) => ({ id: value, name: value }))}
      translateChoice={false}
      emptyText="All"
      emptyValue=""
      sx={{ minWidth: { sm: 150 } }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    />
  );
}

/** A day filter: the product's date picker (MM/DD/YYYY) on a YYYY-MM-DD value; `source` and `alwaysOn` are read by FilterForm. */
function DayFilter({ source, label }: { source: string; label: string; alwaysOn: boolean }) {
  return (
    <Box sx={{ width: { xs: '100%', sm: 170 } }}>
      <SchemaDateInput source={source} title={label} required={false} readOnly={false} notFuture={false} />
    </Box>
  );
}

/** User (starts with), action, entity, record id, and the days From and To. */
function useFilters(): ReactNode[] {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const { data: choices } = useQuery({ queryKey: [RESOURCE, 'choices'], queryFn: () => dataProvider.callOperation('auditLog', 'choices'), staleTime: 60_000 });
  return useMemo(
    () => [
      <TextInput key="UserName" source="UserName" label="User" placeholder="Starts with…" alwaysOn resettable helperText={false} />,
      choiceFilter('Action', 'Action', choices?.Actions),
      choiceFilter('Entity', 'Entity', choices?.Entities),
      <TextInput key="Entity_Id" source="Entity_Id" label="Record Id" alwaysOn resettable helperText={false} />,
      <DayFilter key="From" source="From" label="From" alwaysOn />,
      <DayFilter key="To" source="To" label="To" alwaysOn />,
    ],
    [choices],
  );
}

/** Export CSV: the log with the list's filters, fetched with the session's token and saved under the server's name. */
function ExportButton() {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  const { filterValues } = useListContext();
  const [running, setRunning] = useState(false);
  const download = async () => {
    setRunning(true);
    try {
      const answer: unknown = await dataProvider.callOperation('auditLog', 'export', auditFilterOf(filterValues as Record<string, unknown>));
      // A sign-out answers with react-admin's empty stand-in: nothing to save.
      if (isFileAnswer(answer)) saveFile(answer, `audit-log-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (error) {
      // An ended session is the auth provider's to say; a refusal (403) is said by the global warning with the server's text.
      if (failureMessage(error) !== null && failureOf(error).status !== 403) notify(T.exportFailed, { type: 'error' });
    } finally {
      setRunning(false);
    }
  };
  return (
    <Button
      variant="outlined"
      startIcon={running ? <CircularProgress size={16} color="inherit" aria-hidden /> : <FileDownloadOutlinedIcon />}
      disabled={running}
      onClick={() => void download()}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {T.exportCsv}
    </Button>
  );
}

/** Filters sit in a row on a laptop (wrapping as needed) and two to a line on a phone. */
const FILTER_AREA = {
  flex: 1,
  minWidth: 0,
  '& form': { p: 0, minHeight: 0, display: { xs: 'grid', sm: 'flex' }, flexWrap: 'wrap', gridTemplateColumns: '1fr 1fr', columnGap: 1, alignItems: 'flex-end' },
  '& .filter-field': { minWidth: 0 },
  '& .filter-field .MuiFormControl-root': { width: { xs: '100%', sm: 'auto' } },
  '& .filter-field:has(input[name="UserName"]) .MuiFormControl-root': { width: { sm: 170 } },
  '& .filter-field:has(input[name="Entity_Id"]) .MuiFormControl-root': { width: { sm: 140 } },
  '& .RaFilterFormInput-spacer, & .RaFilterForm-clearFix': { display: 'none' },
} as const;

function AuditLogView() {
  const filters = useFilters();
  const phone = useMediaQuery(MOBILE_QUERY);
  const { isFetching, filterValues, setFilters } = useListContext();
  const filtered = Object.values(filterValues ?? {}).some((value) => value !== undefined && value !== null && value !== '');
  return (
    <>
      <PageHeader title={T.title} actions={<ExportButton />} />
      <Card>
        <Stack direction={{ xs: 'column', sm: 'row' }} alignItems={{ sm: 'flex-end' }} spacing={1} sx={{ px: 2, pt: 1, pb: 1 }}>
          <Box sx={FILTER_AREA}>
            <FilterForm filters={filters} />
          </Box>
          {filtered && (
            <Button size="small" startIcon={<FilterAltOffOutlinedIcon />} onClick={() => setFilters({}, undefined, false)} sx={{ whiteSpace: 'nowrap', alignSelf: { xs: 'flex-start', sm: 'center' } }}>
              Clear filters
            </Button>
          )}
        </Stack>
        <Box sx={{ height: 4 }}>{isFetching && <LinearProgress aria-label="Loading" />}</Box>
        <ListFailure />
        {phone ? <EntryCards /> : <EntryTable />}
        <ListPager />
      </Card>
    </>
  );
}

/**
 * Admin › Audit Log (/admin/audit-log), for holders of View Audit Log: who did what to which record, when and from
 * where — newest first, 25 a page from the server, filtered by user (starts with), action, entity, record id and a
 * range of days (whole days of the browser's time zone), exported as CSV with the same filters. A row links to its
 * record's page when there is one and expands into the user agent and request id; on a phone the entries stack.
 */
export function AuditLogPage() {
  return (
    <PageGuard page={RESOURCE}>
      <ListBase
        resource={RESOURCE}
        perPage={PageSizes.AUDIT_LOG}
        sort={{ field: 'CreatedDate', order: 'DESC' }}
        debounce={Timing.FILTER_TEXT_DEBOUNCE_MS}
        storeKey={false}
        // A failed load is said once, in the list itself, not again as a toast.
        queryOptions={{ onError: () => undefined }}
      >
        <AuditLogView />
      </ListBase>
    </PageGuard>
  );
}
