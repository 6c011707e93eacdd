import { localStorageStore, type Store } from 'react-admin';
import { PREFERENCE_KEY_PREFIX } from '../../dataProvider/session.js';

/**
 * A store whose reset keeps the users' preferences (keys under `PREFERENCE_KEY_PREFIX`, each naming its user, so people
 * sharing a browser keep theirs apart). react-admin resets its store at every sign-out (an idle session's too), as the
 * auth provider clears the session's storage; everything else goes (expanded rows, list states), but a table's columns
 * are the user's own choice and stay chosen when the same user signs in again.
 */
export function keepingPreferences(store: Store): Store {
  return {
    ...store,
    reset() {
      const kept = store.listItems?.(PREFERENCE_KEY_PREFIX) ?? {};
      store.reset();
      for (const [key, value] of Object.entries(kept)) store.setItem(key, value);
    },
  };
}

/** The app's store: react-admin's local-storage store, keeping preferences through sign-outs. */
export const appStore = keepingPreferences(localStorageStore());
