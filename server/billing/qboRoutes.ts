import { audit } from '../audit/auditLog.js';
import { authOf } from '../http/access.js';
import { HttpError, ValidationError } from '../http/errors.js';
import type { ApiArea } from '../http/route.js';
import { operationRoutes } from '../http/operationRoutes.js';
import { invoiceOperations } from '../../resources/invoices.js';
import { Texts } from '../../shared/texts/index.js';
import { AccountingAuthorisationRefused, AccountingUnavailable } from './accounting.js';

const T = Texts.invoices.server;

/**
 * POST /api/qbo/token (spec 002 §2.10, §7): completes the accounting service's authorisation with what the /qbo/auth
 * pop-up received. Connecting the firm's accounting is a change of invoice settings, so it needs Update Org Invoice
 * Settings (or Create Invoices); the result must carry the state signed for this user (server/billing/qbo).
 */
export const accountingArea: ApiArea = {
  name: 'accounting',
  routes: operationRoutes(invoiceOperations, {
    async connectAccounting(request) {
      const { db, services } = request.server;
      const auth = authOf(request);
      if ((await services.accounting.status(db)) === 'notConfigured') throw ValidationError.field('QboResult', T.notConfigured);
      try {
        await services.accounting.connect(db, auth.userId, request.body.QboResult);
      } catch (error) {
        if (error instanceof AccountingAuthorisationRefused) throw ValidationError.field('QboResult', error.message);
        if (error instanceof AccountingUnavailable) {
          request.log.warn({ err: error, detail: error.detail }, 'The accounting service did not exchange its authorisation code');
          throw new HttpError(502, T.connectFailed, { Message: T.connectFailed });
        }
        throw error;
      }
      await audit(db, { userId: auth.userId, entity: 'qbo_connections', entityId: 1, action: 'connect', fields: [] });
      return { Status: 'connected' as const };
    },
  }),
};
