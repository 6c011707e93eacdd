import { Permissions } from '../../../shared/permissions.js';
import { defineResource, restOperations } from '../../../resources/declaration.js';
import type { ObjectSchema } from '../../../schemas/index.js';
import { sqlMigration } from '../../../server/db/migrations/sqlMigration.js';
import schema from './vehicleMake.json' with { type: 'json' };

/**
 * A resource that is not part of the product, added the way docs/resources.md says: a schema, a declaration
 * and a migration for its table — nothing else, not even texts: its screens say the generic ones. The tests prove it
 * gets permission-checked routes and screens.
 */
const P = Permissions.Types;
const name = (r: Record<string, unknown>) => String(r.Name);

export const vehicleMakes = defineResource({
  name: 'vehicle-makes',
  key: 'Id',
  route: '/vehicle-makes',
  schema: schema as ObjectSchema,
  title: 'Vehicle Makes',
  menu: { group: 'admin', order: 20 },
  recordRepresentation: name,
  operations: restOperations('/api/vehicle-makes'),
  paging: 'browser',
  permissions: { view: [P.VIEW_TYPE], create: [P.CREATE_TYPE], edit: [P.EDIT_TYPE], delete: [P.DELETE_TYPE] },
  remove: { kind: 'toggleHidden' },
  list: {
    filters: [{ source: 'Name', match: 'contains' }],
    pageSize: 10,
    sort: { field: 'Name', order: 'ASC' },
  },
  form: { fields: ['Name', 'Country', 'Domestic'] },
  store: { table: 'vehicle_makes', unique: { Name: 'A vehicle make with this name already exists.' } },
});

export const vehicleMakesMigration = sqlMigration([
  `CREATE TABLE vehicle_makes (
     "Id" serial PRIMARY KEY,
     "Name" text NOT NULL,
     "Country" text,
     "Domestic" boolean NOT NULL DEFAULT false,
     "Hidden" boolean NOT NULL DEFAULT false
   )`,
  `CREATE UNIQUE INDEX vehicle_makes_name ON vehicle_makes (lower("Name"))`,
]);
