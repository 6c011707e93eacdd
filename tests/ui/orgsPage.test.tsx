import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import { writeState, type OrgState } from '../../dataProvider/session.js';
import { fakeServer, signedInAs } from './support/fakeServer.js';
import { renderAt, where } from './support/renderApp.js';

const P = Permissions.Orgs;
const T = Texts.orgs.orgs;
/** Everything the Orgs page offers (caseadmin). */
const ALL = Object.values(P);
/** Looking only (manager): the views and reads. */
const VIEWER = [P.VIEW_ORGANIZATIONS, P.GET_ORG_CASE_TYPES, P.GET_ORG_DEADLINES, P.GET_ORG_USERS, P.GET_ORG_EXPENSE_RULES, P.GET_ORG_INVOICE_SETTINGS];

const org = (Id: number, Name: string, Code: string, ParentOrg_Id: number | null, Hidden = false): OrgState => ({ Id, Name, Code, ParentOrg_Id, Hidden, ContractType_Id: null });
const ORGS: OrgState[] = [
  org(1, 'Dossier Investigations', 'DI', null),
  org(2, 'Federal Clients', 'FED', 1),
  org(3, 'Department of Commerce', 'DOC', 2),
  org(4, 'DOC Atlanta Field Office', 'DOC-ATL', 3),
  org(5, 'State Clients', 'STATE', 1),
  org(6, 'Harbor Bank', 'HARB', 5, true),
  org(7, 'INACTIVE ORGS', 'INACTIVE', 1, true),
  org(8, 'Carolina Freight (closed)', 'OLD', 7, true),
];
const general = (o: OrgState) => ({
  ...o,
  Address1: '1 Main Street',
  Address2: null,
  City: 'Columbia',
  RegionType_Id: null,
  PostalCode: '29201',
  Phone1: '803-555-0100',
  Phone2: null,
  Fax: null,
  ROIEncrpytionPassword: null,
  PrependAttachmentsToROI: false,
});
const LISTS = [
  { TableName: 'ContractType', FormattedTableName: 'Contract Type', IsDynamic: false, Types: [{ Id: 31, Short: 'FED', Description: 'Federal', Hidden: false }] },
  { TableName: 'RegionType', FormattedTableName: 'Region Type', IsDynamic: false, Types: [{ Id: 41, Short: 'SC', Description: 'South Carolina', Hidden: false }] },
];

type Handler = Parameters<typeof fakeServer>[0];

/** The app at `path`, signed in with `roles`; the org list is asked for (the stored copy is old). */
function setup(path: string, roles: string[] = ALL, override?: Handler) {
  const orgs = ORGS.map((o) => ({ ...o }));
  const server = fakeServer((request) => {
    const answer = override?.(request);
    if (answer) return answer;
    const { method, url, body } = request;
    if (method === 'GET' && url === '/api/orgs?includeHidden=true') return { body: orgs };
    const one = /^\/api\/orgs\/(\d+)\/(general|parent|invoice-settings|case-types|users|expense-rules)$/.exec(url);
    const found = one && orgs.find((o) => o.Id === Number(one[1]));
    if (one && !found) return { status: 404, body: { Message: T.notFound } };
    if (one && found && one[2] === 'general') return { body: general(found) };
    if (one && found && one[2] === 'parent' && method === 'PUT') {
      found.ParentOrg_Id = (body as { ParentOrg_Id: number }).ParentOrg_Id;
      return { body: found };
    }
    if (one && found && one[2] === 'invoice-settings') return { body: { Org_Id: found.Id, QboId: null, IncludeLast4SSN: false } };
    if (one && ['case-types', 'users', 'expense-rules'].includes(one[2])) return { body: [] };
    if (method === 'GET' && url === '/api/qbo/customers') return { body: [{ Id: '58', DisplayName: 'Commerce Dept.' }] };
    const remove = /^\/api\/orgs\/(\d+)$/.exec(url);
    const removed = remove && method === 'DELETE' && orgs.find((o) => o.Id === Number(remove[1]));
    if (removed) {
      removed.Hidden = !removed.Hidden;
      return { body: general(removed) };
    }
    return undefined;
  });
  signedInAs(roles, {}, [], LISTS);
  writeState((s) => ({ ...s, orgs: { list: [], loadedAt: 0 } }));
  renderAt(path);
  return server;
}

const tree = () => screen.findByRole('tree', { name: 'Orgs' }, { timeout: 15_000 });
/** The row of an org in the tree (what is dragged and dropped on). */
const row = async (name: string) => (await within(await tree()).findByText(name, { exact: false })).closest('.MuiTreeItem-content') as HTMLElement;
const dataTransfer = () => {
  const data = new Map<string, string>();
  return { setData: (type: string, value: string) => data.set(type, value), getData: (type: string) => data.get(type) ?? '', effectAllowed: '', dropEffect: '' };
};
const moves = (calls: { method: string; url: string }[]) => calls.filter((c) => c.method === 'PUT' && c.url.endsWith('/parent'));

// The app's query client lives as long as the module: lists and records read by one test are still there in the
// next (as in a session). Tests that change the tree or fail a load use orgs the others leave alone.
describe('the Orgs page', () => {
  // The page loads lazily; load its modules first so the timeouts measure the page, not the transform.
  beforeAll(async () => {
    await Promise.all([import('../../src/orgs/OrgsPage.js'), import('../../src/resources/ResourceList.js'), import('../../src/resources/ResourceForm.js')]);
  });

  describe('the tree', () => {
    it('lists the orgs in their hierarchy, leaving out hidden orgs and INACTIVE ORGS until asked', async () => {
      setup('/orgs');
      const orgsTree = await tree();
      expect(await within(orgsTree).findByText('Department of Commerce (DOC)')).toBeInTheDocument();
      expect(within(orgsTree).getByText('Dossier Investigations (DI)')).toBeInTheDocument();
      expect(within(orgsTree).queryByText(/Harbor Bank/)).not.toBeInTheDocument();
      expect(within(orgsTree).queryByText(/INACTIVE ORGS/)).not.toBeInTheDocument();
      expect(within(orgsTree).queryByText(T.inactive)).not.toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Orgs' })).toBeInTheDocument();
      expect(screen.getByText(T.dragHint)).toBeInTheDocument();

      await userEvent.click(screen.getByRole('switch', { name: 'Show inactive' }));
      const harbor = await within(orgsTree).findByRole('treeitem', { name: /^Harbor Bank/ });
      expect(within(harbor).getByText(T.inactive)).toBeInTheDocument();
      expect(within(orgsTree).getByText('INACTIVE ORGS (INACTIVE)')).toBeInTheDocument();
    });

    it('finds orgs by name, keeping their ancestors', async () => {
      setup('/orgs');
      const orgsTree = await tree();
      await within(orgsTree).findByText('State Clients (STATE)');
      await userEvent.type(screen.getByRole('textbox', { name: 'Search Orgs' }), 'atlanta');
      await waitFor(() => expect(within(orgsTree).queryByText('State Clients (STATE)')).not.toBeInTheDocument());
      expect(within(orgsTree).getByText('DOC Atlanta Field Office (DOC-ATL)')).toBeInTheDocument();
      expect(within(orgsTree).getByText('Federal Clients (FED)')).toBeInTheDocument();
    });

    it('opens an org on a click, keeping the tab, with the org highlighted and its ancestors open', async () => {
      setup('/orgs/4/expenses');
      const orgsTree = await tree();
      const atlanta = await within(orgsTree).findByRole('treeitem', { name: /^DOC Atlanta Field Office/ });
      expect(atlanta).toHaveAttribute('aria-checked', 'true');
      expect(within(orgsTree).getByRole('treeitem', { name: /^Department of Commerce/ })).toHaveAttribute('aria-expanded', 'true');
      expect(await screen.findByRole('tab', { name: 'Expenses', selected: true })).toBeInTheDocument();
      await userEvent.click(within(orgsTree).getByText('State Clients (STATE)'));
      await waitFor(() => expect(where()).toHaveTextContent('/orgs/5/expenses'));
      expect(await screen.findByRole('heading', { name: 'State Clients' })).toBeInTheDocument();
    });

    it('moves an org dropped onto another after asking, says so and reads the tree again', async () => {
      const { calls } = setup('/orgs');
      await tree();
      fireEvent.dragStart(await row('DOC Atlanta Field Office'), { dataTransfer: dataTransfer() });
      const target = await row('State Clients');
      fireEvent.dragOver(target, { dataTransfer: dataTransfer() });
      fireEvent.drop(target, { dataTransfer: dataTransfer() });
      // Asked first: the org, its new parent, and that it moves alone.
      const ask = await screen.findByRole('dialog', { name: T.moveTitle('DOC Atlanta Field Office') });
      expect(ask).toHaveTextContent(T.confirmMove('DOC Atlanta Field Office', 'State Clients', 1));
      expect(ask).toHaveTextContent('DOC Atlanta Field Office will move under State Clients. From then on it inherits');
      expect(moves(calls)).toEqual([]);
      await userEvent.click(within(ask).getByRole('button', { name: T.moveConfirm }));
      expect(await screen.findByText(T.parentChanged('DOC Atlanta Field Office', 'State Clients'))).toBeInTheDocument();
      expect(moves(calls)).toEqual([{ method: 'PUT', url: '/api/orgs/4/parent', body: { ParentOrg_Id: 5 } }]);
      // The tree is read again: Atlanta now sits under State Clients.
      const readsAfterMove = () => calls.slice(calls.findIndex((c) => c.method === 'PUT')).filter((c) => c.url === '/api/orgs?includeHidden=true');
      await waitFor(() => expect(readsAfterMove().length).toBeGreaterThan(0), { timeout: 10_000 });
      const state = within(await tree()).getByRole('treeitem', { name: /^State Clients/ });
      expect(await within(state).findByText('DOC Atlanta Field Office (DOC-ATL)')).toBeInTheDocument();
    });

    it('names how many orgs move with an org that has orgs below it, and moves nothing when the question is cancelled', async () => {
      const { calls } = setup('/orgs');
      await tree();
      fireEvent.dragStart(await row('Federal Clients'), { dataTransfer: dataTransfer() });
      const target = await row('State Clients');
      fireEvent.dragOver(target, { dataTransfer: dataTransfer() });
      fireEvent.drop(target, { dataTransfer: dataTransfer() });
      const ask = await screen.findByRole('dialog', { name: T.moveTitle('Federal Clients') });
      // Federal Clients, Department of Commerce and DOC Atlanta Field Office.
      expect(ask).toHaveTextContent('Federal Clients will move under State Clients, with the 2 orgs below it: 3 orgs move in all.');
      await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(moves(calls)).toEqual([]);
    });

    it('says "Cannot move here" on an org below the dragged one and refuses the drop there, before asking anything', async () => {
      const { calls } = setup('/orgs');
      await tree();
      fireEvent.dragStart(await row('Federal Clients'), { dataTransfer: dataTransfer() });
      const below = await row('Department of Commerce');
      // The row takes the drag (so the drop can be answered) and says why nothing will move there…
      expect(fireEvent.dragOver(below, { dataTransfer: dataTransfer() })).toBe(false);
      expect(await within(below).findByText(T.cannotMoveHere)).toBeInTheDocument();
      // …and the drop says so out loud; nothing is asked or sent.
      fireEvent.drop(below, { dataTransfer: dataTransfer() });
      expect(await screen.findByText(T.underItself)).toBeInTheDocument();
      expect(within(below).queryByText(T.cannotMoveHere)).not.toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(moves(calls)).toEqual([]);
    });

    it('offers no drop on the dragged org itself nor on its own parent, where nothing would change', async () => {
      const { calls } = setup('/orgs');
      await tree();
      fireEvent.dragStart(await row('DOC Atlanta Field Office'), { dataTransfer: dataTransfer() });
      expect(fireEvent.dragOver(await row('DOC Atlanta Field Office'), { dataTransfer: dataTransfer() })).toBe(true);
      expect(fireEvent.dragOver(await row('Department of Commerce'), { dataTransfer: dataTransfer() })).toBe(true);
      fireEvent.drop(await row('DOC Atlanta Field Office'), { dataTransfer: dataTransfer() });
      expect(screen.queryByText(T.underItself)).not.toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(moves(calls)).toEqual([]);
    });

    it('does not drag orgs for users without Change Parent Organization, nor the top org for anyone', async () => {
      setup('/orgs', VIEWER);
      await tree();
      expect(await row('Federal Clients')).not.toHaveAttribute('draggable', 'true');
      expect(screen.queryByText(T.dragHint)).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Add Org' })).not.toBeInTheDocument();
    });

    it('never drags the top org', async () => {
      setup('/orgs');
      await tree();
      expect(await row('Dossier Investigations')).toHaveAttribute('draggable', 'false');
      expect(await row('Federal Clients')).toHaveAttribute('draggable', 'true');
    });
  });

  describe('the tabs', () => {
    it('/orgs/{orgId} opens General', async () => {
      setup('/orgs/2');
      await waitFor(() => expect(where()).toHaveTextContent('/orgs/2/general'));
      expect(await screen.findByRole('tab', { name: 'General', selected: true })).toBeInTheDocument();
      expect(await screen.findByRole('textbox', { name: 'Name' }, { timeout: 10_000 })).toHaveValue('Federal Clients');
    });

    it('an unknown section leads to General', async () => {
      setup('/orgs/2/nonsense');
      await waitFor(() => expect(where()).toHaveTextContent('/orgs/2/general'));
    });

    it('shows every tab to a user with every permission', async () => {
      setup('/orgs/2/general');
      const tabs = await screen.findByRole('tablist');
      await waitFor(() => expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual(['General', 'Case Types', 'Users', 'Expenses', 'Invoices']));
    });

    it('shows only the tabs the user may open, and a forbidden one leads to General', async () => {
      setup('/orgs/2/case-types', [P.VIEW_ORGANIZATIONS, P.GET_ORG_USERS]);
      await waitFor(() => expect(where()).toHaveTextContent('/orgs/2/general'));
      const tabs = await screen.findByRole('tablist');
      expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual(['General', 'Users']);
    });

    it('an org the user cannot see is the not-found view', async () => {
      setup('/orgs/99/general');
      expect(await screen.findByText(Texts.global.notFound, {}, { timeout: 10_000 })).toBeInTheDocument();
    });

    it('a General that fails to load says so instead of an empty form', async () => {
      setup('/orgs/6/general', ALL, ({ url }) => (url === '/api/orgs/6/general' ? { status: 500, body: { Message: 'Boom.' } } : undefined));
      expect(await screen.findByText(T.generalLoadFailed, {}, { timeout: 10_000 })).toBeInTheDocument();
      expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    });

    it('shows a reader the org without Add Org, Deactivate or Save Changes', async () => {
      setup('/orgs/2/general', VIEWER);
      expect(await screen.findByRole('heading', { name: 'Federal Clients' })).toBeInTheDocument();
      await screen.findByText('Federal Clients (FED)');
      expect(screen.queryByRole('button', { name: 'Deactivate' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Add Org' })).not.toBeInTheDocument();
      await screen.findByRole('form', { name: 'General' }, { timeout: 10_000 });
      expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
    });
  });

  describe('changing orgs', () => {
    it('deactivates an org after asking, and says so', async () => {
      const { calls } = setup('/orgs/5/general');
      await userEvent.click(await screen.findByRole('button', { name: 'Deactivate' }, { timeout: 10_000 }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText(T.confirmToggle(false, 'State Clients'))).toBeInTheDocument();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
      expect(await screen.findByText(T.deactivated('State Clients'))).toBeInTheDocument();
      expect(calls.filter((c) => c.method === 'DELETE')).toEqual([{ method: 'DELETE', url: '/api/orgs/5', body: undefined }]);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(await screen.findByRole('button', { name: 'Activate' })).toBeInTheDocument();
    });

    it('offers no Deactivate on the top org', async () => {
      setup('/orgs/1/general');
      await screen.findByRole('heading', { name: 'Dossier Investigations' }, { timeout: 10_000 });
      await screen.findByRole('form', { name: 'General' }, { timeout: 10_000 });
      expect(screen.queryByRole('button', { name: 'Deactivate' })).not.toBeInTheDocument();
    });

    it('adds an org under the open one and opens it', async () => {
      const { calls } = setup('/orgs/3/general', ALL, ({ method, url, body }) =>
        method === 'POST' && url === '/api/orgs' ? { body: general(org(20, (body as OrgState).Name, 'NEW', 3)) } : undefined,
      );
      await userEvent.click(await screen.findByRole('button', { name: 'Add Org' }, { timeout: 10_000 }));
      const dialog = await screen.findByRole('dialog', { name: 'Add Org' });
      expect(await within(dialog).findByRole('textbox', { name: /Parent Org/ })).toHaveValue('Department of Commerce');
      await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Savannah Office');
      await userEvent.type(within(dialog).getByRole('textbox', { name: 'Code' }), 'SAV');
      await userEvent.type(within(dialog).getByRole('textbox', { name: 'Street' }), '2 River St');
      await userEvent.type(within(dialog).getByRole('textbox', { name: 'City' }), 'Savannah');
      await userEvent.type(within(dialog).getByRole('textbox', { name: 'PostalCode' }), '31401');
      await userEvent.type(within(dialog).getByRole('textbox', { name: 'Phone 1' }), '9125550100');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Add Org' }));
      expect(await screen.findByText(T.created('Savannah Office'))).toBeInTheDocument();
      expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ ParentOrg_Id: 3, Name: 'Savannah Office', Code: 'SAV' });
      await waitFor(() => expect(where()).toHaveTextContent('/orgs/20/general'));
    });
  });
});
