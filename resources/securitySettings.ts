import { Permissions } from '../shared/permissions.js';
import schema from '../schemas/securitySettings.json' with { type: 'json' };
import type { ObjectSchema } from '../schemas/index.js';
import { defineResource } from './declaration.js';

/** Security settings (/security): spec 002 §2.8, one record read and saved whole. */
export default defineResource({
  name: 'security',
  key: 'Id',
  route: '/security',
  schema: schema as ObjectSchema,
  title: 'Security',
  menu: { group: 'admin', order: 9 },
  recordRepresentation: () => 'Security settings',
  singleton: true,
  operations: {
    // Every signed-in user reads them (the session guard needs the auto-logout time).
    one: { method: 'GET', path: '/api/security', access: 'signedIn' },
    update: { method: 'PUT', path: '/api/security' },
  },
  paging: 'browser',
  permissions: { view: [Permissions.Admin.ADMIN_SECURITY], edit: [Permissions.Admin.ADMIN_SECURITY] },
  remove: { kind: 'none' },
  list: { pageSize: 1, sort: { field: 'Id', order: 'ASC' } },
  form: { fields: ['AutoLogoutTime', 'EnablePasswordExpiration', 'PasswordExpirationTime', 'SecondFactorGroupIds'] },
});
