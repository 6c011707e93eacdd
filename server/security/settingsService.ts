import type { SecuritySettings } from '../../shared/api/configuration.js';
import { Timing } from '../../shared/constants.js';
import type { Database } from '../db/database.js';

/** The settings row with the groups that must use a second factor (second_factor_groups, migration 025). */
export async function readSecuritySettings(db: Database): Promise<SecuritySettings> {
  const row = await db
    .selectFrom('security_settings')
    .select(['AutoLogoutTime', 'EnablePasswordExpiration', 'PasswordExpirationTime'])
    .where('Id', '=', 1)
    .executeTakeFirstOrThrow();
  const groups = await db.selectFrom('second_factor_groups').select('Group_Id').orderBy('Group_Id').execute();
  return { ...row, SecondFactorGroupIds: groups.map((g) => g.Group_Id) };
}

/** How long another API instance may serve a settings change late. */
const CACHE_MS = 5000;

/** The single security-settings row, cached briefly because every request's idle check reads it. */
export class SecuritySettingsService {
  private cached: { value: SecuritySettings; at: number } | null = null;

  constructor(private readonly db: Database) {}

  async get(): Promise<SecuritySettings> {
    if (this.cached && Date.now() - this.cached.at < CACHE_MS) return this.cached.value;
    const value = await readSecuritySettings(this.db);
    this.cached = { value, at: Date.now() };
    return value;
  }

  /** Drops the cached settings (after a save): the next read sees the stored row. */
  forget(): void {
    this.cached = null;
  }

  /** Idle minutes before a session ends. */
  async idleLimitMs(): Promise<number> {
    const { AutoLogoutTime } = await this.get();
    return (AutoLogoutTime ?? Timing.DEFAULT_AUTO_LOGOUT_MINUTES) * 60_000;
  }
}
