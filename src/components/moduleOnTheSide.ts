import { useEffect, useReducer } from 'react';

/**
 * A module that starts loading now and is used without suspending: the hook answers its exports once they are
 * there (at once when they already are) and undefined until then, so the caller shows its own placeholder.
 *
 * Why not `React.lazy`: a lazy component suspends on its first render even when its code has long arrived, and React
 * holds back the reveal of a suspended tree until 300 ms after the last fallback it showed (its fallback throttle).
 * For the first screen after sign-in that was ~220 ms of an idle browser before the list could start its search.
 * A failed load is thrown in render, for the nearest error boundary, as a lazy component's would be.
 */
export function moduleOnTheSide<T>(load: () => Promise<T>): () => T | undefined {
  let loaded: { value: T } | undefined;
  let failure: { error: unknown } | undefined;
  const settled = load().then(
    (value) => {
      loaded = { value };
    },
    (error: unknown) => {
      failure = { error };
    },
  );
  return function useModule(): T | undefined {
    const [, rerender] = useReducer((n: number) => n + 1, 0);
    useEffect(() => {
      if (loaded || failure) return;
      let current = true;
      void settled.then(() => current && rerender());
      return () => {
        current = false;
      };
    }, []);
    if (failure) throw failure.error;
    return loaded?.value;
  };
}
