import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long an authorisation link stays good: long enough to sign in to QuickBooks and consent. */
export const AUTHORISATION_LINK_MINUTES = 15;

const signature = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');

/**
 * The OAuth `state` of an authorisation link: who asked, until when, a nonce, and an HMAC of them keyed by the
 * client secret. The token call accepts a result only with a state this server signed for the same user and not
 * yet expired, so a link cannot be forged, replayed later, or completed by another user's session.
 */
export function signState(secret: string, userId: number, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + AUTHORISATION_LINK_MINUTES * 60;
  const payload = `${userId}.${expires}.${randomBytes(9).toString('base64url')}`;
  return `${payload}.${signature(secret, payload)}`;
}

/** Whether `state` is one signState made for `userId` that has not expired at `now`. */
export function verifyState(secret: string, state: string, userId: number, now: Date): boolean {
  const parts = state.split('.');
  if (parts.length !== 4) return false;
  const payload = parts.slice(0, 3).join('.');
  const expected = Buffer.from(signature(secret, payload));
  const given = Buffer.from(parts[3]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  return Number(parts[0]) === userId && Number(parts[1]) * 1000 > now.getTime();
}
