import type { Insertable, Selectable, Updateable } from 'kysely';
import type { AuditTables } from './schema/audit.js';
import type { BillingTables } from './schema/billing.js';
import type { CaseTables } from './schema/cases.js';
import type { FileTables } from './schema/files.js';
import type { IdentityTables } from './schema/identity.js';
import type { ItemTables } from './schema/items.js';
import type { ListTables } from './schema/lists.js';
import type { OrgTables } from './schema/orgs.js';
import type { PlatformTables } from './schema/platform.js';
import type { ReportTables } from './schema/reports.js';
import type { TemplateTables } from './schema/templates.js';
import type { WebhookTables } from './schema/webhooks.js';

/**
 * The database tables as Kysely sees them, composed from one module per area in server/db/schema/ (each names its
 * tables and types their rows; the column kinds are in schema/columns.ts). Column names are the API's field names
 * (PascalCase, `Org_Id`), so a row maps to JSON without a renaming layer. docs/data-model.md explains each table and
 * why it exists; tests/api/dbRowTypes.test.ts holds these types to the migrated database.
 */
export interface DB
  extends PlatformTables,
    AuditTables,
    ListTables,
    IdentityTables,
    FileTables,
    OrgTables,
    TemplateTables,
    CaseTables,
    ItemTables,
    BillingTables,
    ReportTables,
    WebhookTables {}

export type Row<T extends keyof DB> = Selectable<DB[T]>;
export type NewRow<T extends keyof DB> = Insertable<DB[T]>;
export type RowUpdate<T extends keyof DB> = Updateable<DB[T]>;
