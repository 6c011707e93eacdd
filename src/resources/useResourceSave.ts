import { useCreate, useNotify, useRefresh, useUpdate } from 'react-admin';
import type { ApiRecord, ResourceDeclaration } from '../../resources/declaration.js';
import { endedBySignOut, failureText, saveFailedText } from './writeFailure.js';
import { useResourceTexts } from './views.js';
import { failureOf } from '../../dataProvider/httpClient.js';
import { dottedPath } from '../../shared/fieldPath.js';
import type { FormConfirmation } from './formParts.js';

/** The key of a save's answer that holds the server's request for a confirmation (the form view's `confirm`). */
export const CONFIRM_KEY = '__confirm';

/**
 * Saving a declared resource's record, the one way every form does it: create or update through the data
 * provider, then the declaration's success toast and a refresh of what is shown. A refusal never looks like
 * success: ModelState comes back as field errors for the form (messages of fields the form does not show go to
 * a toast), another refusal toasts its message, and an ended session is left to the auth provider's notice.
 */
export function useResourceSave(declaration: ResourceDeclaration, parent?: ApiRecord, onSaved?: (saved: ApiRecord) => void, confirm?: FormConfirmation) {
  const [create] = useCreate();
  const [update] = useUpdate();
  const notify = useNotify();
  const refresh = useRefresh();
  const texts = useResourceTexts(declaration);

  return async function save(values: ApiRecord, record?: ApiRecord & { id?: unknown }): Promise<Record<string, string> | undefined> {
    try {
      const saved = (
        record
          ? await update(declaration.name, { id: record.id as string, data: values, previousData: record }, { mutationMode: 'pessimistic', returnPromise: true })
          : await create(declaration.name, { data: values }, { returnPromise: true })
      ) as ApiRecord;
      if (endedBySignOut(saved)) return {};
      notify(record ? texts.updated(saved, parent) : texts.created(saved, parent), { type: 'success' });
      onSaved?.(saved);
      refresh();
      return undefined;
    } catch (error) {
      const failure = failureOf(error);
      // The server asks for a confirmation (the form's `confirm`): the form says so instead of a toast.
      if (confirm && failure.status === 409 && (failure.body as Record<string, unknown> | undefined)?.[confirm.flag] === true) {
        return { [CONFIRM_KEY]: failure.body?.Message ?? '' };
      }
      if (!failure.modelState) {
        // The views' `texts.saveFailed` when the answer gives no reason ('Unable to send message.', 'Unable
        // to create case.').
        const text = failureText(error, saveFailedText(texts, record));
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
