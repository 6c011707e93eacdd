import { createHmac, timingSafeEqual } from 'node:crypto';
import { Webhooks } from '../../shared/constants.js';

/**
 * The `Dossier-Signature` header of a delivery: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. The
 * timestamp is signed with the body, so a receiver that refuses a `t` further than Webhooks.REPLAY_WINDOW_S from its
 * own clock refuses a replayed delivery (docs/decisions.md "Webhooks").
 */
export function signatureHeader(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${hmacHex(secret, `${t}.${body}`)}`;
}

const hmacHex = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

/**
 * What a receiver does (the tests' receiver uses it; docs/api.md shows it): true when the header's v1 is the body's
 * signature under the secret and its t is within the replay window of `now`.
 */
export function verifySignature(secret: string, body: string, header: string | undefined, now: Date, windowS: number = Webhooks.REPLAY_WINDOW_S): boolean {
  if (!header) return false;
  const parts = new Map(header.split(',').map((part) => part.trim().split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || Math.abs(now.getTime() / 1000 - t) > windowS) return false;
  const expected = Buffer.from(hmacHex(secret, `${t}.${body}`), 'hex');
  const given = Buffer.from(v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
