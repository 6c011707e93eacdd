import { sql } from 'kysely';
import type { ApiRecord } from '../../resources/declaration.js';
import type { Database } from '../db/database.js';
import { notFound, type ModelStateBuilder } from '../http/errors.js';
import { defineStore, type StoreContext } from '../resources/store.js';
import { WebhookTexts } from '../../shared/texts/webhooks.js';
import { sealSecret } from './secretSeal.js';
import { deliveryLog } from './deliveryLog.js';

const T = WebhookTexts.server;
const SECRET_MIN = 16;

/** An endpoint as the API answers it: never its secret; its org's name and how many deliveries wait or failed. */
function endpoints(db: Database) {
  return db
    .selectFrom('webhook_endpoints as w')
    .leftJoin('orgs as o', 'o.Id', 'w.Org_Id')
    .select([
      'w.Id',
      'w.Url',
      'w.Description',
      'w.EventTypes',
      'w.Org_Id',
      'o.Name as OrgName',
      'w.Active',
      'w.CreatedDate',
      'w.UpdatedDate',
      sql<number>`(SELECT count(*) FROM webhook_deliveries d WHERE d."Endpoint_Id" = w."Id" AND d."Status" = 'pending')::int`.as('Pending'),
      sql<number>`(SELECT count(*) FROM webhook_deliveries d WHERE d."Endpoint_Id" = w."Id" AND d."Status" = 'failed')::int`.as('Failed'),
    ]);
}

async function endpointOf(db: Database, id: number) {
  const row = await endpoints(db).where('w.Id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/**
 * The URL rule: an absolute https:// address, or http:// when the configuration allows it (WEBHOOKS_ALLOW_HTTP, a
 * local receiver under test). The address is not resolved here: an administrator of security registers it.
 */
function checkUrl(context: StoreContext, url: string, errors: ModelStateBuilder): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    errors.add('Url', T.badUrl);
    return;
  }
  if (parsed.protocol === 'https:') return;
  if (parsed.protocol === 'http:' && context.request.server.config.webhooksAllowHttp) return;
  errors.add('Url', parsed.protocol === 'http:' ? T.httpsOnly : T.badUrl);
}

/** The columns a write sets from the body: the secret sealed when one is given (an edit without it keeps the old one). */
function columnsOf(context: StoreContext, values: ApiRecord) {
  const has = (field: string) => Object.prototype.hasOwnProperty.call(values, field);
  return {
    ...(has('Url') && { Url: String(values.Url).trim() }),
    ...(has('Description') && { Description: typeof values.Description === 'string' && values.Description.trim() ? values.Description.trim() : null }),
    ...(has('EventTypes') && { EventTypes: [...new Set(values.EventTypes as string[])] }),
    ...(has('Org_Id') && { Org_Id: (values.Org_Id as number | null) ?? null }),
    ...(has('Active') && { Active: Boolean(values.Active) }),
    ...(typeof values.Secret === 'string' && values.Secret !== '' && sealSecret(context.request.server.services.ssn.keyring, values.Secret)),
  };
}

/** The `webhooks` declaration's store (resources/webhooks.ts): endpoints with their secret sealed and never answered. */
export const webhooksStore = defineStore({
  summaries: {
    list: 'Every webhook endpoint (never its secret), with its org and its pending and failed deliveries',
    one: 'One webhook endpoint (never its secret)',
    create: 'Register a webhook endpoint: https URL (http only with WEBHOOKS_ALLOW_HTTP), secret, events, org, active; answers it',
    update: 'Change a webhook endpoint; without Secret the current secret stays; answers it',
    delete: 'Delete a webhook endpoint and its delivery log; answers it',
  },
  list: (context) => endpoints(context.db).orderBy('w.Url').orderBy('w.Id').execute(),
  read: (context, key) => endpointOf(context.db, Number(key)),
  async validate(context, values, existing, errors) {
    if (typeof values.Url === 'string') checkUrl(context, values.Url.trim(), errors);
    const secret = values.Secret;
    if (!existing && (typeof secret !== 'string' || secret === '')) errors.add('Secret', T.secretRequired);
    else if (typeof secret === 'string' && secret !== '' && secret.length < SECRET_MIN) errors.add('Secret', T.secretTooShort(SECRET_MIN));
    if (typeof values.Org_Id === 'number') {
      const org = await context.db.selectFrom('orgs').select('Id').where('Id', '=', values.Org_Id).executeTakeFirst();
      if (!org) errors.add('Org_Id', T.unknownOrg);
    }
  },
  async insert(context, values) {
    const columns = columnsOf(context, values);
    const { Id } = await context.db
      .insertInto('webhook_endpoints')
      .values({ Url: '', EventTypes: [], SecretCipher: '', SecretKeyId: '', ...columns, CreatedDate: context.now, UpdatedDate: context.now })
      .returning('Id')
      .executeTakeFirstOrThrow();
    return Id;
  },
  async change(context, key, values) {
    await context.db.updateTable('webhook_endpoints').set({ ...columnsOf(context, values), UpdatedDate: context.now }).where('Id', '=', Number(key)).execute();
  },
  async remove(context, key) {
    await context.db.deleteFrom('webhook_endpoints').where('Id', '=', Number(key)).execute();
  },
});

/** The `webhook-deliveries` declaration's store: an endpoint's delivery log, newest first. */
export const webhookDeliveriesStore = defineStore({
  summaries: { list: "A webhook's delivery log, newest first: event, status, attempts, last status code, response time and error" },
  async list(context) {
    const endpoint = await endpointOf(context.db, Number(context.parentKey));
    return deliveryLog(context.db, endpoint.Id);
  },
});
