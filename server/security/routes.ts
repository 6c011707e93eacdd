import { Permissions } from '../../shared/permissions.js';
import { authOf } from '../http/access.js';
import { anyOf, route, type ApiArea } from '../http/route.js';
import type { SecuritySettings } from './settingsService.js';

const settingsRef = { $ref: 'securitySettings.json' } as const;

/** Security settings: auto-logout minutes and password expiry. Read by any signed-in user (the session guard needs
 * the auto-logout time); changed only with Admin Security. */
export const securityArea: ApiArea = {
  name: 'security',
  routes: [
    route({
      method: 'GET',
      url: '/api/security',
      access: 'signedIn',
      summary: 'Security settings',
      schema: { response: { 200: settingsRef } },
      async handler(request) {
        return request.server.services.settings.get();
      },
    }),
    route<{ Body: SecuritySettings }>({
      method: 'PUT',
      url: '/api/security',
      access: anyOf(Permissions.Admin.ADMIN_SECURITY),
      summary: 'Save the security settings; answers the saved settings',
      schema: { body: settingsRef, response: { 200: settingsRef } },
      async handler(request) {
        const auth = authOf(request);
        const body = request.body;
        const values: SecuritySettings = {
          AutoLogoutTime: body.AutoLogoutTime ?? null,
          EnablePasswordExpiration: body.EnablePasswordExpiration ?? true,
          PasswordExpirationTime: body.PasswordExpirationTime ?? null,
        };
        return request.server.services.settings.save(values, auth.userId);
      },
    }),
  ],
};
