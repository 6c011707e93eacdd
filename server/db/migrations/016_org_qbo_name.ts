import { sqlMigration } from './sqlMigration.js';

/**
 * The name of an org's accounting-service company as it was chosen (`orgs."QboName"`): the Invoices tab shows it to
 * users who may only read the settings, and while the accounting service cannot list its companies.
 */
export default sqlMigration([`ALTER TABLE orgs ADD COLUMN "QboName" text`]);
