import type { FastifyBaseLogger } from 'fastify';
import path from 'node:path';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { SessionService } from './auth/sessions.js';
import { SignInService } from './auth/signIn.js';
import { SecuritySettingsService } from './security/settingsService.js';
import { Mailer } from './mail/mailer.js';
import type { FileStorage } from './files/storage.js';
import { fileStorageFor } from './files/fileStorageFor.js';
import { UnconfiguredAccounting, type AccountingService } from './billing/accounting.js';
import { QuickBooksAccounting } from './billing/qbo/quickBooksAccounting.js';
import type { SsnVault } from './security/ssnVault.js';
import { WebhookWorker } from './webhooks/worker.js';

/** The app's shared services, built once per app and reached from routes as `request.server.services`. */
export interface Services {
  now: () => Date;
  settings: SecuritySettingsService;
  sessions: SessionService;
  signIn: SignInService;
  mail: Mailer;
  storage: FileStorage;
  /** The accounting service invoices go to (server/billing/accounting.ts): QuickBooks Online when configured. */
  accounting: AccountingService;
  /** Seals and opens subjects' SSNs with the keyring of this start (server/security/ssnVault.ts). */
  ssn: SsnVault;
  /** Delivers the webhooks' outbox (server/webhooks/worker.ts): started by the server's start, stopped on shutdown. */
  webhooks: WebhookWorker;
}

export function createServices(
  db: Database,
  config: Config,
  log: FastifyBaseLogger,
  vault: SsnVault,
  overrides: Partial<Pick<Services, 'now' | 'storage' | 'accounting'>> = {},
): Services {
  const now = overrides.now ?? (() => new Date());
  const settings = new SecuritySettingsService(db);
  const sessions = new SessionService(db, settings, now);
  return {
    now,
    settings,
    sessions,
    signIn: new SignInService(db, sessions, settings, now),
    mail: new Mailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
      log,
    }),
    storage: overrides.storage ?? fileStorageFor(config),
    accounting: overrides.accounting ?? (config.qbo ? new QuickBooksAccounting(config.qbo, now) : new UnconfiguredAccounting()),
    ssn: vault,
    webhooks: new WebhookWorker(db, vault.keyring, { now, log }),
  };
}
