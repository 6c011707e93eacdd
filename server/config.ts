import path from 'node:path';

/** Server configuration, read from the environment once. README's configuration table lists every variable. */
export interface Config {
  port: number;
  host: string;
  /** PostgreSQL URL; when absent the embedded PGlite database under dataDir/db is used. */
  databaseUrl?: string;
  dataDir: string;
  /** Seed demo data on first start (always on for the embedded database). */
  demo: boolean;
  adminUser?: string;
  adminPassword?: string;
  smtpUrl?: string;
  mailFrom: string;
  /** Public address of the app, used in links sent by e-mail. */
  publicUrl: string;
  trustProxy: boolean;
  logLevel: string;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  const dataDir = path.resolve(env.DOSSIER_DATA_DIR ?? 'data');
  const databaseUrl = env.DATABASE_URL || undefined;
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl,
    dataDir,
    demo: databaseUrl ? env.DOSSIER_DEMO === '1' : env.DOSSIER_DEMO !== '0',
    adminUser: env.DOSSIER_ADMIN_USER || undefined,
    adminPassword: env.DOSSIER_ADMIN_PASSWORD || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Dossier <no-reply@dossier.local>',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    trustProxy: env.TRUST_PROXY === '1',
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}
