import { useCallback, useEffect, useState } from 'react';
import { Form, type FormProps } from 'react-admin';
import { useFormContext, type FieldValues } from 'react-hook-form';
import { VALIDATION_MODE } from '../forms/validationMode.js';

/**
 * What the user has entered in an open modal so far. The component that opened the modal holds it (`useModal`) for as
 * long as the modal is open, so a modal or form mounted again meanwhile starts from it, not from nothing.
 */
export interface ModalDraft {
  values: FieldValues;
}

/** The modal a component has open, which one (`kind`), and the draft of its form. */
export interface OpenModal<K> {
  kind: K;
  draft: ModalDraft;
}

/**
 * The modal a component opens (one at a time): `open(kind)` opens it with a new, empty draft (or the values given),
 * `close()` closes it and drops the draft. A component with one modal opens it with `open(true)`.
 */
export function useModal<K = true>(): { opened: OpenModal<K> | null; open(kind: K, values?: FieldValues): void; close(): void } {
  const [opened, setOpened] = useState<OpenModal<K> | null>(null);
  const open = useCallback((kind: K, values: FieldValues = {}) => setOpened({ kind, draft: { values } }), []);
  const close = useCallback(() => setOpened(null), []);
  return { opened, open, close };
}

/** Writes the form's values into the draft as the user enters them (no re-render: a subscription). */
function KeepDraft({ draft }: { draft: ModalDraft }) {
  const { subscribe } = useFormContext();
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ values }) => {
          draft.values = { ...values };
        },
      }),
    [subscribe, draft],
  );
  return null;
}

export type ModalFormProps = Omit<FormProps, 'record' | 'defaultValues'> & { draft: ModalDraft };

/**
 * react-admin's Form for a modal (docs/decisions.md "A modal's form has a record of its own"). Its record is the
 * draft's values as they were when it mounted, and stays that object: never the page's record around it (react-admin's
 * Form takes the record in context — on the case page, the case — and resets to it whenever it is read again: the
 * workflow poll, a live notice), nor a new object each render. What the user enters goes into the draft at once, so
 * when the modal or its form is mounted again while the modal stays open (the page switching between its phone and
 * laptop layouts as the window is resized, a boundary above it) it starts from what the user entered. Fields are
 * checked as in every form (VALIDATION_MODE) unless the props say otherwise.
 */
export function ModalForm({ draft, children, ...props }: ModalFormProps) {
  const [record] = useState<FieldValues>(() => ({ ...draft.values }));
  return (
    <Form record={record} {...VALIDATION_MODE} {...props}>
      <KeepDraft draft={draft} />
      {children}
    </Form>
  );
}
