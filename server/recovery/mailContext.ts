import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.js';
import type { MailMessage, Mailer } from '../mail/mailer.js';

/** What the account e-mails need: the database, the clock's now, the mailer and the public address for links. */
export interface MailContext {
  db: Database;
  now: Date;
  mail: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
}

export function mailContext(request: FastifyRequest): MailContext {
  const { db, services, config } = request.server;
  return { db, now: services.now(), mail: services.mail, publicUrl: config.publicUrl, log: request.log };
}

/**
 * Sends an account e-mail after the change that needs it has been committed. A failing mail server is logged, not
 * answered: the change stands (the user can ask again), and anonymous callers get the same answer either way.
 */
export async function sendAccountMail(ctx: MailContext, message: MailMessage): Promise<void> {
  try {
    await ctx.mail.send(message);
  } catch (error) {
    ctx.log.error({ err: error, subject: message.subject }, 'account mail could not be sent');
  }
}

/** A link to a client page with query parameters. */
export function pageLink(ctx: MailContext, page: string, params: Record<string, string | number>): string {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  return `${ctx.publicUrl}${page}?${query}`;
}
