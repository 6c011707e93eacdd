import type { ApiRecord } from '../../resources/declaration.js';
import type { ViewTexts } from '../resources/resourceTexts.js';
import { WebhookTexts as T } from '../../shared/texts/webhooks.js';

/** What the webhooks screen says (Admin › Webhooks), over the generic texts. */
export const WEBHOOK_TEXTS: ViewTexts = {
  created: () => T.created,
  updated: () => T.updated,
  deleted: () => T.deleted,
  add: () => T.add,
  createSubmit: T.createSubmit,
  editTitle: () => T.editTitle,
  editSubmit: T.editSubmit,
  empty: T.empty,
  loadFailed: T.loadFailed,
  remove: { confirmBody: (_record: ApiRecord) => T.deleteConfirm },
};

/** What a webhook's delivery log says. */
export const DELIVERY_TEXTS: ViewTexts = { empty: T.log.empty, loadFailed: T.log.loadFailed };
