/**
 * The events a webhook endpoint may hear (issue 26 §3), as they are named in a delivery's body (`type`) and in an
 * endpoint's EventTypes, and the names the Admin screen shows. The server raises them (server/webhooks/events.ts).
 */
export const WEBHOOK_EVENT_TYPES = ['case.created', 'case.state_changed', 'item.status_changed', 'item.submitted', 'report.ready', 'invoice.created'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'case.created': 'Case created',
  'case.state_changed': 'Case state changed',
  'item.status_changed': 'Item status changed',
  'item.submitted': 'Item submitted',
  'report.ready': 'Report of investigation ready',
  'invoice.created': 'Invoice created',
};

/** Where a delivery stands: waiting or being retried, delivered (a 2xx answer), or given up after the retry window. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WEBHOOK_DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
};

/** The header a delivery is signed in: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. */
export const WEBHOOK_SIGNATURE_HEADER = 'Dossier-Signature';
