import { useState } from 'react';
import { useNotify } from 'react-admin';
import { failureOf, type Failure, type ModelState } from '../../dataProvider/httpClient.js';
import { getToken } from '../../dataProvider/session.js';

/**
 * The submit side of a dialog or inline form: the field errors it shows and whether a save is running. `run`
 * clears the errors, marks the form busy while the save runs, and on a refusal puts the server's ModelState under
 * the fields — or, for a refusal without one, shows the server's message as an error toast. It answers whether
 * the save went through; `onFailure` sees the refusal first (to switch a tab to the failing field, say).
 */
export function useSaveAction() {
  const notify = useNotify();
  const [errors, setErrors] = useState<ModelState>({});
  const [busy, setBusy] = useState(false);

  const run = async (save: () => Promise<void>, onFailure?: (failure: Failure) => void): Promise<boolean> => {
    setBusy(true);
    try {
      await save();
      // After a 401/419 react-admin signs out and answers the call as if it had worked: nothing was saved.
      if (!getToken()) return false;
      setErrors({});
      return true;
    } catch (error) {
      const failure = failureOf(error);
      setErrors(failure.modelState ?? {});
      onFailure?.(failure);
      if (!failure.modelState) notify(failure.body?.ExceptionMessage ?? failure.message, { type: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  };

  /** Shows the required-field errors found before a save; answers whether there were none. */
  const passes = (missing: ModelState): boolean => {
    setErrors(missing);
    return Object.keys(missing).length === 0;
  };

  return { errors, setErrors, busy, run, passes };
}
