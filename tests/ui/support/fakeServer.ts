import { vi } from 'vitest';
import { PERSIST_KEY, PERSIST_VERSION } from '../../../shared/constants.js';
import { LOGOUT_AT_KEY, type PersistedState } from '../../../dataProvider/session.js';

type Handler = (request: { method: string; url: string; body: unknown }) => { status?: number; body?: unknown } | undefined;

/**
 * A stand-in for the network in component tests: answers fetch calls from a handler and records them. The
 * components, data provider and auth provider under test are the real ones.
 */
export function fakeServer(handler: Handler) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    let body: unknown = init?.body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        body = Object.fromEntries(new URLSearchParams(body as string));
      }
    }
    calls.push({ method, url, body });
    const answer = handler({ method, url, body }) ?? { status: 404, body: { Message: 'Not found.' } };
    const status = answer.status ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(answer.body ?? null), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls };
}

/** Puts a signed-in session in local storage, as the sign-in would. */
export function signedInAs(
  roles: string[],
  user: Partial<PersistedState['account']['user']> = {},
  groups: string[] = [],
  extraLists: PersistedState['types']['lists'] = [],
) {
  const state: PersistedState = {
    version: PERSIST_VERSION,
    account: {
      token: 'test-token',
      user: { Id: 1, UserName: 'tester', FirstName: 'Terry', LastName: 'Tester', Email: null, Org_Id: 1, ...user },
      permissions: { roles, groups, tags: [] },
      autoLogoutMinutes: null,
    },
    types: {
      lists: [
        {
          TableName: 'UOMType',
          FormattedTableName: 'UOM Type',
          IsDynamic: false,
          Types: [
            { Id: 11, Short: 'EA', Description: 'Each', Hidden: false },
            { Id: 12, Short: 'MI', Description: 'Mile', Hidden: false },
          ],
        },
        ...extraLists,
      ],
      loadedAt: Date.now(),
    },
    orgs: { list: [], loadedAt: Date.now() },
  };
  localStorage.setItem(PERSIST_KEY, JSON.stringify(state));
  localStorage.setItem(LOGOUT_AT_KEY, String(Date.now() + 30 * 60_000));
}
