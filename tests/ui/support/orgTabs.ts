import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/**
 * What the tests of the org tabs share. The tabs' lists are drawn by the generic machinery from their declarations
 * alone (spec 002 §2.1, §3, §5, §9): Case Types (grouped rows, date ranges with fees, CDs and ACDs), Users (settings
 * saved from the row) and Expenses (money, the grey edge of an ended rule), each given the selected org as its parent,
 * as the org page's tabs do.
 */

/** The selected org, given as the parent to each tab's list. */
export const ORG = { Id: 7, id: 7, Name: 'Acme Insurance', ParentOrg_Id: 1, Hidden: false };

/** Picks a select's "show all" choice: react-admin names its empty choice "Clear value" for screen readers; it reads Show All. */
export async function showAll(select: HTMLElement) {
  await userEvent.click(select);
  await userEvent.click(within(await screen.findByRole('listbox')).getByText('Show All'));
}
