import path from 'node:path';

/** Server configuration, read from the environment once. README's configuration table lists every variable. */
export interface Config {
  port: number;
  host: string;
  /** PostgreSQL URL; when absent the embedded PGlite database under dataDir/db is used. */
  databaseUrl?: string;
  dataDir: string;
  /**
   * FILES_URL: `s3://bucket/prefix?endpoint=…&region=…&forcePathStyle=true`, the S3 (or S3-compatible) bucket uploaded
   * files live in (server/files/s3Storage.ts); absent, they live in dataDir/files.
   */
  filesUrl?: string;
  /** Seed demo data on first start (always on for the embedded database). */
  demo: boolean;
  /**
   * DOSSIER_MAX_EVENT_LOOP_DELAY_MS: requests are turned away (503, Retry-After) while the event loop lags more than
   * this (the server is overloaded and would only queue them); 0 never turns any away (the default on the embedded
   * database, whose queries run on the event loop).
   */
  maxEventLoopDelayMs: number;
  /** DOSSIER_SERVE_CLIENT=0: the API alone (the client's files served elsewhere); `npm start` then builds no client. */
  serveClient: boolean;
  adminUser?: string;
  adminPassword?: string;
  smtpUrl?: string;
  mailFrom: string;
  /** Public address of the app, used in links sent by e-mail. */
  publicUrl: string;
  trustProxy: boolean;
  logLevel: string;
  /**
   * DOSSIER_METRICS_TOKEN: what a Prometheus scraper sends as `Authorization: Bearer …` to read GET /metrics; without
   * it /metrics is off (404). server/ops/metrics.ts.
   */
  metricsToken?: string;
  /**
   * DOSSIER_STOP_DRAIN_MS: after SIGTERM, how long GET /readyz answers 503 while everything else is still served, so
   * that a load balancer takes the instance out before it stops accepting connections (server/shutdown.ts); 0 stops at once.
   */
  stopDrainMs: number;
  /** DOSSIER_SECRET_KEY: seals SSNs (server/security/keyring.ts); required on PostgreSQL, made in dataDir otherwise. */
  secretKey?: string;
  /** DOSSIER_PREVIOUS_SECRET_KEYS: keys of values not yet re-sealed by `npm run rotate-key`. */
  previousSecretKeys: string[];
  /** QuickBooks Online, the accounting service invoices go to; absent when QBO_CLIENT_ID and QBO_CLIENT_SECRET are not set. */
  qbo?: QboConfig;
  /** WEBHOOKS_ALLOW_HTTP=1: webhook endpoints may be plain http:// (a local receiver under test); otherwise https only. */
  webhooksAllowHttp: boolean;
}

/** Where QuickBooks Online answers and who the product is there (README "Accounting service"). */
export interface QboConfig {
  clientId: string;
  clientSecret: string;
  /** Intuit's authorisation page the user consents on (the link of the 400 answer). */
  authUrl: string;
  /** Intuit's token endpoint: code exchange and refresh. */
  tokenUrl: string;
  /** The accounting API's base (production or sandbox). */
  apiUrl: string;
  /** Where Intuit sends the user back: the product's /qbo/auth popup page. */
  redirectUrl: string;
  /** The QuickBooks product or service (Item) an invoice's lines are booked to. */
  itemId: string;
  /** What the stored tokens are sealed with (server/billing/qbo/tokenSeal.ts): QBO_TOKEN_KEY, else the client secret. */
  tokenKey: string;
}

function readQboConfig(env: NodeJS.ProcessEnv, publicUrl: string): QboConfig | undefined {
  const clientId = env.QBO_CLIENT_ID || undefined;
  const clientSecret = env.QBO_CLIENT_SECRET || undefined;
  if (!clientId || !clientSecret) return undefined;
  return {
    clientId,
    clientSecret,
    authUrl: env.QBO_AUTH_URL || 'https://appcenter.intuit.com/connect/oauth2',
    tokenUrl: env.QBO_TOKEN_URL || 'https://oauth.platform.intuit.com/oauth2/v1/tokens/bearer',
    apiUrl: (env.QBO_API_URL || 'https://quickbooks.api.intuit.com').replace(/\/$/, ''),
    redirectUrl: env.QBO_REDIRECT_URL || `${publicUrl}/qbo/auth`,
    itemId: env.QBO_ITEM_ID || '1',
    tokenKey: env.QBO_TOKEN_KEY || clientSecret,
  };
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  const dataDir = path.resolve(env.DOSSIER_DATA_DIR ?? 'data');
  const databaseUrl = env.DATABASE_URL || undefined;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl,
    dataDir,
    filesUrl: env.FILES_URL || undefined,
    demo: databaseUrl ? env.DOSSIER_DEMO === '1' : env.DOSSIER_DEMO !== '0',
    serveClient: env.DOSSIER_SERVE_CLIENT !== '0',
    // The embedded database runs its queries on the event loop: there a lagging loop is the database at work, not
    // requests queueing, so by default nothing is turned away.
    maxEventLoopDelayMs: Number(env.DOSSIER_MAX_EVENT_LOOP_DELAY_MS ?? (databaseUrl ? 2000 : 0)),
    adminUser: env.DOSSIER_ADMIN_USER || undefined,
    adminPassword: env.DOSSIER_ADMIN_PASSWORD || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Dossier <no-reply@dossier.local>',
    publicUrl,
    trustProxy: env.TRUST_PROXY === '1',
    logLevel: env.LOG_LEVEL ?? 'info',
    metricsToken: env.DOSSIER_METRICS_TOKEN || undefined,
    stopDrainMs: Number(env.DOSSIER_STOP_DRAIN_MS ?? 0),
    secretKey: env.DOSSIER_SECRET_KEY || undefined,
    previousSecretKeys: (env.DOSSIER_PREVIOUS_SECRET_KEYS ?? '').split(',').map((key) => key.trim()).filter(Boolean),
    qbo: readQboConfig(env, publicUrl),
    webhooksAllowHttp: env.WEBHOOKS_ALLOW_HTTP === '1',
  };
}
