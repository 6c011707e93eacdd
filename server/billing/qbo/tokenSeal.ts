import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;

/**
 * QuickBooks' tokens as the database keeps them: sealed with AES-256-GCM under a key derived (HKDF-SHA256) from
 * QBO_TOKEN_KEY, or the client secret when that is not set, so a copy of the database alone does not give access to
 * the firm's books. `open` answers null for a value sealed under another key or altered: the connection is then
 * treated as not authorised and the link is offered again.
 */
export class TokenSeal {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'dossier', 'quickbooks tokens', 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
  }

  open(stored: string): string | null {
    const [version, iv, tag, sealed, ...rest] = stored.split('.');
    if (version !== VERSION || !iv || !tag || sealed === undefined || rest.length) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
