import { defineStore } from '../resources/store.js';

const settingsRef = { $ref: 'securitySettings.json' } as const;

/**
 * Security settings (/security), the singleton `security` declaration's store: auto-logout minutes and password
 * expiry, one row. Read by any signed-in user (the session guard needs the auto-logout time); saved whole.
 */
export const securityStore = defineStore({
  responses: { record: settingsRef },
  audit: { entity: 'security_settings' },
  summaries: { one: 'Security settings', update: 'Save the security settings; answers the saved settings' },
  read: (context) =>
    context.db.selectFrom('security_settings').select(['AutoLogoutTime', 'EnablePasswordExpiration', 'PasswordExpirationTime']).where('Id', '=', 1).executeTakeFirstOrThrow(),
  async change(context, _key, values) {
    await context.db
      .updateTable('security_settings')
      .set({
        AutoLogoutTime: (values.AutoLogoutTime as number | null | undefined) ?? null,
        EnablePasswordExpiration: (values.EnablePasswordExpiration as boolean | undefined) ?? true,
        PasswordExpirationTime: (values.PasswordExpirationTime as number | null | undefined) ?? null,
        UpdatedDate: context.now,
        UpdatedBy_Id: context.auth.userId,
      })
      .where('Id', '=', 1)
      .execute();
  },
  // Every request's idle check reads the settings through a short cache: the saved values apply at once here.
  afterCommit: async (context) => context.request.server.services.settings.forget(),
});
