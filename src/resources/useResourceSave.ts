import { useCreate, useNotify, useRefresh, useUpdate } from 'react-admin';
import type { ApiRecord, ResourceDeclaration } from '../../resources/declaration.js';
import { failureOf } from '../../dataProvider/httpClient.js';
import { getToken } from '../../dataProvider/session.js';
import { dottedPath } from '../../shared/schemaValidation.js';

/** Statuses the auth provider answers itself (sign-out with the spec's text): a form adds nothing to them. */
const SESSION_ENDED = new Set([401, 419]);

/**
 * Whether a write's answer is react-admin's stand-in after a 401/419: its data provider then signs out and
 * resolves the call with an empty record instead of failing it. Such an answer saved nothing.
 */
export function endedBySignOut(answer: unknown): boolean {
  return !getToken() || answer === undefined || answer === null || (typeof answer === 'object' && Object.keys(answer).length === 0);
}

/** The failure of a write as a toast, unless the session ended (the auth provider has said so already). */
export function failureMessage(error: unknown): string | null {
  const failure = failureOf(error);
  if (failure.status !== undefined && SESSION_ENDED.has(failure.status)) return null;
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

/** A declaration's own text for a failed save of `record` (none: a create), its `texts.saveFailed`. */
export function saveFailedText(declaration: ResourceDeclaration, record: ApiRecord | undefined): string | undefined {
  const { saveFailed } = declaration.texts;
  return typeof saveFailed === 'function' ? saveFailed(record) : saveFailed;
}

/** The key of a save's answer that holds the server's request for a confirmation (`form.confirm`). */
export const CONFIRM_KEY = '__confirm';

/**
 * Saving a declared resource's record, the one way every form does it: create or update through the data
 * provider, then the declaration's success toast and a refresh of what is shown. A refusal never looks like
 * success: ModelState comes back as field errors for the form (messages of fields the form does not show go to
 * a toast), another refusal toasts its message, and an ended session is left to the auth provider's notice.
 */
export function useResourceSave(declaration: ResourceDeclaration, parent?: ApiRecord, onSaved?: (saved: ApiRecord) => void) {
  const [create] = useCreate();
  const [update] = useUpdate();
  const notify = useNotify();
  const refresh = useRefresh();

  return async function save(values: ApiRecord, record?: ApiRecord & { id?: unknown }): Promise<Record<string, string> | undefined> {
    try {
      const saved = (
        record
          ? await update(declaration.name, { id: record.id as string, data: values, previousData: record }, { mutationMode: 'pessimistic', returnPromise: true })
          : await create(declaration.name, { data: values }, { returnPromise: true })
      ) as ApiRecord;
      if (endedBySignOut(saved)) return {};
      notify(record ? declaration.texts.updated(saved, parent) : declaration.texts.created(saved, parent), { type: 'success' });
      onSaved?.(saved);
      refresh();
      return undefined;
    } catch (error) {
      const failure = failureOf(error);
      // The server asks for a confirmation (form.confirm): the form says so instead of a toast.
      const confirm = declaration.form.confirm;
      if (confirm && failure.status === 409 && (failure.body as Record<string, unknown> | undefined)?.[confirm.flag] === true) {
        return { [CONFIRM_KEY]: failure.body?.Message ?? '' };
      }
      if (!failure.modelState) {
        // The declaration's `texts.saveFailed` when the answer gives no reason ('Unable to send message.', 'Unable
        // to create case.').
        const text = failureText(error, saveFailedText(declaration, record));
        if (text) notify(text, { type: 'error' });
        return {};
      }
      const shown = new Set(declaration.form.fields);
      const errors: Record<string, string> = {};
      const elsewhere: string[] = [];
      for (const [field, messages] of Object.entries(failure.modelState)) {
        const path = dottedPath(field);
        if (shown.has(path.split('.')[0])) errors[path] = messages.join(' ');
        else elsewhere.push(...messages);
      }
      if (elsewhere.length) notify([...new Set(elsewhere)].join(' '), { type: 'error' });
      return errors;
    }
  };
}
