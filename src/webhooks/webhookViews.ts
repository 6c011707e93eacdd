import type { ResourceViews } from '../resources/views.js';
import { sideList } from '../resources/SchemaList.js';
import { DELIVERY_TEXTS, WEBHOOK_TEXTS } from './webhookTexts.js';

const lists = () => import('./WebhookLists.js');

/** Webhooks (Admin › Webhooks, issue 26 §3): the endpoints, each row expanding into its delivery log. */
export const webhooksViews: ResourceViews = { list: sideList(lists, (m) => m.WebhookList), texts: WEBHOOK_TEXTS };

/** A webhook's delivery log: status, attempts, answer, response time, last error, and Redeliver. */
export const webhookDeliveriesViews: ResourceViews = { list: sideList(lists, (m) => m.DeliveryLogList), texts: DELIVERY_TEXTS };

