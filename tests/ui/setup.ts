import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// react-admin screens load through the data provider and the auth provider's canAccess before they show rows, and a
// list first loads its view's code (sideList) and the generic list's, which Vite transforms on first use: on a busy
// 2-core machine that can take longer than Testing Library's default second, and at times than ten.
configure({ asyncUtilTimeout: 20_000 });

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

// The generic list and every list view load beside the app's code in the browser (SchemaList's moduleOnTheSide,
// sideList), started as their modules are imported, while the test file's own imports are still being evaluated. Twice
// the first test of a file (lists, resourceScreens) then saw its list's skeleton for the whole 20 s in a full run, and
// passed alone: here they are loaded, one after another, before the file's tests — in a hook, so after the file's own
// imports and `vi.mock`s, which then apply to these modules too.
beforeAll(async () => {
  await import('../../src/resources/ResourceList.js');
  const { views } = await import('../../src/views.js');
  for (const view of Object.values(views)) {
    const load = (view.list as { load?: () => Promise<unknown> } | undefined)?.load;
    if (load) await load();
  }
}, 60_000);
