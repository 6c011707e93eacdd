import { Texts } from '../../shared/texts/index.js';
import { defineStore } from '../resources/store.js';
import { assertOrgInScope } from './scope.js';

/**
 * How an org is invoiced (the Invoices tab), the `org-invoice-settings` declaration's store: the accounting-service
 * company (QboId, null for none) and whether invoice details show the last 4 SSN; kept on the org.
 */
export const orgInvoiceSettingsStore = defineStore({
  audit: { entity: 'orgs', action: () => 'invoice-settings' },
  summaries: { one: 'The invoice settings of an org', update: 'Save the invoice settings of an org; answers them' },
  async read(context, key) {
    await assertOrgInScope(context.db, context.auth, Number(key), Texts.orgs.orgs.notFound);
    return context.db.selectFrom('orgs').select(['Id as Org_Id', 'QboId', 'IncludeLast4SSN']).where('Id', '=', Number(key)).executeTakeFirstOrThrow();
  },
  async change(context, key, values) {
    await context.db
      .updateTable('orgs')
      .set({ QboId: (values.QboId as string | null | undefined) ?? null, IncludeLast4SSN: Boolean(values.IncludeLast4SSN) })
      .where('Id', '=', Number(key))
      .execute();
  },
});
