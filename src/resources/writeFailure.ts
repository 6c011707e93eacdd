import type { ApiRecord } from '../../resources/declaration.js';
import type { ResourceTexts } from './resourceTexts.js';
import { failureOf } from '../../dataProvider/httpClient.js';
import { getToken } from '../../dataProvider/session.js';

/*
 * What a failed write tells the user. Apart from useResourceSave so that screens that only show records (a list's
 * cells, its delete) say failures without loading the form and validation code.
 */

/** Statuses the auth provider answers itself (sign-out with the spec's text): a form adds nothing to them. */
const SESSION_ENDED = new Set([401, 419]);

/** Whether a failed call ended the session (the auth provider signs out and says so; a screen adds nothing). */
export function sessionEnded(error: unknown): boolean {
  const { status } = failureOf(error);
  return status !== undefined && SESSION_ENDED.has(status);
}

/**
 * Whether a write's answer is react-admin's stand-in after a 401/419: its data provider then signs out and
 * resolves the call with an empty record instead of failing it. Such an answer saved nothing.
 */
export function endedBySignOut(answer: unknown): boolean {
  return !getToken() || answer === undefined || answer === null || (typeof answer === 'object' && Object.keys(answer).length === 0);
}

/** The failure of a write as a toast, unless the session ended (the auth provider has said so already). */
export function failureMessage(error: unknown): string | null {
  if (sessionEnded(error)) return null;
  const failure = failureOf(error);
  return failure.body?.ExceptionMessage ?? failure.message;
}

/**
 * What a failed call tells the user: the server's reason for a refusal, or the screen's own text (`fallback`, e.g.
 * 'Unable to create case.') when the answer gives no reason or the server failed (5xx); null when the session ended
 * (the auth provider says so).
 */
export function failureText(error: unknown, fallback?: string): string | null {
  const message = failureMessage(error);
  if (message === null) return null;
  const failure = failureOf(error);
  const said = Boolean(failure.body?.Message || failure.body?.ExceptionMessage) && !(failure.status !== undefined && failure.status >= 500);
  return (!said && fallback) || message;
}

/** A resource's own text for a failed save of `record` (none: a create), its views' `texts.saveFailed`. */
export function saveFailedText({ saveFailed }: Pick<ResourceTexts, 'saveFailed'>, record: ApiRecord | undefined): string | undefined {
  return typeof saveFailed === 'function' ? saveFailed(record) : saveFailed;
}
