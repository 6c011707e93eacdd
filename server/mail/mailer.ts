import nodemailer, { type Transporter } from 'nodemailer';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * Outgoing mail through nodemailer. With SMTP_URL it sends for real; otherwise each message is rendered to an
 * .eml file in the outbox folder and logged, so a developer (and the tests) can read what would have been sent.
 */
export class Mailer {
  private readonly transport: Transporter;

  constructor(
    private readonly options: { smtpUrl?: string; from: string; outboxDir: string; log: FastifyBaseLogger },
  ) {
    this.transport = options.smtpUrl
      ? nodemailer.createTransport(options.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  async send(message: MailMessage): Promise<void> {
    const info = await this.transport.sendMail({ from: this.options.from, ...message });
    if (this.options.smtpUrl) {
      this.options.log.info({ to: message.to, subject: message.subject }, 'mail sent');
      return;
    }
    await mkdir(this.options.outboxDir, { recursive: true });
    const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
    const file = path.join(this.options.outboxDir, `${Date.now()}-${safeTo}-${info.messageId.replace(/[^a-zA-Z0-9]/g, '')}.eml`);
    await writeFile(file, (info as unknown as { message: Buffer }).message);
    this.options.log.info({ to: message.to, subject: message.subject, file }, 'mail written to outbox');
  }
}
