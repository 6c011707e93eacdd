import { vi } from 'vitest';
import { PERSIST_KEY, PERSIST_VERSION } from '../../../shared/constants.js';
import { LOGOUT_AT_KEY, type PersistedState } from '../../../dataProvider/session.js';

type Handler = (request: { method: string; url: string; body: unknown }) => { status?: number; body?: unknown } | undefined;

/**
 * A stand-in for the network in component tests: answers fetch calls from a handler and records them (the reads of a
 * read batch each as its own GET, after the batch). The components, data provider and auth provider under test are
 * the real ones.
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
    const answerOf = (read: { method: string; url: string; body: unknown }) => handler(read) ?? { status: 404, body: { Message: 'Not found.' } };
    // A read batch (POST /api/reads) is answered as the server answers it: each read by the handler, as its own GET.
    const batched = method === 'POST' && url === '/api/reads' ? (body as { Paths: string[] }).Paths : null;
    const answer = batched
      ? {
          body: {
            Answers: batched.map((path) => {
              const read = { method: 'GET', url: path, body: undefined };
              calls.push(read);
              const { status = 200, body: readBody = null } = answerOf(read);
              return { Path: path, Status: status, Body: status === 204 ? null : readBody };
            }),
          },
        }
      : answerOf({ method, url, body });
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
