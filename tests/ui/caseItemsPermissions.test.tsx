import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Permissions } from '../../shared/permissions.js';
import { MANAGER, VIEWER, loadItemSlots, rowOf, setup } from './support/caseItemsList.js';

const P = Permissions;

afterEach(() => vi.restoreAllMocks());

beforeAll(async () => {
  await loadItemSlots();
});

describe('who sees what', () => {
  /** The bulk buttons a user with `roles` gets once an item is checked. */
  const bulkButtons = async (roles: string[], first: string) => {
    const user = userEvent.setup();
    setup(roles);
    await user.click(within(await rowOf('001')).getByRole('checkbox'));
    await screen.findByRole('button', { name: first });
    return ['Assign', 'Update ACDs', 'Accept', 'Reject', 'Submit'].filter((name) => screen.queryByRole('button', { name }));
  };

  it('gives a user who may only view items no checks, no add, delete or move, and the form read only', async () => {
    setup(VIEWER);
    const first = await rowOf('001');
    expect(within(first).queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Item' })).toBeNull();
    expect(within(first).queryByRole('button', { name: /Delete|Move|Edit/ })).toBeNull();
    expect(within(first).getByRole('button', { name: 'View Item 001' })).toBeInTheDocument();
  });

  it('shows each row action to holders of its permission only', async () => {
    setup([P.Items.VIEW_ITEMS, P.Items.REORDER_ITEMS]);
    const first = await rowOf('001');
    expect(await within(first).findByRole('button', { name: 'Move down Item 001' })).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: 'Delete Item 001' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Item' })).toBeNull();
  });

  it('shows Add Item and delete to their holders, without move', async () => {
    setup([P.Items.VIEW_ITEMS, P.Items.CREATE_ITEMS, P.Items.DELETE_ITEMS]);
    const first = await rowOf('001');
    expect(await screen.findByRole('button', { name: 'Add Item' })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Delete Item 001' })).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: /Move/ })).toBeNull();
  });

  it.each([
    ['assigners', [P.ItemAssignments.ADD_ITEM_ASSIGNMENTS], ['Assign']],
    ['deadline managers', [P.CaseItems.MANAGE_CASE_ITEM_DEADLINES], ['Update ACDs']],
    ['reviewers', [P.CaseItems.REVIEW_CASE_ITEMS], ['Accept', 'Reject']],
    ['investigators', [P.CaseItems.UPDATE_CASE_ITEM_STATUS], ['Submit']],
    ['case managers', MANAGER, ['Assign', 'Update ACDs', 'Accept', 'Reject', 'Submit']],
  ])('gives %s their bulk buttons only', async (_who, roles, expected) => {
    expect(await bulkButtons([P.Items.VIEW_ITEMS, ...roles], expected[0])).toEqual(expected);
  });
});
