import { audit } from '../audit/auditLog.js';
import type { Database } from '../db/database.js';
import { authOf } from '../http/access.js';
import { conflict, notFound } from '../http/errors.js';
import { operationRoutes } from '../http/operationRoutes.js';
import type { ApiArea } from '../http/route.js';
import { webhookOperations } from '../../resources/webhooks.js';
import { Webhooks } from '../../shared/constants.js';
import { WebhookTexts } from '../../shared/texts/webhooks.js';
import { deliveryOf } from './deliveryLog.js';

const T = WebhookTexts.server;

/**
 * The webhooks contract's Redeliver (resources/webhooks.ts): a delivered or failed delivery is due again now, retried
 * for another Webhooks.RETRY_WINDOW_MS, audited as a change of its endpoint; the worker is woken. A pending one is
 * refused (409): it may be in flight, and a second attempt beside it would deliver it twice.
 */
export const webhooksArea: ApiArea = {
  name: 'webhooks',
  routes: operationRoutes(webhookOperations, {
    async redeliver(request) {
      const { db, services } = request.server;
      const { id, deliveryId } = request.params;
      const now = services.now();
      await db.transaction().execute(async (trx) => {
        const tx = trx as Database;
        const row = await tx.selectFrom('webhook_deliveries').select(['Id', 'Status']).where('Id', '=', deliveryId).where('Endpoint_Id', '=', id).forUpdate().executeTakeFirst();
        if (!row) throw notFound();
        if (row.Status === 'pending') throw conflict(T.stillPending);
        await tx
          .updateTable('webhook_deliveries')
          .set({ Status: 'pending', NextAttemptAt: now, RetryUntil: new Date(now.getTime() + Webhooks.RETRY_WINDOW_MS), DeliveredDate: null })
          .where('Id', '=', deliveryId)
          .execute();
        await audit(tx, { userId: authOf(request).userId, entity: 'webhooks', entityId: id, action: 'redeliver', fields: [`Delivery ${deliveryId}`] });
      });
      services.webhooks.wake();
      return (await deliveryOf(db, id, deliveryId))!;
    },
  }),
};
