import type { Permission } from './permissions.js';

/**
 * Who may call a route. Every route declares one (in a contract, or in the plumbing's own `route()`); the server's
 * access hook enforces it, a test proves that no registered route lacks it, and the client's `canAccess` reads the
 * same rule for an operation of a contract.
 * - `public`: no session needed (sign-in, account recovery).
 * - `signedIn`: any signed-in user (own profile, lookup lists).
 * - `{ anyOf }`: a signed-in user holding any of the permissions (System Administrator passes all).
 * - `{ groups }`: a signed-in member of any of the groups (partner file tool).
 */
export type Access = 'public' | 'signedIn' | { anyOf: readonly Permission[] } | { groups: readonly string[] };

export const anyOf = (...permissions: Permission[]): Access => ({ anyOf: permissions });
export const inGroups = (...groups: string[]): Access => ({ groups });
