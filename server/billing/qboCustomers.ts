import type { FastifyRequest } from 'fastify';
import { defineStore } from '../resources/store.js';
import { HttpError, ValidationError } from '../http/errors.js';
import { Texts } from '../../shared/texts/index.js';
import { AccountingNotAuthorised, AccountingUnavailable } from './accounting.js';

const T = Texts.invoices.server;

/**
 * The accounting service's companies (GET /api/qbo/customers, spec 002 §7), the `qbo-customers` declaration's store:
 * empty while no accounting service is configured; a 400 whose ModelState.Qbo[0] is the authorisation link while
 * it is not authorised (never, or revoked); 502 when it cannot be reached.
 */
export const qboCustomersStore = defineStore({
  summaries: {
    list:
      "The accounting service's companies (Id, DisplayName), by name; empty while no accounting service is configured; 400 with the " +
      'authorisation link in ModelState.Qbo[0] while it is not authorised; 502 when it does not answer',
  },
  list: async ({ db, request, auth }) => {
    const accounting = request.server.services.accounting;
    try {
      return await accounting.customers(db);
    } catch (error) {
      const link = accounting.authorisationUrl(auth.userId);
      if (error instanceof AccountingNotAuthorised && link) throw new ValidationError({ Qbo: [link] }, T.authorise);
      if (error instanceof AccountingUnavailable) throw customersUnavailable(request, error);
      throw error;
    }
  },
});

/** The 502 of a request that needed the accounting service's companies while it did not answer (logged). */
export function customersUnavailable(request: FastifyRequest, error: AccountingUnavailable): HttpError {
  request.log.warn({ err: error, detail: error.detail }, 'The accounting service did not list its customers');
  return new HttpError(502, T.connectFailed, { Message: T.connectFailed });
}
