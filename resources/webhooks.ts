import { PageSizes, Webhooks } from '../shared/constants.js';
import { Permissions } from '../shared/permissions.js';
import endpointSchema from '../schemas/webhookEndpoint.json' with { type: 'json' };
import deliverySchema from '../schemas/webhookDelivery.json' with { type: 'json' };
import type { ObjectSchema } from '../schemas/index.js';
import { anyOf } from '../shared/access.js';
import { defineResource } from './declaration.js';
import { defineOperations } from './operation.js';

/** Registering webhooks is securing the firm's data going out: the administrators of security (docs/decisions.md "Webhooks"). */
const ADMIN = Permissions.Admin.ADMIN_SECURITY;
const BASE = '/api/webhooks';

/** The webhooks contract's named operation: Redeliver a delivery of the log. Handler: server/webhooks/routes.ts. */
export const webhookOperations = defineOperations({
  redeliver: {
    method: 'POST',
    path: `${BASE}/:id/deliveries/:deliveryId/redeliver`,
    access: anyOf(ADMIN),
    summary: 'Queue a delivered or failed delivery again (409 while pending); answers the delivery',
    answer: 'webhookDelivery.json',
  },
});

/**
 * Webhooks (Admin › Webhooks, issue 26 §3): the endpoints signed event deliveries go to — URL (https unless
 * WEBHOOKS_ALLOW_HTTP), write-only secret, the events heard, the org whose subtree they come from (none: the whole
 * firm), active. A row expands into its delivery log (`webhook-deliveries`). Store: server/webhooks/endpointStore.ts.
 */
export default defineResource({
  name: 'webhooks',
  key: 'Id',
  route: '/webhooks',
  schema: endpointSchema as ObjectSchema,
  title: 'Webhooks',
  menu: { group: 'admin', order: 9.5 },
  recordRepresentation: (r) => String(r.Url ?? ''),
  operations: {
    list: { method: 'GET', path: BASE },
    one: { method: 'GET', path: `${BASE}/:id` },
    create: { method: 'POST', path: BASE },
    update: { method: 'PUT', path: `${BASE}/:id` },
    delete: { method: 'DELETE', path: `${BASE}/:id` },
  },
  named: webhookOperations,
  paging: 'browser',
  permissions: { view: [ADMIN], create: [ADMIN], edit: [ADMIN], delete: [ADMIN] },
  remove: { kind: 'delete' },
  list: {
    pageSize: PageSizes.DEFAULT,
    sort: { field: 'Url', order: 'ASC' },
  },
  form: { fields: ['Url', 'Description', 'Secret', 'EventTypes', 'Org_Id', 'Active'] },
  subResources: ['webhook-deliveries'],
  callbacks: {
    // An empty secret on an edit keeps the current one: it is not sent.
    beforeSave: (data) => {
      const { Secret, ...rest } = data;
      return typeof Secret === 'string' && Secret !== '' ? { ...rest, Secret } : rest;
    },
  },
});

/** A webhook's delivery log (newest first, the latest Webhooks.LOG_LIMIT): status, attempts, last error, response time. */
export const webhookDeliveries = defineResource({
  name: 'webhook-deliveries',
  key: 'Id',
  schema: deliverySchema as ObjectSchema,
  title: 'Delivery log',
  menu: { group: 'none', order: 0 },
  recordRepresentation: (r) => `${String(r.EventType ?? '')} #${String(r.Event_Id ?? '')}`,
  parent: { resource: 'webhooks', field: 'Endpoint_Id' },
  operations: { list: { method: 'GET', path: `${BASE}/:Endpoint_Id/deliveries` } },
  paging: 'browser',
  permissions: { view: [ADMIN] },
  remove: { kind: 'none' },
  list: {
    pageSize: Webhooks.LOG_PAGE_SIZE,
    sort: { field: 'Id', order: 'DESC' },
  },
  form: { fields: [] },
});
