import { Texts } from '../../shared/texts/index.js';
import { ValidationError } from '../http/errors.js';
import { defineStore } from '../resources/store.js';
import { readSecuritySettings } from './settingsService.js';

const settingsRef = { $ref: 'securitySettings.json' } as const;

/**
 * Security settings (/security), the singleton `security` declaration's store: auto-logout minutes and password
 * expiry, one row, and the groups that must use a second factor (second_factor_groups). Read by any signed-in user
 * (the session guard needs the auto-logout time); saved whole.
 */
export const securityStore = defineStore({
  responses: { record: settingsRef },
  audit: { entity: 'security_settings' },
  summaries: { one: 'Security settings', update: 'Save the security settings; answers the saved settings' },
  read: (context) => readSecuritySettings(context.db),
  async validate(context, values) {
    const ids = secondFactorGroupIds(values.SecondFactorGroupIds);
    if (!ids.length) return;
    const found = await context.db.selectFrom('groups').select('Id').where('Id', 'in', ids).execute();
    if (found.length !== ids.length) throw ValidationError.field('SecondFactorGroupIds', Texts.secondFactor.settings.unknownGroup);
  },
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
    // A save without the groups (an older client) keeps them; a save with them replaces them.
    if (values.SecondFactorGroupIds !== undefined) {
      const ids = secondFactorGroupIds(values.SecondFactorGroupIds);
      await context.db.deleteFrom('second_factor_groups').execute();
      if (ids.length) await context.db.insertInto('second_factor_groups').values(ids.map((Group_Id) => ({ Group_Id }))).execute();
    }
  },
  // Every request's idle check reads the settings through a short cache: the saved values apply at once here.
  afterCommit: async (context) => context.request.server.services.settings.forget(),
});

const secondFactorGroupIds = (value: unknown): number[] => [...new Set(Array.isArray(value) ? (value as number[]) : [])];
