import { defineStore } from '../resources/store.js';

/**
 * The accounting service's companies (GET /api/qbo/customers), the `qbo-customers` declaration's store. No
 * accounting service is connected yet (the connection and its adapter belong to the invoicing area), so the list is
 * empty and the org Invoices tab offers "None" only.
 */
export const qboCustomersStore = defineStore({
  summaries: { list: "The accounting service's companies (Id, DisplayName); empty while no accounting service is connected" },
  list: async () => [],
});
