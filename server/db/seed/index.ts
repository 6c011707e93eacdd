import { Groups } from '../../../shared/permissions.js';
import { hashPassword } from '../../auth/secrets.js';
import type { Database } from '../database.js';
import { applyBaseline } from './baseline.js';
import { seedDemoCases } from './demoCases.js';
import { seedDemoOrgConfiguration } from './demoOrgConfiguration.js';
import { DEMO_PASSWORD, DEMO_USERS, seedDemoIdentity } from './demoIdentity.js';
import { seedDemoTemplates } from './demoTemplates.js';
import type { SsnVault } from '../../security/ssnVault.js';

export { DEMO_PASSWORD, DEMO_USERS };

export interface SeedOptions {
  demo: boolean;
  /** Seals the demo subjects' SSNs. */
  vault: SsnVault;
  adminUser?: string;
  adminPassword?: string;
  rootOrgName?: string;
  now?: Date;
}

export interface SeedResult {
  demoSeeded: boolean;
  adminCreated: boolean;
}

/**
 * Brings a migrated database to a usable state: the baseline always; the demo firm on first start when demo
 * data is wanted (one transaction, so a failed seed leaves nothing half-made); the first administrator from the
 * environment when no user exists yet.
 */
export async function seedDatabase(db: Database, options: SeedOptions): Promise<SeedResult> {
  const now = options.now ?? new Date();
  await applyBaseline(db, options.rootOrgName ?? 'Dossier Investigations');
  const anyUser = await db.selectFrom('users').select('Id').limit(1).executeTakeFirst();
  const result: SeedResult = { demoSeeded: false, adminCreated: false };
  if (!anyUser && options.demo) {
    const hash = await hashPassword(DEMO_PASSWORD);
    await db.transaction().execute(async (trx) => {
      const ctx = await seedDemoIdentity(trx, hash, now);
      const templates = await seedDemoTemplates(trx, ctx);
      await seedDemoOrgConfiguration(trx, ctx, templates);
      await seedDemoCases(trx, ctx, templates, options.vault);
    });
    result.demoSeeded = true;
  }
  if (options.adminUser && options.adminPassword) {
    result.adminCreated = await ensureAdministrator(db, options.adminUser, options.adminPassword, now);
  }
  return result;
}

/** Creates the first administrator (System Administrators group, root org) unless that username exists. */
async function ensureAdministrator(db: Database, userName: string, password: string, now: Date): Promise<boolean> {
  const existing = await db
    .selectFrom('users')
    .select('Id')
    .where((eb) => eb(eb.fn('lower', ['UserName']), '=', userName.toLowerCase()))
    .executeTakeFirst();
  if (existing) return false;
  const hash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    const root = await trx.selectFrom('orgs').select('Id').where('ParentOrg_Id', 'is', null).orderBy('Id').executeTakeFirstOrThrow();
    const group = await trx.selectFrom('groups').select('Id').where('Name', '=', Groups.SYSTEM_ADMINISTRATORS).executeTakeFirstOrThrow();
    const { Id } = await trx
      .insertInto('users')
      .values({ UserName: userName, PasswordHash: hash, PasswordChangedDate: now, FirstName: 'System', LastName: 'Administrator', Org_Id: root.Id, EmailConfirmed: true })
      .returning('Id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('user_groups').values({ User_Id: Id, Group_Id: group.Id }).execute();
    await trx.insertInto('password_history').values({ User_Id: Id, PasswordHash: hash, CreatedDate: now }).execute();
  });
  return true;
}
