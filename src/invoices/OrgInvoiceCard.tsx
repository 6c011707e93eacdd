// One org's card on the invoicing screen: its billable cases with their expenses, a date filter, and Create Invoice.
import { Fragment, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Box, Button, ButtonBase, Card, Collapse, Stack, TableCell, TableFooter, TableRow, TextField, Typography } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Confirm, DataTable, ListContextProvider, useDataProvider, useDataTableDataContext, useGetOne, useList, useNotify, useRecordContext } from 'react-admin';
import { useMutation } from '@tanstack/react-query';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';
import accountingStatus from '../../resources/accountingStatus.js';
import type { AccountingStatus, InvoiceableOrg, InvoiceRequest } from '../../schemas/types.js';
import { PageSizes } from '../../shared/constants.js';
import { formatDate, formatMoney, isoDay } from '../../shared/format.js';
import { InvoiceTexts as T } from '../../shared/texts/invoices.js';
import { failureOf } from '../../dataProvider/httpClient.js';
import { completedOn, shownCases, subjectName, totalOf, type InvoiceCase, type InvoiceExpense } from './invoiceModel.js';
import { endedBySignOut, sessionEnded } from '../resources/writeFailure.js';

/** The date inputs' width: a date and the picker's button. */
const DATE_WIDTH = 200;

/** A cell kept on one line (a case number, an amount). */
const NOWRAP = () => ({ whiteSpace: 'nowrap' }) as const;

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
export function OrgCases({ group, canCreate, onInvoiced }: { group: InvoiceableOrg; canCreate: boolean; onInvoiced(): void }) {
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
  const dataProvider = useDataProvider<DossierDataProvider>();
  const { mutate: create, isPending: creating } = useMutation({
    mutationFn: (body: InvoiceRequest) => dataProvider.callOperation('invoices', 'createInvoice', body),
  });
  const notify = useNotify();
  const [asking, setAsking] = useState(false);

  // A card opens with nothing checked, and leaves nothing checked behind.
  useEffect(() => {
    unselect.current();
    return () => unselect.current();
  }, []);

  const invoice = () =>
    create(
      { Case_Ids: checked, OrgName: group.OrgName, InvoiceDate: invoiceDate || null },
      {
        onSuccess: (answer) => {
          // A session that ended meanwhile: the auth provider signed out and said so; nothing was invoiced.
          if (endedBySignOut(answer)) return;
          notify(T.invoiced, { type: 'success' });
          onUnselectItems();
          onInvoiced();
        },
        onError: (error) => {
          if (sessionEnded(error)) return;
          const failure = failureOf(error);
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
export function OrgCard({ group, open, onToggle, children }: { group: InvoiceableOrg; open: boolean; onToggle(): void; children: ReactNode }) {
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
