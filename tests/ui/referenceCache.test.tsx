import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState, type ReactElement } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Button } from '@mui/material';
import { ListContextProvider, useList } from 'react-admin';
import { Permissions } from '../../shared/permissions.js';
import { Timing } from '../../shared/constants.js';
import groups from '../../resources/groups.js';
import CaseFilters from '../../src/cases/CaseFilters.js';
import ItemFilters from '../../src/items/ItemFilters.js';
import UserFilterPanel from '../../src/identity/UserFilters.js';
import { useResourceSave } from '../../src/resources/useResourceSave.js';
import type { ViewProps } from '../../src/resources/views.js';
import { fakeServer, signedInAs } from './support/fakeServer.js';
import { renderWithAdmin } from './support/renderWithAdmin.js';

/**
 * Issue 25, part 4: reference data read on one screen is not asked for again when the next screen needing it mounts
 * within `Timing.REFERENCE_CACHE_MS` (the app's query client, src/queryClient.ts); a write of the app asks again at
 * once, and a failed read is asked again rather than kept.
 */

type Json = Record<string, unknown>;

const CASE_STATES = [{ Id: 'NEW', Description: 'New', Order: 1 }];
const ITEM_STATES = [
  { Id: 'ASSIGNED', Description: 'Assigned', Order: 1 },
  { Id: 'IN_REVIEW', Description: 'In Review', Order: 2 },
];
const group = (Id: number, Name: string) => ({ Id, Name, Description: null, Tags: [{ Id: 1, Name: 'Staff' }] });

/** A filter panel as its list shows it: in a list context of no rows. */
function Panel({ view: View }: { view: (props: ViewProps) => ReactElement }) {
  const list = useList<{ id: number }>({ data: [] });
  return (
    <ListContextProvider value={list}>
      <View declaration={groups} />
    </ListContextProvider>
  );
}

/** Pages of the app one after another: only the shown one is mounted, as the router does it. */
function Pages({ pages }: { pages: Record<string, ReactElement> }) {
  const names = Object.keys(pages);
  const [shown, setShown] = useState(names[0]);
  return (
    <>
      {names.map((name) => (
        <Button key={name} onClick={() => setShown(name)}>{`Go to ${name}`}</Button>
      ))}
      {pages[shown]}
    </>
  );
}

/** A group saved the way every form saves (useResourceSave: create, then react-admin's refresh). */
function NewGroupPage() {
  const save = useResourceSave(groups);
  return <Button onClick={() => void save({ Name: 'Auditors', Description: null })}>Save group</Button>;
}

const go = (page: string) => fireEvent.click(screen.getByRole('button', { name: `Go to ${page}` }));

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('reference data across pages', () => {
  it('is not asked for again by the next page that needs it within the fresh time, and is after it', async () => {
    signedInAs([Permissions.Cases.VIEW_CASES]);
    const { calls } = fakeServer(({ method, url }) => {
      if (method === 'GET' && url === '/api/workflows/case-states') return { body: CASE_STATES };
      if (method === 'GET' && url === '/api/workflows/item-states') return { body: ITEM_STATES };
      return undefined;
    });
    const reads = () => calls.filter((c) => c.url === '/api/workflows/item-states').length;
    renderWithAdmin(<Pages pages={{ cases: <Panel view={CaseFilters} />, items: <Panel view={ItemFilters} />, other: <p>Elsewhere</p> }} />);
    await screen.findByText('In Review');
    expect(reads()).toBe(1);

    // Item search's panel needs the same states: it shows them at once, from the cache.
    go('items');
    await screen.findByRole('region', { name: 'Item filters' });
    expect(screen.getByText('In Review')).toBeTruthy();
    go('other');
    go('cases');
    await screen.findByText('In Review');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads()).toBe(1);

    // Once the fresh time is over, the next page asks again.
    const later = Date.now() + Timing.REFERENCE_CACHE_MS + 1000;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    go('items');
    await waitFor(() => expect(reads()).toBe(2));
  });

  it('is asked for again after a write of the app, and shows what the server answers then', async () => {
    signedInAs([Permissions.Groups.VIEW_GROUPS, Permissions.Groups.CREATE_GROUP]);
    const known = [group(1, 'Case Admins')];
    const { calls } = fakeServer(({ method, url, body }) => {
      if (method === 'GET' && url === '/api/identity/groups') return { body: known };
      // The refresh after the save asks for everything again, the session's orgs too.
      if (method === 'GET' && url === '/api/orgs?includeHidden=true') return { body: [] };
      if (method === 'POST' && url === '/api/identity/groups') {
        const created = group(2, String((body as Json).Name));
        known.push(created);
        return { body: created };
      }
      return undefined;
    });
    const reads = () => calls.filter((c) => c.method === 'GET' && c.url === '/api/identity/groups').length;
    renderWithAdmin(<Pages pages={{ users: <Panel view={UserFilterPanel} />, group: <NewGroupPage />, other: <p>Elsewhere</p> }} />);
    fireEvent.click(await screen.findByRole('button', { name: /Expand Staff/ }));
    await screen.findByText('Case Admins');
    expect(reads()).toBe(1);

    // Within the fresh time, the users' panel shows the groups it read without asking again.
    go('other');
    go('users');
    fireEvent.click(await screen.findByRole('button', { name: /Expand Staff/ }));
    await screen.findByText('Case Admins');
    expect(reads()).toBe(1);

    // A group saved: the next page that shows the groups asks again and shows the new one.
    go('group');
    fireEvent.click(screen.getByRole('button', { name: 'Save group' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/identity/groups')).toBe(true));
    await screen.findByText(/Auditors/);
    go('users');
    fireEvent.click(await screen.findByRole('button', { name: /Expand Staff/ }));
    await screen.findByText('Auditors');
    expect(reads()).toBe(2);
  });

  it('is asked for again after a failed read: a failure is never kept as an answer', async () => {
    signedInAs([Permissions.Cases.VIEW_CASES]);
    let fail = true;
    const { calls } = fakeServer(({ method, url }) => {
      if (method === 'GET' && url === '/api/workflows/item-states') return fail ? { status: 500, body: { Message: 'The server failed.' } } : { body: ITEM_STATES };
      return undefined;
    });
    const reads = () => calls.filter((c) => c.url === '/api/workflows/item-states').length;
    renderWithAdmin(<Pages pages={{ items: <Panel view={ItemFilters} />, other: <p>Elsewhere</p> }} />);
    await waitFor(() => expect(reads()).toBe(1));
    await screen.findByRole('region', { name: 'Item filters' });
    expect(screen.queryByText('In Review')).toBeNull();

    fail = false;
    go('other');
    go('items');
    await screen.findByText('In Review');
    expect(reads()).toBe(2);
  });
});
