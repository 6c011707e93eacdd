import { Texts } from '../../shared/texts/index.js';
import { AccountingNotAuthorised, AccountingUnavailable } from '../billing/accounting.js';
import { customersUnavailable } from '../billing/qboCustomers.js';
import { ValidationError } from '../http/errors.js';
import { defineStore, type StoreContext } from '../resources/store.js';
import { assertOrgInScope } from './scope.js';
import orgInvoiceSettingsSchema from '../../schemas/orgInvoiceSettings.json' with { type: 'json' };
import type { ObjectSchema } from '../../schemas/index.js';

const T = Texts.invoices.server;
/** The schema's own words for a missing company, whichever side says it. */
const companyRequired = (orgInvoiceSettingsSchema as ObjectSchema).properties.QboId['x-messages']!.required;

/**
 * How an org is invoiced (the Invoices tab), the `org-invoice-settings` declaration's store: the accounting-service
 * company (QboId, null for none) and whether invoice details show the last 4 SSN; kept on the org. A newly chosen
 * company must be one of the accounting service's, and its name is kept with it (`QboName`), answered as
 * `QboCompany` for readers who cannot list the companies. The company already chosen is kept without asking the
 * service, so the other setting saves while it is down. The company is required (spec 002 §2.1, §9) while the
 * accounting service is connected, when one can be chosen; without a service set up, or authorised, none is the only
 * choice and saves (docs/decisions.md, "An org's company is required once one can be chosen").
 */
export const orgInvoiceSettingsStore = defineStore({
  audit: { entity: 'orgs', action: () => 'invoice-settings' },
  summaries: {
    one: 'The invoice settings of an org, with the chosen company as it was named (QboCompany)',
    update:
      "Save the invoice settings of an org (a newly chosen company must be one of the accounting service's: 400 otherwise, 502 when it does not answer; " +
      'none is refused while the accounting service is connected); answers them',
  },
  async validate({ db, request }, values, _existing, errors) {
    if ((values.QboId ?? null) === null && (await request.server.services.accounting.status(db)) === 'connected') errors.add('QboId', companyRequired);
  },
  async read(context, key) {
    await assertOrgInScope(context.db, context.auth, Number(key), Texts.orgs.orgs.notFound);
    const org = await context.db.selectFrom('orgs').select(['Id', 'QboId', 'QboName', 'IncludeLast4SSN']).where('Id', '=', Number(key)).executeTakeFirstOrThrow();
    const QboCompany = org.QboId === null ? null : { Id: org.QboId, DisplayName: org.QboName ?? org.QboId };
    return { Org_Id: org.Id, QboId: org.QboId, QboCompany, IncludeLast4SSN: org.IncludeLast4SSN };
  },
  async change(context, key, values) {
    const orgId = Number(key);
    const chosen = (values.QboId as string | null | undefined) ?? null;
    const current = await context.db.selectFrom('orgs').select(['QboId', 'QboName']).where('Id', '=', orgId).executeTakeFirstOrThrow();
    const QboName = chosen === null ? null : chosen === current.QboId ? current.QboName : await companyName(context, chosen);
    await context.db
      .updateTable('orgs')
      .set({ QboId: chosen, QboName, IncludeLast4SSN: Boolean(values.IncludeLast4SSN) })
      .where('Id', '=', orgId)
      .execute();
  },
});

/** The name of one of the accounting service's companies; a 400 on QboId when it is none of them or cannot be asked. */
async function companyName({ db, request }: StoreContext, id: string): Promise<string> {
  const accounting = request.server.services.accounting;
  try {
    const company = (await accounting.customers(db)).find((c) => c.Id === id);
    if (company) return company.DisplayName;
    throw ValidationError.field('QboId', (await accounting.status(db)) === 'notConfigured' ? T.notConfigured : T.unknownCompany);
  } catch (error) {
    if (error instanceof AccountingNotAuthorised) throw ValidationError.field('QboId', T.chooseWhenConnected);
    if (error instanceof AccountingUnavailable) throw customersUnavailable(request, error);
    throw error;
  }
}
