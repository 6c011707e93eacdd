import { Fragment, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  ButtonBase,
  Card,
  Collapse,
  LinearProgress,
  Stack,
  TableCell,
  TableFooter,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Confirm,
  DataTable,
  ListContextProvider,
  useCanAccess,
  useCreate,
  useDataProvider,
  useDataTableDataContext,
  useGetList,
  useGetOne,
  useList,
  useNotify,
  useRecordContext,
} from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import accountingStatus from '../../resources/accountingStatus.js';
import invoiceHistory from '../../resources/invoiceHistory.js';
import type { AccountingStatus, InvoiceableOrg } from '../../schemas/types.js';
import { Limits, PageSizes, Timing } from '../../shared/constants.js';
import { formatDate, formatMoney, isoDay } from '../../shared/format.js';
import { InvoiceTexts as T } from '../../shared/texts/invoices.js';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';
import { failureOf } from '../../dataProvider/httpClient.js';
import { OrgTree } from '../components/OrgTree.js';
import { MOBILE_QUERY } from '../layout/TopBar.js';
import { PageHeader } from '../layout/PageHeader.js';
import { AccountingNotice } from './AccountingNotice.js';
import { useOrgList } from '../session/useLookups.js';
import { LoadFailed } from '../layout/LoadFailed.js';
import type { ViewProps } from '../resources/views.js';
import { completedOn, shownCases, subjectName, totalOf, type InvoiceCase, type InvoiceExpense } from './invoiceModel.js';

/** The date inputs' width: a date and the picker's button. */
const DATE_WIDTH = 200;

/** A cell kept on one line (a case number, an amount). */
const NOWRAP = () => ({ whiteSpace: 'nowrap' }) as const;

/** Answers that mean the session ended: the auth provider says so, not this screen. */
const SESSION_ENDED = new Set([401, 419]);

/** A value that follows another after it stopped changing for `ms`. */
function useDebounced<V>(value: V, ms: number): V {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * Billable orgs in bold: the tree's rows carry the tree item's id attribute, which ends in `-{org id}`
 * (MUI X's `${treeId}-${itemId}`), so one rule per org marks its own row and not its children's.
 */
function boldRows(orgIds: readonly number[]) {
  return Object.fromEntries(orgIds.map((id) => [`& li[id$="-${id}"] > .MuiTreeItem-content .MuiTreeItem-label`, { fontWeight: 700 }]));
}

/** The left panel: titled Orgs, the org tree with checkboxes (orgs with billable cases in bold), resizable by its corner. */
function OrgPanel({ selected, onSelect, billable, phone }: { selected: number[]; onSelect(ids: number[]): void; billable: readonly number[]; phone: boolean }) {
  const { list: orgs, isFetching, error, refetch } = useOrgList();
  const minWidth = `max(20vw, ${Limits.ORG_TREE_MIN_WIDTH_PX}px)`;
  return (
    <Card
      component="nav"
      aria-label={T.orgsHeading}
      sx={{
        p: 2,
        flexShrink: 0,
        width: phone ? '100%' : minWidth,
        minWidth: phone ? undefined : minWidth,
        minHeight: phone ? undefined : Limits.INVOICE_TREE_MIN_HEIGHT_PX,
        maxWidth: phone ? undefined : '50vw',
        resize: phone ? undefined : 'horizontal',
        overflow: 'auto',
        ...boldRows(billable),
      }}
    >
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {T.orgsHeading}
      </Typography>
      {orgs.length > 0 ? (
        <OrgTree orgs={orgs} multi selected={selected} onSelect={onSelect} label={T.orgsHeading} height={phone ? Limits.ORG_TREE_HEIGHT_PX : undefined} expandFirstOnly />
      ) : error && !isFetching ? (
        <LoadFailed error={error} text={T.orgsFailed} onRetry={refetch} />
      ) : (
        <Typography color="text.secondary">{isFetching ? T.loadingOrgs : T.noOrgs}</Typography>
      )}
    </Card>
  );
}

/** An expense's amount: Cost × Units, or the override in its place (spec 002 §9). */
function ExpenseAmount() {
  const expense = useRecordContext<InvoiceExpense>();
  if (!expense) return null;
  if (expense.Override === null) return <>{formatMoney(expense.Total)}</>;
  return (
    <>
      <Box component="s" sx={{ color: 'text.secondary', mr: 1 }}>
        {formatMoney(Math.round(expense.Cost * expense.Units * 100) / 100)}
      </Box>
      {formatMoney(expense.Override)}
    </>
  );
}

const Tick = ({ value, label }: { value: boolean; label: string }) =>
  value ? <CheckIcon fontSize="small" color="success" aria-label={`${label}: yes`} /> : <CloseIcon fontSize="small" color="disabled" aria-label={`${label}: no`} />;

/** The expense sub-table under a case's row. */
function CaseExpenses() {
  const record = useRecordContext<InvoiceCase>();
  const rows = useMemo(() => (record?.Expenses ?? []).map((e) => ({ ...e, id: e.Id })), [record]);
  const list = useList<InvoiceExpense>({ data: rows, perPage: PageSizes.UNPAGED, resource: 'invoice-expenses' });
  if (!record) return null;
  return (
    <ListContextProvider value={list}>
      <DataTable<InvoiceExpense> bulkActionButtons={false} rowClick={false} empty={<Typography sx={{ p: 1 }}>{T.noExpenses}</Typography>} aria-label={`Expenses of ${record.CaseNumber}`}>
        <DataTable.Col label="Expense" source="ExpenseType.Description" disableSort />
        <DataTable.Col label="Units" disableSort render={(e: InvoiceExpense) => `${e.Units} ${e.ExpenseType.UOM.Description}`.trim()} />
        <DataTable.Col label="Cost" disableSort render={(e: InvoiceExpense) => formatMoney(e.Cost)} />
        <DataTable.Col label="Amount" disableSort>
          <ExpenseAmount />
        </DataTable.Col>
        <DataTable.Col label="Passthrough" disableSort render={(e: InvoiceExpense) => <Tick value={e.Passthrough} label="Passthrough" />} />
        <DataTable.Col label="Incurred By" disableSort render={(e: InvoiceExpense) => `${e.Subject.FirstName} ${e.Subject.LastName}`} />
      </DataTable>
    </ListContextProvider>
  );
}

/** The footer: the total of every row shown. */
function TotalFoot() {
  const rows = useDataTableDataContext<InvoiceCase>() ?? [];
  return (
    <TableFooter>
      <TableRow>
        <TableCell variant="footer" colSpan={6} sx={{ textAlign: 'right', fontWeight: 700 }}>
          {T.total}
        </TableCell>
        <TableCell variant="footer" aria-label="Total of the cases shown" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
          {formatMoney(totalOf(rows))}
        </TableCell>
      </TableRow>
    </TableFooter>
  );
}

/** The open card's content: date filter, the cases table with its check-all and footer, and Create Invoice. */
function OrgCases({ group, canCreate, onInvoiced }: { group: InvoiceableOrg; canCreate: boolean; onInvoiced(): void }) {
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [invoiceDate, setInvoiceDate] = useState('');
  const rows = useMemo(() => shownCases(group, start, end), [group, start, end]);
  const list = useList<InvoiceCase>({ data: rows, perPage: PageSizes.UNPAGED, sort: { field: 'CompletionDate', order: 'DESC' }, resource: `invoices-${group.Org_Id}` });
  const { onUnselectItems } = list;
  const unselect = useRef(onUnselectItems);
  unselect.current = onUnselectItems;
  const shown = new Set(rows.map((r) => r.id));
  // Only checked cases inside the date filter are invoiced: what the table shows is what the invoice holds.
  const checked = list.selectedIds.filter((id) => shown.has(Number(id))).map(Number);
  const [create, { isPending: creating }] = useCreate();
  const notify = useNotify();
  const [asking, setAsking] = useState(false);

  // A card opens with nothing checked, and leaves nothing checked behind.
  useEffect(() => {
    unselect.current();
    return () => unselect.current();
  }, []);

  const invoice = () =>
    create(
      'invoices',
      { data: { Case_Ids: checked, OrgName: group.OrgName, InvoiceDate: invoiceDate || null } },
      {
        onSuccess: () => {
          notify(T.invoiced, { type: 'success' });
          onUnselectItems();
          onInvoiced();
        },
        onError: (error) => {
          const failure = failureOf(error);
          if (failure.status !== undefined && SESSION_ENDED.has(failure.status)) return;
          // A refusal the server explains (already invoiced, another org's cases) says why; anything else the spec's text.
          const explained = failure.status === 400 || failure.status === 409 ? failure.body?.Message : undefined;
          notify(explained ?? T.invoiceFailed, { type: 'error' });
        },
      },
    );

  return (
    <Stack spacing={2} sx={{ px: 2, pb: 2 }}>
      <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap">
        <TextField type="date" size="small" label={T.startDate} sx={{ width: DATE_WIDTH }} value={start} onChange={(e) => setStart(e.target.value)} slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: end || undefined } }} />
        <TextField type="date" size="small" label={T.endDate} sx={{ width: DATE_WIDTH }} value={end} onChange={(e) => setEnd(e.target.value)} slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: start || undefined } }} />
      </Stack>
      <ListContextProvider value={list}>
        <DataTable<InvoiceCase>
          // Selection checkboxes without react-admin's bulk toolbar: Create Invoice sits below the table.
          bulkActionButtons={<Fragment />}
          bulkActionsToolbar={false}
          rowClick="expand"
          expand={<CaseExpenses />}
          isRowExpandable={(r: InvoiceCase) => r.Expenses.length > 0}
          foot={TotalFoot}
          empty={<Typography sx={{ py: 2 }}>{group.Cases.length ? T.noCasesInRange : T.noCases}</Typography>}
          aria-label={`Uninvoiced cases of ${group.OrgName}`}
          sx={{ '& .RaDataTable-tableWrapper': { overflowX: 'auto' } }}
        >
          <DataTable.Col label="Case #" source="CaseNumber" cellSx={NOWRAP} />
          <DataTable.Col label="Subject" disableSort render={(r: InvoiceCase) => subjectName(r.Subject)} />
          <DataTable.Col label="Completed On" source="CompletionDate" render={(r: InvoiceCase) => formatDate(completedOn(r.CompletionDate))} />
          <DataTable.Col label="Discontinued?" source="Discontinued" render={(r: InvoiceCase) => <Tick value={r.Discontinued} label="Discontinued" />} />
          <DataTable.Col label="Total Cost" source="TotalCost" cellSx={NOWRAP} render={(r: InvoiceCase) => formatMoney(r.TotalCost)} />
        </DataTable>
      </ListContextProvider>
      {canCreate &&
        (group.CanInvoice ? (
          <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap" alignItems="center">
            <TextField
              type="date"
              size="small"
              label={T.invoiceDate}
              sx={{ width: DATE_WIDTH }}
              value={invoiceDate}
              onChange={(e) => setInvoiceDate(e.target.value)}
              helperText={T.invoiceDateHint}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <Button variant="contained" disabled={checked.length === 0 || creating} onClick={() => setAsking(true)}>
              {creating ? T.creating : T.createInvoice}
            </Button>
            {checked.length > 0 && (
              <Typography variant="body2" color="text.secondary">
                {checked.length === 1 ? '1 case checked' : `${checked.length} cases checked`}
              </Typography>
            )}
          </Stack>
        ) : (
          <Alert severity="info">{T.assignCompany}</Alert>
        ))}
      {asking && (
        <Confirm
          isOpen
          title={T.confirm.title}
          content={<InvoiceSummary group={group} cases={rows.filter((r) => checked.includes(r.id))} invoiceDate={invoiceDate} />}
          confirm={T.createInvoice}
          cancel="Cancel"
          onConfirm={() => {
            setAsking(false);
            invoice();
          }}
          onClose={() => setAsking(false)}
        />
      )}
    </Stack>
  );
}

/** How many case numbers the summary names before it says how many more there are. */
const NAMED_CASES = 8;

/**
 * What Create Invoice is about to record, asked before it does (issue 22 §2): the org, the cases checked (their
 * numbers), the total and the invoice date (today when none is chosen), and whether QuickBooks will receive it.
 */
function InvoiceSummary({ group, cases, invoiceDate }: { group: InvoiceableOrg; cases: readonly InvoiceCase[]; invoiceDate: string }) {
  const { data: accounting } = useGetOne<AccountingStatus & { id: string }>(accountingStatus.name, { id: accountingStatus.name });
  const total = formatMoney(totalOf(cases));
  const date = invoiceDate ? formatDate(invoiceDate) : T.confirm.today(formatDate(isoDay(new Date())));
  const numbers = cases.map((c) => c.CaseNumber);
  const named = numbers.length > NAMED_CASES ? `${numbers.slice(0, NAMED_CASES).join(', ')} and ${numbers.length - NAMED_CASES} more` : numbers.join(', ');
  const rows: [string, ReactNode][] = [
    [T.confirm.org, group.OrgName],
    [T.confirm.cases, `${cases.length}: ${named}`],
    [T.confirm.total, total],
    [T.confirm.date, date],
  ];
  return (
    <Stack spacing={1.5}>
      <Typography>{T.confirm.summary(group.OrgName, cases.length, total, date)}</Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
        {rows.map(([label, value]) => (
          <Fragment key={label}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: label === T.confirm.total ? 700 : undefined, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Fragment>
        ))}
      </Box>
      {accounting?.Status === 'connected' && group.QboId !== null && <Typography variant="body2">{T.confirm.sent}</Typography>}
    </Stack>
  );
}

/** One card per chosen org: its name and count of uninvoiced cases; a click opens or closes it. */
function OrgCard({ group, open, onToggle, children }: { group: InvoiceableOrg; open: boolean; onToggle(): void; children: ReactNode }) {
  const id = `invoice-org-${group.Org_Id}`;
  return (
    <Card component="section" aria-labelledby={`${id}-title`}>
      <ButtonBase onClick={onToggle} aria-expanded={open} aria-controls={id} sx={{ width: '100%', justifyContent: 'flex-start', textAlign: 'left', px: 2, py: 1.5, gap: 2 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id={`${id}-title`} variant="h6" component="h3">
            {group.OrgName}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {T.uninvoicedCount(group.Cases.length)}
          </Typography>
        </Box>
        <ExpandMoreIcon sx={{ transition: 'transform 150ms', transform: open ? 'rotate(180deg)' : 'none' }} />
      </ButtonBase>
      <Collapse in={open} unmountOnExit id={id}>
        {children}
      </Collapse>
    </Card>
  );
}

/**
 * The invoicing screen (/invoices, spec 002 §2.7), the `invoices` declaration's list slot: the org tree with
 * checkboxes on the left, orgs with billable cases in bold; on the right one card per checked org (asked 500 ms after
 * the last change), only one open at a time, each with its date filter, cases table and Create Invoice, which asks
 * first with a summary. An invoice made returns the screen to its first state, nothing checked. Invoice History (the
 * invoices already created) opens from the header.
 */
export default function InvoicingPage({ declaration }: ViewProps) {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const phone = useMediaQuery(MOBILE_QUERY);
  const { canAccess: canCreate = false } = useCanAccess({ resource: declaration.name, action: 'create' });
  const { canAccess: canSeeHistory = false } = useCanAccess({ resource: invoiceHistory.name, action: 'list' });
  const { data: billable, refetch: refetchBillable } = useGetList(declaration.name, { pagination: { page: 1, perPage: PageSizes.UNPAGED }, sort: { field: 'Name', order: 'ASC' } });
  const [selected, setSelected] = useState<number[]>([]);
  const asked = useDebounced(selected, Timing.INVOICE_ORG_DEBOUNCE_MS);
  const [groups, setGroups] = useState<InvoiceableOrg[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState<number | null>(null);

  useEffect(() => {
    if (asked.length === 0) {
      setGroups(null);
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    setFailed(false);
    dataProvider
      .callOperation('invoices', 'invoiceableCases', { Org_Ids: asked }, controller.signal)
      .then((answer) => {
        setGroups(answer);
        setLoading(false);
      })
      .catch(() => {
        if (controller.signal.aborted) return;
        setFailed(true);
        setLoading(false);
      });
    return () => controller.abort();
  }, [asked, dataProvider]);

  const invoiced = () => {
    setSelected([]);
    setOpen(null);
    setGroups(null);
    void refetchBillable();
  };

  const billableIds = useMemo(() => (billable ?? []).map((o) => Number(o.id)), [billable]);
  let content: ReactNode;
  if (selected.length === 0) content = <Typography color="text.secondary">{T.chooseOrgs}</Typography>;
  else if (loading || (!groups && !failed) || selected !== asked)
    content = (
      <Box>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {T.loadingInvoices}
        </Typography>
        <LinearProgress aria-label={T.loadingInvoices} />
      </Box>
    );
  else if (failed || !groups) content = <Alert severity="error">{T.loadFailed}</Alert>;
  else
    content = (
      <Stack spacing={2}>
        {groups.map((group) => (
          <OrgCard key={group.Org_Id} group={group} open={open === group.Org_Id} onToggle={() => setOpen((was) => (was === group.Org_Id ? null : group.Org_Id))}>
            <OrgCases group={group} canCreate={canCreate} onInvoiced={invoiced} />
          </OrgCard>
        ))}
      </Stack>
    );

  return (
    <Box>
      <PageHeader
        title={declaration.title}
        actions={
          canSeeHistory && (
            <Button component={RouterLink} to={invoiceHistory.route!} variant="outlined" startIcon={<ReceiptLongIcon />}>
              {T.history.open}
            </Button>
          )
        }
      />
      <AccountingNotice unauthorised />
      <Stack direction={phone ? 'column' : 'row'} spacing={phone ? 1.5 : 3} alignItems={phone ? 'stretch' : 'flex-start'}>
        <OrgPanel selected={selected} onSelect={setSelected} billable={billableIds} phone={phone} />
        <Box sx={{ flex: 1, minWidth: 0 }}>{content}</Box>
      </Stack>
    </Box>
  );
}
