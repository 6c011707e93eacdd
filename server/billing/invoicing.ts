import { audit } from '../audit/auditLog.js';
import type { Database } from '../db/database.js';
import { countedPage } from '../db/boundedCount.js';
import { authOf } from '../http/access.js';
import { badRequest, conflict, HttpError, notFound, ValidationError } from '../http/errors.js';
import type { ApiArea } from '../http/route.js';
import { operationRoutes } from '../http/operationRoutes.js';
import { invoiceOperations } from '../../resources/invoices.js';
import { defineStore } from '../resources/store.js';
import { inScope, orgScopeOf, orgSubtreeIds } from '../orgs/scope.js';
import { Invoicing, Limits, PageSizes } from '../../shared/constants.js';
import { Texts } from '../../shared/texts/index.js';
import { isoDay } from '../../shared/format.js';
import { sumMoney } from '../../shared/billing.js';
import type { CaseState } from '../../shared/workflow.js';
import type { Invoice, InvoiceableOrg, InvoiceLine, InvoiceListQuery, InvoiceSummary } from '../../schemas/types.js';
import type { AccountingInvoiceLine, AccountingStatus } from './accounting.js';
import { COSTED_CASE_COLUMNS, costCases, isDiscontinued, type CostedCase, type CostedCaseRow } from './caseCost.js';
import { raiseInvoiceCreated } from '../webhooks/domainEvents.js';

const T = Texts.invoices.server;
const BILLABLE: CaseState[] = [...Invoicing.BILLABLE_STATES];

/** Billable and not invoiced: completed or discontinued, with a completion date, no invoice (index cases_uninvoiced). */
const uninvoicedCases = (db: Database) =>
  db.selectFrom('cases').where('Invoice_Id', 'is', null).where('CompletionDate', 'is not', null).where('WorkflowState', 'in', BILLABLE);

/**
 * Whether Create Invoice is offered for an org (docs/decisions.md "Invoicing"): with an accounting service set up, only
 * for an org with a company there (spec 002 §2.7); without one, for every org (the invoice is recorded locally).
 */
const canInvoice = (status: AccountingStatus, qboId: string | null) => status === 'notConfigured' || qboId !== null;

/** A case as the invoicing screen lists it (spec 002 §3 "Invoiceable org group"). */
function caseAnswer(costed: CostedCase, qboId: string | null): InvoiceableOrg['Cases'][number] {
  const { row, cost, expenses } = costed;
  return {
    Id: row.Id,
    CaseNumber: row.CaseNumber,
    Subject: { FirstName: row.SubjectFirstName ?? '', LastName: row.SubjectLastName ?? '' },
    CompletionDate: new Date(row.CompletionDate!).toISOString(),
    Discontinued: isDiscontinued(row),
    QboId: qboId,
    BaseCost: cost.BaseCost,
    FeeAmount: cost.FeeAmount,
    ExpensesTotal: cost.Expenses,
    TotalCost: cost.Total,
    Expenses: expenses,
  };
}

/** The accounting service's lines of an invoice: one per case (base cost and fee), one per passthrough expense. */
function invoiceLines(costed: readonly CostedCase[], ssnOf: ReadonlyMap<number, string>): AccountingInvoiceLine[] {
  const lines: AccountingInvoiceLine[] = [];
  for (const { row, cost, expenses } of costed) {
    const name = [row.SubjectFirstName, row.SubjectLastName].filter(Boolean).join(' ');
    const ssn = ssnOf.get(row.Id);
    const who = `${name}${ssn ? ` (SSN ${ssn})` : ''}`;
    lines.push({ caseId: row.Id, description: `${row.CaseNumber} ${who}${isDiscontinued(row) ? ' (discontinued)' : ''}`.trim(), amount: sumMoney([cost.BaseCost, cost.FeeAmount]) });
    for (const expense of expenses.filter((e) => e.Passthrough)) {
      lines.push({ caseId: row.Id, description: `${row.CaseNumber} ${expense.ExpenseType.Description} (${expense.Units} ${expense.ExpenseType.UOM.Description})`.trim(), amount: expense.Total });
    }
  }
  return lines;
}

/** Whether a text is a real calendar day YYYY-MM-DD. */
const isDay = (text: string) => {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
};

const uniqueViolation = (error: unknown) => typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/**
 * Invoicing (spec 002 §2.7, §7 "Invoices"; issue 13 item 3): the orgs with billable cases, the uninvoiced cases of
 * chosen orgs with what each costs (server/billing/caseCost.ts), and Create Invoice. A case is invoiced once: the
 * create locks its cases (SELECT … FOR UPDATE) in one transaction and refuses with 409 when any is invoiced already —
 * two clicks or two browsers at once give one invoice — and invoice_cases.Case_Id is unique besides. The invoice is
 * recorded locally, then sent to the accounting service when it is connected; a refusal there undoes the local
 * invoice (the cases are free again) and answers 502.
 */
export const invoicingArea: ApiArea = {
  name: 'invoicing',
  routes: [
    ...operationRoutes(invoiceOperations, {
      async billableOrgs(request) {
        const { db } = request.server;
        const scope = await orgScopeOf(db, authOf(request));
        const billed = uninvoicedCases(db).select('Client_Id').distinct();
        const rows = await db.selectFrom('orgs').select(['Id', 'Name']).where('Id', 'in', billed).orderBy('Name').execute();
        return rows.filter((org) => inScope(scope, org.Id));
      },
      async createInvoice(request) {
        const { db, services } = request.server;
        const auth = authOf(request);
        const caseIds = [...new Set(request.body.Case_Ids)];
        const invoiceDate = request.body.InvoiceDate ?? isoDay(services.now());
        if (!isDay(invoiceDate)) throw badRequest(T.invalidDate);

        // What can be told before any lock: the cases exist in the caller's scope, are billable, and of one org.
        const scope = await orgScopeOf(db, auth);
        const found = await db.selectFrom('cases').select(['Id', 'CaseNumber', 'Client_Id', 'WorkflowState', 'CompletionDate']).where('Id', 'in', caseIds).execute();
        if (found.length !== caseIds.length || found.some((c) => !inScope(scope, c.Client_Id))) throw notFound(T.unknownCases);
        const orgIds = new Set(found.map((c) => c.Client_Id));
        if (orgIds.size !== 1) throw badRequest(T.oneOrg);
        const notBillable = found.filter((c) => !BILLABLE.includes(c.WorkflowState) || c.CompletionDate === null);
        if (notBillable.length) throw badRequest(T.notBillable(notBillable.map((c) => c.CaseNumber)));
        const orgId = found[0].Client_Id;
        const org = await db.selectFrom('orgs').select(['Id', 'Name', 'QboId', 'IncludeLast4SSN']).where('Id', '=', orgId).executeTakeFirstOrThrow();
        const status = await services.accounting.status(db);
        if (!canInvoice(status, org.QboId)) throw badRequest(T.noCompany);
        if (status === 'notAuthorised') throw badRequest(T.notConnected);

        const ssnOf = new Map<number, string>();
        if (org.IncludeLast4SSN) {
          const subjects = await db.selectFrom('case_subjects').select(['Case_Id', 'SSNCipher', 'SSNKeyId']).where('Case_Id', 'in', caseIds).execute();
          for (const s of subjects) {
            const ssn = services.ssn.open(s);
            if (ssn) ssnOf.set(s.Case_Id, ssn.slice(-4));
          }
        }

        const sendsToAccounting = status === 'connected' && org.QboId !== null;
        let recorded: { invoice: Invoice; lines: AccountingInvoiceLine[] };
        try {
          recorded = await db.transaction().execute(async (trx) => {
            // The lock: a second create of any of these cases waits here, then reads them invoiced and is refused.
            const rows = (await trx
              .selectFrom('cases')
              .select([...COSTED_CASE_COLUMNS])
              .where('Id', 'in', caseIds)
              .orderBy('Id')
              .forUpdate()
              .execute()) as CostedCaseRow[];
            const invoiced = rows.filter((r) => r.Invoice_Id !== null);
            if (invoiced.length) throw conflict(T.alreadyInvoiced(invoiced.map((r) => r.CaseNumber)));
            const costed = await costCases(trx as Database, rows);
            const total = sumMoney(costed.map((c) => c.cost.Total));
            const lines = invoiceLines(costed, ssnOf);
            const { Id } = await trx
              .insertInto('invoices')
              .values({ Org_Id: orgId, InvoiceDate: invoiceDate, QboInvoiceId: null, Total: total, CreatedBy_Id: auth.userId })
              .returning('Id')
              .executeTakeFirstOrThrow();
            await trx.insertInto('invoice_cases').values(costed.map((c) => ({ Invoice_Id: Id, Case_Id: c.row.Id, Amount: c.cost.Total }))).execute();
            await trx
              .insertInto('invoice_lines')
              .values(lines.map((l, i) => ({ Invoice_Id: Id, LineNumber: i + 1, Case_Id: l.caseId, Description: l.description, Amount: l.amount })))
              .execute();
            await trx.updateTable('cases').set({ Invoice_Id: Id }).where('Id', 'in', caseIds).execute();
            const cases = costed.map((c) => ({ Case_Id: c.row.Id, CaseNumber: c.row.CaseNumber, Amount: c.cost.Total }));
            await audit(trx, { userId: auth.userId, entity: 'invoices', entityId: Id, action: 'create', fields: ['Org_Id', 'InvoiceDate', 'Total', 'Cases', ...(ssnOf.size ? ['Subject.SSN (last 4)'] : [])] });
            // Final now unless it goes to the accounting service, whose refusal undoes it: then raised with its QBO id below.
            if (!sendsToAccounting) await raiseInvoiceCreated(trx as Database, { Id, Org_Id: orgId, InvoiceDate: invoiceDate, Total: total, Case_Ids: caseIds, QboInvoiceId: null });
            const answerLines = lines.map((l) => ({ Case_Id: l.caseId, Description: l.description, Amount: l.amount }));
            return { invoice: { Id, Org_Id: orgId, OrgName: org.Name, InvoiceDate: invoiceDate, Total: total, QboInvoiceId: null, Cases: cases, Lines: answerLines }, lines };
          });
        } catch (error) {
          // The unique Case_Id of invoice_cases, should a write ever get past the lock.
          if (uniqueViolation(error)) throw conflict(T.alreadyInvoiced(found.map((c) => c.CaseNumber)));
          throw error;
        }

        const { invoice, lines } = recorded;
        if (status !== 'connected' || org.QboId === null) return invoice;
        try {
          const sent = await services.accounting.createInvoice(db, { customerId: org.QboId, invoiceDate, docNumber: String(invoice.Id), lines });
          await db.transaction().execute(async (trx) => {
            await trx.updateTable('invoices').set({ QboInvoiceId: sent.id }).where('Id', '=', invoice.Id).execute();
            await raiseInvoiceCreated(trx as Database, { Id: invoice.Id, Org_Id: orgId, InvoiceDate: invoiceDate, Total: invoice.Total, Case_Ids: caseIds, QboInvoiceId: sent.id });
          });
          return { ...invoice, QboInvoiceId: sent.id };
        } catch (error) {
          request.log.error({ err: error, detail: (error as { detail?: unknown }).detail, invoiceId: invoice.Id }, 'The accounting service refused an invoice; the local invoice is undone');
          // Deleting the invoice frees its cases (invoice_cases cascade, cases.Invoice_Id set null by the foreign key).
          await db.transaction().execute(async (trx) => {
            await trx.deleteFrom('invoices').where('Id', '=', invoice.Id).execute();
            await audit(trx, { userId: auth.userId, entity: 'invoices', entityId: invoice.Id, action: 'undo', fields: [] });
          });
          throw new HttpError(502, T.accountingFailed, { Message: T.accountingFailed });
        }
      },
      async invoiceableCases(request) {
        const { db, services } = request.server;
        const orgIds = request.body.Org_Ids;
        if (orgIds.length === 0) return [];
        const scope = await orgScopeOf(db, authOf(request));
        const orgs = await db.selectFrom('orgs').select(['Id', 'Name', 'QboId']).where('Id', 'in', orgIds).execute();
        const byId = new Map(orgs.map((o) => [o.Id, o]));
        for (const id of orgIds) if (!byId.has(id) || !inScope(scope, id)) throw notFound(T.unknownOrg(id));
        const [status, rows] = await Promise.all([
          services.accounting.status(db),
          uninvoicedCases(db)
            .select([...COSTED_CASE_COLUMNS])
            .where('Client_Id', 'in', orgIds)
            .orderBy('CompletionDate', 'desc')
            .orderBy('Id', 'desc')
            .execute() as Promise<CostedCaseRow[]>,
        ]);
        const costed = await costCases(db, rows);
        return orgIds.map((id) => {
          const org = byId.get(id)!;
          return {
            Org_Id: org.Id,
            OrgName: org.Name,
            QboId: org.QboId,
            CanInvoice: canInvoice(status, org.QboId),
            Cases: costed.filter((c) => c.row.Client_Id === id).map((c) => caseAnswer(c, org.QboId)),
          };
        });
      },
    }),
  ],
};

const H = Texts.invoices.history;

/**
 * The invoice history (issue 22 §2), the `invoice-history` declaration's store: one page of the invoices the caller's
 * org scope holds, newest invoice date first (oldest first when asked), filtered by an org with the orgs below it and
 * a range of invoice dates (days, both included); a bounded count. Index `invoices_org_date` (migration 021) serves
 * one org's invoices in date order, `invoices_date` every org's; the case count reads `invoice_cases`' primary key.
 */
export const invoiceHistoryStore = defineStore({
  summaries: {
    list:
      'One page of the invoices already created, newest invoice date first, within the caller\'s org scope: filters Org_Id (the org and ' +
      'the orgs below it), From and To (invoice dates, YYYY-MM-DD, both included); each with its org, total, case count, ' +
      'the accounting service\'s id (QboInvoiceId, null when recorded in Dossier only) and who created it. 400 ModelState To when To is before From',
  },
  responses: {
    list: {
      type: 'object',
      properties: {
        Invoices: { type: 'array', items: { $ref: 'invoiceSummary.json' } },
        total: { type: 'integer' },
        totalIsExact: { type: 'boolean' },
        pageCount: { type: 'integer' },
        page: { type: 'integer' },
      },
    },
  },
  async list(context, query) {
    const asked = query as unknown as InvoiceListQuery;
    const { Org_Id: orgId, From: from, To: to } = asked.additional ?? {};
    if (from && to && to < from) throw ValidationError.field('To', H.toBeforeFrom);
    const { db } = context;
    const scope = await orgScopeOf(db, context.auth);
    let base = db.selectFrom('invoices as v');
    // The caller's scope, and within it the org asked for with the orgs below it (an org outside the scope finds nothing).
    if (!scope.all) base = base.where('v.Org_Id', 'in', [0, ...scope.ids]);
    // An org that does not exist has no subtree: 0 (no org's id) keeps the list of ids from being empty, as above.
    if (orgId) base = base.where('v.Org_Id', 'in', [0, ...(await orgSubtreeIds(db, orgId))]);
    if (from) base = base.where('v.InvoiceDate', '>=', from);
    if (to) base = base.where('v.InvoiceDate', '<=', to);
    const pageSize = asked.pageSize ?? PageSizes.DEFAULT;
    const counted = await countedPage(db, base.select('v.Id'), Limits.COUNT_BOUND, { page: asked.page ?? 0, pageSize });
    const direction = asked.sorted?.[0]?.desc === false ? 'asc' : 'desc';
    const rows = await base
      .innerJoin('orgs as o', 'o.Id', 'v.Org_Id')
      .leftJoin('users as u', 'u.Id', 'v.CreatedBy_Id')
      .select((eb) => [
        'v.Id',
        'v.Org_Id',
        'o.Name as OrgName',
        'v.InvoiceDate',
        'v.Total',
        'v.QboInvoiceId',
        'v.CreatedDate',
        'u.FirstName',
        'u.LastName',
        eb.selectFrom('invoice_cases as ic').select((inner) => inner.fn.countAll<string | number>().as('n')).whereRef('ic.Invoice_Id', '=', 'v.Id').as('CaseCount'),
      ])
      .orderBy('v.InvoiceDate', direction)
      .orderBy('v.Id', direction)
      .limit(pageSize)
      .offset(counted.page * pageSize)
      .execute();
    const invoices: InvoiceSummary[] = rows.map((row) => ({
      Id: row.Id,
      Org_Id: row.Org_Id,
      OrgName: row.OrgName,
      InvoiceDate: String(row.InvoiceDate),
      Total: Number(row.Total),
      CaseCount: Number(row.CaseCount ?? 0),
      QboInvoiceId: row.QboInvoiceId,
      CreatedBy: row.LastName ? `${row.FirstName ?? ''} ${row.LastName}`.trim() : null,
      CreatedDate: new Date(row.CreatedDate).toISOString(),
    }));
    return { Invoices: invoices, total: counted.total, totalIsExact: counted.exact, pageCount: counted.pageCount, page: counted.page };
  },
});

/**
 * The lines of one invoice of the history (`invoice-lines`), in order, each with its case's number: 404 for an invoice
 * that does not exist or lies outside the caller's org scope (the two are not told apart).
 */
export const invoiceLinesStore = defineStore({
  summaries: { list: 'The lines of an invoice in order (LineNumber, Case_Id, CaseNumber, Description, Amount); 404 for an invoice outside the caller\'s org scope' },
  async list(context) {
    const { db } = context;
    const invoiceId = Number(context.parentKey);
    const invoice = await db.selectFrom('invoices').select(['Id', 'Org_Id']).where('Id', '=', invoiceId).executeTakeFirst();
    if (!invoice || !inScope(await orgScopeOf(db, context.auth), invoice.Org_Id)) throw notFound(H.unknown(invoiceId));
    const rows = await db
      .selectFrom('invoice_lines as l')
      .innerJoin('cases as c', 'c.Id', 'l.Case_Id')
      .select(['l.Invoice_Id', 'l.LineNumber', 'l.Case_Id', 'c.CaseNumber', 'l.Description', 'l.Amount'])
      .where('l.Invoice_Id', '=', invoiceId)
      .orderBy('l.LineNumber')
      .execute();
    return rows.map((row): InvoiceLine => ({ ...row, Amount: Number(row.Amount) }));
  },
});
