import type { ApiRecord } from '../../resources/declaration.js';
import { defineStore, type StoreContext } from '../resources/store.js';
import type { Database } from '../db/database.js';
import { HttpError, forbidden, type ModelStateBuilder } from '../http/errors.js';
import { orgChain } from '../orgs/inheritance.js';
import { appliedRanges } from '../orgs/caseTypes.js';
import { day } from '../orgs/orgRecords.js';
import { inScope, orgScopeOf } from '../orgs/scope.js';
import { activeRule } from '../../shared/deadlines.js';
import { isoDay } from '../../shared/format.js';
import { PageSizes } from '../../shared/constants.js';
import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import { assertCaseEditable } from './caseAccess.js';
import { insertNumbered } from './caseNumbers.js';
import { isMaskedSsn, maskSsn } from '../../shared/ssn.js';
import { auditSsnRead, presentSsn, ssnColumnsFor, ssnShownTo, SSN_COLUMNS, type StoredSsn } from './subjectSsn.js';
import type { SsnVault } from '../security/ssnVault.js';
import { addDefaultParameters } from './parameters.js';
import { noticeCase } from './caseNotices.js';
import { caseRecordInScope, shapeCaseRecord } from './caseRecord.js';
import { addRequiredSections } from '../items/itemDetail.js';
import { searchCases, type CasesQuery } from './caseSearch.js';
import { caseControls, recordHistory } from './workflow.js';

const P = Permissions.Cases;
const T = Texts.cases.server;

/** The case fields a user may change only with their own permission (spec 001 §5), and the field's name. */
const GUARDED: readonly [field: string, label: string, permission: string][] = [
  ['RequestingOfficial_Id', 'requesting official', P.CHANGE_REQUESTING_OFFICIAL],
  ['DataEntryClerk_Id', 'data entry clerk', P.ASSIGN_DATA_ENTRY],
  ['Reviewer_Id', 'reviewer', P.ASSIGN_REVIEWER],
  ['CompletionDate', 'completion date', P.EDIT_CASE_COMPLETION_DATE],
  ['CaseType_Id', 'case type', P.CHANGE_CASE_TYPE],
  ['DueDate', 'critical date', P.EDIT_CASE_CRITICAL_DATE],
];

const USER_FIELDS: readonly [field: string, label: string][] = [
  ['RequestingOfficial_Id', 'Requesting Official'],
  ['DataEntryClerk_Id', 'Data Entry Clerk'],
  ['Reviewer_Id', 'Reviewer'],
];

const sameValue = (a: unknown, b: unknown) => String(a ?? '').slice(0, 10) === String(b ?? '').slice(0, 10) && (a == null) === (b == null);

/** The org's case type (own or inherited) active today, with its template; null when the org does not offer it. */
async function offeredCaseType(db: Database, orgId: number, caseTypeId: number, today: string) {
  const ranges = (await appliedRanges(db, await orgChain(db, orgId))).filter((r) => r.CaseType_Id === caseTypeId);
  return activeRule(ranges, today);
}

export interface Subject {
  FirstName: string;
  MiddleName?: string | null;
  LastName: string;
  SSN: string;
}

/**
 * A subject's names and SSN as stored: trimmed, an empty middle name none, the SSN sealed — or kept, when the masked
 * value the caller was shown comes back unchanged (`stored`: the subject's SSN columns as they are; `field`: where a
 * refused SSN is reported).
 */
export const subjectRow = (vault: SsnVault, subject: Subject, stored: StoredSsn | null, field: string) => ({
  FirstName: subject.FirstName.trim(),
  MiddleName: subject.MiddleName?.trim() || null,
  LastName: subject.LastName.trim(),
  ...ssnColumnsFor(vault, subject.SSN, stored, field),
});

/**
 * An update's subject with its SSN as the caller was shown it when they sent it back unchanged (the mask of a whole
 * SSN they may read, say): the change then names only what changed, and the stored SSN stays as it is.
 */
function withShownSsn(values: ApiRecord, existing: ApiRecord | null): ApiRecord {
  const subject = values.CaseSubject as Subject | undefined;
  const shown = (existing?.CaseSubject as Subject | null | undefined)?.SSN;
  if (!subject || !shown || !isMaskedSsn(subject.SSN) || subject.SSN !== maskSsn(shown)) return values;
  return { ...values, CaseSubject: { ...subject, SSN: shown } };
}

/** A case's subject's SSN columns as stored (null when the case has no subject). */
export const storedSsnOf = (db: Database, caseId: number) =>
  db.selectFrom('case_subjects').select(SSN_COLUMNS).where('Case_Id', '=', caseId).executeTakeFirst().then((row) => row ?? null);

/**
 * Cases that would duplicate a new one: same org, same subject last name (any letter case) and SSN, not
 * discontinued (spec: "checks duplicates"). Read inside the create's transaction.
 */
async function duplicatesOf(db: Database, vault: SsnVault, orgId: number, subject: Subject) {
  return db
    .selectFrom('cases as c')
    .innerJoin('case_subjects as s', 's.Case_Id', 'c.Id')
    .select(['c.Id', 'c.CaseNumber'])
    .where('c.Client_Id', '=', orgId)
    .where('c.WorkflowState', '!=', 'DISCONTINUED')
    .where((eb) => eb(eb.fn('lower', ['s.LastName']), '=', subject.LastName.trim().toLowerCase()))
    .where('s.SSNHash', 'in', vault.hashes(subject.SSN.trim()))
    .limit(5)
    .execute();
}

async function checkUsers(context: StoreContext, values: ApiRecord, errors: ModelStateBuilder) {
  const ids = USER_FIELDS.map(([field]) => values[field]).filter((v): v is number => typeof v === 'number');
  if (!ids.length) return;
  const found = new Set((await context.db.selectFrom('users').select('Id').where('Id', 'in', ids).execute()).map((u) => u.Id));
  for (const [field, label] of USER_FIELDS) if (typeof values[field] === 'number' && !found.has(values[field])) errors.add(field, T.userUnknown(label));
}

/**
 * Cases (spec 001 §2, §3, §4): the `cases` declaration's store. The list is the server-paged search; reading a
 * case outside the caller's org scope is a 404. A new case gets the next number of the year, the org case type's
 * template and its Auto Add items, and starts AWAITING_CASE_PAPERS; a subject like an open case's of the org is a
 * 409 `IsDuplicate` unless CreateDuplicate. Changing a case obeys the data-entry lock, the inactive-case rule and
 * the per-field permissions; the workflow's own fields change only through the workflow calls (routes.ts).
 */
export const casesStore = defineStore({
  audit: { entity: 'cases' },
  responses: {
    list: {
      type: 'object',
      properties: {
        cases: { type: 'array', items: { $ref: 'caseRow.json' } },
        pageCount: { type: 'integer' },
        total: { type: 'integer' },
        totalIsExact: { type: 'boolean' },
        page: { type: 'integer' },
        Columns: {
          type: 'object',
          description: 'How the caller sees the columns: those left out (column permissions) and header labels (CD, or ACD for investigators)',
          properties: { hidden: { type: 'array', items: { type: 'string' } }, labels: { type: 'object', additionalProperties: { type: 'string' } } },
        },
      },
    },
  },
  summaries: {
    list: 'One page of cases (page, pageSize, sorted, filtered, additional) in the caller\'s org scope; answers cases, pageCount, total',
    one: 'One case with its case type, contract type, org and subject',
    create: 'Create a case (409 with IsDuplicate when the org has an open case of the same subject, unless CreateDuplicate); answers it with its CaseNumber',
    update: 'Change a case\'s fields (not its org or workflow state); answers it',
    delete: 'Delete a case with its subject, papers, messages and items; answers it',
  },
  async list(context, query) {
    const scope = await orgScopeOf(context.db, context.auth);
    const asked = (query ?? {}) as CasesQuery;
    return searchCases(context.db, context.auth, scope, { ...asked, page: asked.page ?? 0, pageSize: asked.pageSize ?? PageSizes.CASES });
  },
  async read(context, key, purpose) {
    // The case is read once: its record carries what the scope check and the steps read of it.
    const { row, record: found } = await caseRecordInScope(context.db, context.auth, Number(key));
    if (purpose === 'update') await assertCaseEditable(context.db, context.auth, row);
    const vault = context.request.server.services.ssn;
    // The case page asks for the masked SSN (`?ssn=masked`) whoever reads it: a whole one comes only by Reveal.
    const shown = context.query.ssn === 'masked' ? 'masked' : ssnShownTo(context.auth);
    const record = shapeCaseRecord(found, (stored) => presentSsn(vault, stored, shown));
    // An answer that carries a whole SSN is a read of it (not the look before a change, which answers nothing).
    if (purpose === 'read' && shown === 'full' && (record.Subject as { SSN?: string | null } | null)?.SSN) await auditSsnRead(context.db, row.Id, 'read-ssn');
    // The steps the caller may take and why they may not change the case: the server's rules, shown by the page.
    return { ...record, ...(await caseControls(context.db, context.auth, row)) };
  },
  async validate(context, values, existing, errors) {
    const today = isoDay(context.now);
    await checkUsers(context, values, errors);
    if (!existing) {
      const orgId = Number(values.Client_Id);
      const scope = await orgScopeOf(context.db, context.auth);
      const org = await context.db.selectFrom('orgs').select('Id').where('Id', '=', orgId).executeTakeFirst();
      if (!org || !inScope(scope, orgId)) errors.add('Client_Id', T.clientRequired);
      else if (!(await offeredCaseType(context.db, orgId, Number(values.CaseType_Id), today))) errors.add('CaseType_Id', T.caseTypeNotOffered);
      return;
    }
    for (const [field, label, permission] of GUARDED) {
      if (field in values && !sameValue(values[field], existing[field]) && !context.auth.can(permission)) throw forbidden(T.notPermitted(label));
    }
    if ('CaseType_Id' in values && values.CaseType_Id !== existing.CaseType_Id && !(await offeredCaseType(context.db, Number(existing.Client_Id), Number(values.CaseType_Id), today))) {
      errors.add('CaseType_Id', T.caseTypeNotOffered);
    }
    // The form's dates, once a case has them, stay filled (spec 001 §5).
    for (const [field, label] of [['ReceivedDate', 'Received Date'], ['ScheduledDate', 'Scheduled Date']] as const) {
      if (field in values && !values[field] && existing[field]) errors.add(field, `${label} is required.`);
    }
    const state = String(existing.WorkflowState);
    const completion = 'CompletionDate' in values ? values.CompletionDate : existing.CompletionDate;
    if ((state === 'DISCONTINUED' || state === 'COMPLETE') && !completion) errors.add('CompletionDate', T.completionRequired);
  },
  async beforeWrite(context, action, values, existing) {
    if (action === 'update') return withShownSsn(values, existing);
    // Only a new case is checked for duplicates (a delete has no subject to compare).
    if (action !== 'create' || values.CreateDuplicate === true) return values;
    const duplicates = await duplicatesOf(context.db, context.request.server.services.ssn, Number(values.Client_Id), values.CaseSubject as Subject);
    if (duplicates.length) throw new HttpError(409, T.duplicate, { Message: T.duplicate, IsDuplicate: true, Duplicates: duplicates });
    return values;
  },
  async insert(context, values) {
    const { db, now, auth } = context;
    const orgId = Number(values.Client_Id);
    const caseTypeId = Number(values.CaseType_Id);
    const range = await offeredCaseType(db, orgId, caseTypeId, isoDay(now));
    const org = await db.selectFrom('orgs').select('ContractType_Id').where('Id', '=', orgId).executeTakeFirstOrThrow();
    const subject = values.CaseSubject as Subject;
    const { Id } = await insertNumbered(db, now, (CaseNumber) => db
      .insertInto('cases')
      .values({
        CaseNumber,
        Client_Id: orgId,
        RequestingOfficial_Id: (values.RequestingOfficial_Id as number | null) ?? null,
        ContractType_Id: org.ContractType_Id,
        DataEntryClerk_Id: (values.DataEntryClerk_Id as number | null) ?? null,
        Reviewer_Id: (values.Reviewer_Id as number | null) ?? null,
        Notes: (values.Notes as string | null) ?? null,
        WorkflowState: 'AWAITING_CASE_PAPERS',
        ReceivedDate: day(values.ReceivedDate) ?? isoDay(now),
        ScheduledDate: day(values.ScheduledDate),
        CaseType_Id: caseTypeId,
        CaseTemplate_Id: range?.CaseTemplate_Id ?? null,
      })
      .returning('Id')
      .executeTakeFirstOrThrow());
    await db
      .insertInto('case_subjects')
      .values({ Case_Id: Id, ...subjectRow(context.request.server.services.ssn, subject, null, 'CaseSubject.SSN') })
      .execute();
    if (range?.CaseTemplate_Id) {
      const autoAdd = await db.selectFrom('case_template_items').select(['ItemType_Id', 'ShowInReport']).where('CaseTemplate_Id', '=', range.CaseTemplate_Id).where('AutoAdd', '=', true).orderBy('DisplayOrder').execute();
      if (autoAdd.length) {
        const added = await db
          .insertInto('items')
          .values(autoAdd.map((item, i) => ({ Case_Id: Id, DisplayOrder: i + 1, ItemType_Id: item.ItemType_Id, ShowInReport: item.ShowInReport, ItemStatus: 'AWAITING_ASSIGNMENT' })))
          .returning(['Id', 'ItemType_Id'])
          .execute();
        // Each item starts with its template's required sections, as an item added later does (a case template has a handful).
        for (const item of added) await addRequiredSections(db, item.Id, item.ItemType_Id);
      }
    }
    await addDefaultParameters(db, Id);
    await recordHistory(db, Id, null, 'AWAITING_CASE_PAPERS', 'create', auth.userId);
    return Id;
  },
  async change(context, key, values, existing) {
    const set: Record<string, unknown> = { UpdatedDate: context.now };
    for (const field of ['RequestingOfficial_Id', 'DataEntryClerk_Id', 'Reviewer_Id', 'Notes', 'CaseType_Id']) if (field in values) set[field] = values[field] ?? null;
    for (const field of ['ReceivedDate', 'ScheduledDate', 'DueDate']) if (field in values) set[field] = day(values[field]);
    if ('CompletionDate' in values && !sameValue(values.CompletionDate, existing.CompletionDate)) set.CompletionDate = values.CompletionDate ?? null;
    await context.db.updateTable('cases').set(set).where('Id', '=', Number(key)).execute();
    // The case form saves its subject with the case (spec 001 §7: "sent together"), in the same transaction.
    const subject = values.CaseSubject as Subject | undefined;
    if (subject) {
      const stored = await storedSsnOf(context.db, Number(key));
      await context.db
        .updateTable('case_subjects')
        .set(subjectRow(context.request.server.services.ssn, subject, stored, 'CaseSubject.SSN'))
        .where('Case_Id', '=', Number(key))
        .execute();
    }
  },
  async remove(context, key) {
    await context.db.deleteFrom('cases').where('Id', '=', Number(key)).execute();
  },
  async afterWrite(context, action, key) {
    if (action !== 'delete') await noticeCase(context.db, Number(key), action === 'create' ? 'caseCreated' : 'caseUpdated', context.auth.userId);
  },
});
