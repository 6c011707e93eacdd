import type { FieldErrors } from 'react-hook-form';

/** The root error a failed save leaves on its form (react-hook-form's `errors.root.saveFailed`). */
const SAVE_FAILED = 'saveFailed';

/**
 * What a react-admin form's `onSubmit` answers when its save did not go through (a refusal, a 500, no answer, an ended
 * session): the field errors to show, if any, and always the form's root error `saveFailed`. react-admin sets them on the
 * form, so react-hook-form counts the submit as failed (`isSubmitSuccessful` false): nothing takes the failed values as
 * saved, the form stays changed (its Save, enabled only after a change, stays enabled) and the next submit sends again
 * (react-hook-form clears root errors on each submit). An `onSubmit` answering nothing after a failure would count as a
 * success — the form then looked saved with the unsaved value still in its field.
 */
export function saveFailed(fieldErrors: Record<string, string> = {}): Record<string, unknown> {
  return { ...fieldErrors, root: { [SAVE_FAILED]: 'The save did not go through.' } };
}

/** The errors of fields, without the form's own root errors (a failed save's marker among them). */
export function fieldErrorsOf(errors: FieldErrors): FieldErrors {
  const { root: _root, ...fields } = errors;
  return fields;
}
