import { CaseTexts } from './cases.js';
import { CommonTexts } from './common.js';
import { ConfigurationTexts } from './configuration.js';
import { IdentityTexts } from './identity.js';
import { OrgTexts } from './orgs.js';
import { LiveTexts } from './live.js';
import { ItemTexts } from './items.js';
import { InvoiceTexts } from './invoices.js';
import { ReportTexts } from './reports.js';
import { AuditTexts } from './audit.js';
import { SecondFactorTexts } from './secondFactor.js';

/**
 * Texts users see, word for word from the spec, one module per area. Components and server routes take their
 * wording from here and nowhere else.
 */
export const Texts = { ...CommonTexts, identity: IdentityTexts, configuration: ConfigurationTexts, orgs: OrgTexts, cases: CaseTexts, items: ItemTexts, live: LiveTexts, reports: ReportTexts, invoices: InvoiceTexts, audit: AuditTexts, secondFactor: SecondFactorTexts } as const;
