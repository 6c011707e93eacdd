import { SignInLimits } from '../../shared/constants.js';
import type { Database } from '../db/database.js';
import { countRequest, currentCount } from '../http/rateLimitStore.js';

/** The failure windows a sign-in from `address` as `userName` is counted in, with their limits. */
function windowsOf(address: string, userName: string): { key: string; limit: number }[] {
  return [
    { key: `sign-in failures ${address} ${userName.trim().toLowerCase()}`, limit: SignInLimits.FAILURES_PER_USER_AND_ADDRESS_PER_MINUTE },
    { key: `sign-in failures ${address}`, limit: SignInLimits.FAILURES_PER_ADDRESS_PER_MINUTE },
  ];
}

/**
 * Failed sign-ins held back per username and address, and per address over all usernames (in the database, so every
 * instance counts against the same limits). Successful sign-ins are not counted here: fifty staff of one office
 * behind one address sign in in the same minute; the route's own per-address ceiling only stops floods.
 */
export const signInThrottle = {
  /** How long until `address` may try `userName` again, in ms; 0 when it may now. */
  async waitMs(db: Database, address: string, userName: string, now: Date): Promise<number> {
    let wait = 0;
    for (const { key, limit } of windowsOf(address, userName)) {
      const { current, ttl } = await currentCount(db, key, SignInLimits.WINDOW_MS, now);
      if (current >= limit) wait = Math.max(wait, ttl);
    }
    return wait;
  },

  /** Counts a failed sign-in of `userName` from `address`. */
  async countFailure(db: Database, address: string, userName: string, now: Date): Promise<void> {
    for (const { key } of windowsOf(address, userName)) await countRequest(db, key, SignInLimits.WINDOW_MS, now);
  },
};
