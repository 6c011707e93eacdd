import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// react-admin screens load through the data provider and the auth provider's canAccess before they show rows;
// on a busy 2-core machine that can take longer than Testing Library's default second.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no layout engine: MUI's media queries and some widgets need these.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
(globalThis as { __APP_VERSION__?: string }).__APP_VERSION__ = '0.0.0-test';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// The form code (inputs, date pickers, schema validation) is a chunk of its own in the browser, loaded when a form or a
// date filter opens. Here it is loaded before the tests: its first transform by Vite takes seconds, which a test
// waiting for a modal would otherwise count against its timeout.
await import('../../src/resources/ResourceFormDialog.js');
await import('../../src/resources/DateFilterField.js');
// The list views (their columns) load apart from the app too (sideList), when a list is first drawn: loaded here for
// the same reason. tests/ui/sideList.test.tsx draws a list whose view is still loading, and one that fails to load.
const { views } = await import('../../src/views.js');
await Promise.all(Object.values(views).map((view) => (view.list as { load?: () => Promise<unknown> } | undefined)?.load?.()));
