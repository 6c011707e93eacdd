import { defineStore } from '../resources/store.js';

/** The `accounting-status` declaration's store: the accounting service's status as the server knows it (no call out). */
export const accountingStatusStore = defineStore({
  summaries: { one: "The accounting service's status: notConfigured (invoices recorded in Dossier only), notAuthorised or connected" },
  read: async ({ db, request }) => ({ Status: await request.server.services.accounting.status(db) }),
});
