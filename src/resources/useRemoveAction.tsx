import { useState, type ReactNode } from 'react';
import { Confirm, useDataProvider, useDelete, useNotify, useRefresh, type Identifier } from 'react-admin';
import { Texts } from '../../shared/texts/index.js';
import type { ApiRecord, ResourceDeclaration } from '../../resources/declaration.js';
import { useResourceTexts, useViews, ViewOf } from './views.js';
import { endedBySignOut, failureMessage } from './writeFailure.js';

/** The remove action of one record, as its buttons use it (`useRemoveAction`). */
export interface RemoveAction {
  /**
   * The declaration's word for what removing does to this record: a toggle's `labels[0]` for a shown record and
   * `labels[1]` for a hidden one ('Deactivate' / 'Activate'), 'Delete' for a delete; null when the declaration
   * removes nothing (`remove.kind: 'none'`), not this record (`remove.when`), or there is no record.
   */
  label: string | null;
  /** What the button's click does: asks with react-admin's Confirm when the declaration says so, else removes at once. */
  request(): void;
  /** The call is under way (disable the button). */
  isPending: boolean;
  /** The confirmation and the resource's `removeRefused` view: render it once, beside the button. */
  dialogs: ReactNode;
}

export interface RemoveActionOptions {
  /** A sub-resource's parent record (for its texts and views). */
  parent?: ApiRecord;
  /** After a successful remove (toast said, refresh asked), with the record the call answered (a toggle's new Hidden). */
  onDone?(answered: ApiRecord): void;
}

/** Whether a refusal's answer says why (else a declared fallback text may). */
const serverSaid = (error: unknown) => {
  const body = (error as { body?: { Message?: string; ExceptionMessage?: string; ModelState?: unknown } } | undefined)?.body;
  return Boolean(body?.Message || body?.ExceptionMessage || body?.ModelState);
};

const NOTHING: RemoveAction = { label: null, request: () => undefined, isPending: false, dialogs: null };

/**
 * Hide/restore (toggleHidden) or delete one record of a declared resource, the one way every button does it:
 * react-admin's Confirm first when the declaration asks for it (a delete always; a toggle with `remove.confirm`),
 * then the data provider's `delete`, the declaration's toast (hidden / shown / deleted) and a refresh. A refusal
 * toasts its message (a delete's `texts.deleteFailed` when the server gave none) or goes to the resource's
 * `removeRefused` view; an ended session is left to the auth provider. Permissions are the caller's to check
 * (`useCanAccess({ resource, action: 'delete' })`).
 */
export function useRemoveAction(declaration: ResourceDeclaration, record: (ApiRecord & { id?: Identifier }) | undefined, { parent, onDone }: RemoveActionOptions = {}): RemoveAction {
  const [remove, { isPending: deleting }] = useDelete();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [toggling, setToggling] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [refused, setRefused] = useState<{ error: unknown } | null>(null);
  const refusedView = useViews(declaration).removeRefused;
  const texts = useResourceTexts(declaration);
  const removal = declaration.remove;
  if (!record || removal.kind === 'none' || (removal.kind === 'delete' && removal.when && !removal.when(record))) return NOTHING;

  const id = (record.id ?? record[declaration.key]) as Identifier;
  const previousData = { ...record, id };
  const toggle = removal.kind === 'toggleHidden';
  // A hidden record shows again when toggled.
  const show = Boolean(record.Hidden);
  const label = toggle ? texts.remove.labels[show ? 1 : 0] : 'Delete';

  const run = async () => {
    setConfirming(false);
    setToggling(toggle);
    try {
      // A toggle keeps the record: it goes straight to the data provider, since react-admin's delete mutation
      // would drop the row from the cached list.
      const answered = (
        toggle
          ? (await dataProvider.delete(declaration.name, { id, previousData })).data
          : await remove(declaration.name, { id, previousData }, { mutationMode: 'pessimistic', returnPromise: true })
      ) as ApiRecord;
      if (endedBySignOut(answered)) return;
      const message = toggle ? (answered.Hidden ? texts.hidden(answered) : texts.shown(answered)) : texts.deleted(record, parent);
      if (message) notify(message, { type: 'success' });
      refresh();
      onDone?.(answered);
    } catch (error) {
      // The resource's removeRefused view explains a refusal its own way (e.g. what still uses the record).
      if (refusedView) setRefused({ error });
      else {
        const message = failureMessage(error);
        const failed = texts.deleteFailed;
        const fallback = !toggle && !serverSaid(error) ? (typeof failed === 'function' ? failed(record) : failed) : undefined;
        if (message) notify(fallback ?? message, { type: 'error' });
      }
    } finally {
      setToggling(false);
    }
  };

  const confirmText = toggle ? texts.remove.confirm?.(record, show) : texts.remove.confirmBody(record);
  const dialogs = (
    <>
      {confirmText !== undefined && (
        <Confirm
          isOpen={confirming}
          title={(!toggle && texts.remove.confirmTitle?.(record)) || Texts.global.confirmTitle}
          content={confirmText}
          confirm={toggle ? label : (texts.remove.confirmLabel ?? 'Delete')}
          cancel="Cancel"
          confirmColor={toggle && show ? 'primary' : 'warning'}
          onConfirm={run}
          onClose={() => setConfirming(false)}
        />
      )}
      {refused && refusedView && (
        <ViewOf part={refusedView} declaration={declaration} record={record} parent={parent} error={refused.error} onClose={() => setRefused(null)} />
      )}
    </>
  );

  return {
    label,
    request: () => (confirmText !== undefined ? setConfirming(true) : void run()),
    isPending: deleting || toggling,
    dialogs,
  };
}
