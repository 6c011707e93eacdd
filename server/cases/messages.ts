import type { Database } from '../db/database.js';
import { authOf } from '../http/access.js';
import { notFound } from '../http/errors.js';
import { type ApiArea } from '../http/route.js';
import { operationRoutes } from '../http/operationRoutes.js';
import { caseOperations } from '../../resources/caseOperations.js';
import { defineStore } from '../resources/store.js';
import { clientOrgsOf, orgChain } from '../orgs/inheritance.js';
import { Texts } from '../../shared/texts/index.js';
import { caseInScope } from './caseAccess.js';

const T = Texts.cases;

const person = (u: { Id: number; FirstName: string; LastName: string }) => ({ Id: u.Id, FirstName: u.FirstName, LastName: u.LastName, Name: `${u.FirstName} ${u.LastName}` });

/**
 * Who may receive a case's messages: the people on the case (requesting official, data-entry clerk, reviewer, the
 * items' investigators) and the client org's users (the case's org and the orgs above it, below the top org, as
 * the org's Users tab lists them); never the sender. Sorted by last name.
 */
export async function recipientsOf(db: Database, caseId: number, senderId: number) {
  const row = await db.selectFrom('cases').select(['Client_Id', 'RequestingOfficial_Id', 'DataEntryClerk_Id', 'Reviewer_Id']).where('Id', '=', caseId).executeTakeFirstOrThrow();
  const chain = await orgChain(db, row.Client_Id);
  const clientOrgs = clientOrgsOf(chain);
  const onCase = [row.RequestingOfficial_Id, row.DataEntryClerk_Id, row.Reviewer_Id].filter((id): id is number => id !== null);
  const users = await db
    .selectFrom('users')
    .select(['Id', 'FirstName', 'LastName', 'Email'])
    .where((eb) =>
      eb.or([
        eb('Org_Id', 'in', clientOrgs),
        ...(onCase.length ? [eb('Id', 'in', onCase)] : []),
        eb('Id', 'in', eb.selectFrom('items').select('AssignedTo_Id').where('Case_Id', '=', caseId).where('AssignedTo_Id', 'is not', null).$narrowType<{ AssignedTo_Id: number }>()),
      ]),
    )
    .where('Id', '!=', senderId)
    .orderBy('LastName')
    .orderBy('FirstName')
    .execute();
  return users;
}

/** A case's messages with their sender and recipients, newest first (three queries, whatever the count). */
async function messagesOf(db: Database, caseId: number, onlyId?: number) {
  let query = db
    .selectFrom('case_messages as m')
    .innerJoin('users as u', 'u.Id', 'm.SentBy_Id')
    .select(['m.Id', 'm.Case_Id', 'm.Message', 'm.CreatedDate', 'u.Id as SenderId', 'u.FirstName', 'u.LastName'])
    .where('m.Case_Id', '=', caseId);
  if (onlyId !== undefined) query = query.where('m.Id', '=', onlyId);
  const rows = await query.orderBy('m.CreatedDate', 'desc').orderBy('m.Id', 'desc').execute();
  const ids = rows.map((r) => r.Id);
  const recipients = ids.length
    ? await db
        .selectFrom('case_message_recipients as r')
        .innerJoin('users as u', 'u.Id', 'r.User_Id')
        .select(['r.Message_Id', 'u.Id', 'u.FirstName', 'u.LastName'])
        .where('r.Message_Id', 'in', ids)
        .orderBy('u.LastName')
        .execute()
    : [];
  return rows.map(({ SenderId, FirstName, LastName, ...m }) => {
    const to = recipients.filter((r) => r.Message_Id === m.Id).map(person);
    return { ...m, SentBy: person({ Id: SenderId, FirstName, LastName }), Recipients: to, RecipientNames: to.map((r) => r.Name).join(', ') };
  });
}

/** The sender or a recipient of a message, with the name the list shows. */
const messagePerson = {
  type: 'object',
  properties: { Id: { type: 'integer' }, FirstName: { type: 'string' }, LastName: { type: 'string' }, Name: { type: 'string' } },
  required: ['Id', 'FirstName', 'LastName', 'Name'],
  additionalProperties: false,
} as const;

/**
 * A message as answered: schemas/caseMessage.json's fields, its sender and recipients as people (a send gives the
 * recipients' ids) and the recipients' names as one text, for the list.
 */
const messageResponse = {
  type: 'object',
  properties: {
    Id: { type: 'integer' },
    Case_Id: { type: 'integer' },
    Message: { type: 'string' },
    CreatedDate: { type: 'string', format: 'date-time' },
    SentBy: messagePerson,
    Recipients: { type: 'array', items: messagePerson },
    RecipientNames: { type: 'string' },
  },
  required: ['Id', 'Case_Id', 'Message', 'CreatedDate', 'SentBy', 'Recipients', 'RecipientNames'],
  additionalProperties: false,
} as const;

/**
 * The `case-messages` declaration's store: a case's messages. Sending checks every recipient against the case's
 * recipients (ModelState under Recipients), stores the message with its recipients in one transaction, then
 * e-mails each recipient through the mail layer (a failing mail server is logged; the message stands).
 */
export const caseMessagesStore = defineStore({
  responses: { record: messageResponse, list: { type: 'array', items: messageResponse } },
  audit: { entity: 'cases', entityId: (context) => context.parentKey, action: () => 'message' },
  summaries: { list: 'The messages of a case, newest first, with sender and recipients', create: 'Send a message to recipients of the case (each is e-mailed); answers it' },
  async list(context) {
    const row = await caseInScope(context.db, context.auth, Number(context.parentKey));
    return messagesOf(context.db, row.Id);
  },
  async read(context, key) {
    const caseId = Number(context.parentKey);
    await caseInScope(context.db, context.auth, caseId);
    const [message] = await messagesOf(context.db, caseId, Number(key));
    if (!message) throw notFound();
    return message;
  },
  async validate(context, values, _existing, errors) {
    const caseId = Number(context.parentKey);
    await caseInScope(context.db, context.auth, caseId);
    const allowed = new Set((await recipientsOf(context.db, caseId, context.auth.userId)).map((u) => u.Id));
    const chosen = (values.Recipients as number[] | undefined) ?? [];
    if (chosen.some((id) => !allowed.has(id))) errors.add('Recipients', T.server.notRecipient);
  },
  async insert(context, values) {
    const { Id } = await context.db
      .insertInto('case_messages')
      .values({ Case_Id: Number(context.parentKey), SentBy_Id: context.auth.userId, Message: String(values.Message).trim(), CreatedDate: context.now })
      .returning('Id')
      .executeTakeFirstOrThrow();
    const recipients = [...new Set(values.Recipients as number[])];
    await context.db.insertInto('case_message_recipients').values(recipients.map((User_Id) => ({ Message_Id: Id, User_Id }))).execute();
    return Id;
  },
  async afterCommit(context, _action, message) {
    const { services, config } = context.request.server;
    const caseId = Number(context.parentKey);
    const theCase = await context.db.selectFrom('cases').select('CaseNumber').where('Id', '=', caseId).executeTakeFirstOrThrow();
    const ids = ((message.Recipients as { Id: number }[] | undefined) ?? []).map((r) => r.Id);
    const emails = ids.length ? await context.db.selectFrom('users').select(['Id', 'Email']).where('Id', 'in', ids).execute() : [];
    const sender = `${context.auth.firstName} ${context.auth.lastName}`;
    const mail = T.messageMail(theCase.CaseNumber, sender, String(message.Message), `${config.publicUrl}/cases/${caseId}`);
    for (const { Email } of emails) {
      if (!Email) continue;
      await services.mail.send({ to: Email, ...mail }).catch((error) => context.request.log.error({ err: error }, 'case message mail could not be sent'));
    }
  },
});

/** The recipients a case's message may go to: the cases contract's `recipients` (spec 001 §7 `GET /api/cases/{id}/recipients`). */
export const caseMessagesArea: ApiArea = {
  name: 'case-messages',
  routes: operationRoutes(caseOperations, {
    async recipients(request) {
      const auth = authOf(request);
      await caseInScope(request.server.db, auth, request.params.id);
      return (await recipientsOf(request.server.db, request.params.id, auth.userId)).map(person);
    },
  }),
};
