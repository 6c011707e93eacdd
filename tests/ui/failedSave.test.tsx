import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import { writeState } from '../../dataProvider/session.js';
import { CaseParameters } from '../../src/cases/CaseParameters.js';
import { ResourceListOf } from '../../src/resources/SchemaList.js';
import { fakeServer, signedInAs } from './support/fakeServer.js';
import { renderAt } from './support/renderApp.js';
import { renderWithAdmin } from './support/renderWithAdmin.js';
import { caseFixture } from './support/caseFixtures.js';

/**
 * A save the server fails (500) never looks saved: the toast says so, the typed value stays in its field, the form
 * stays changed — Save enabled, a modal open — and a second click sends again. The case form on its page, an org's
 * General tab, a create modal, an edit modal and a case's Additional Settings.
 */

type Json = Record<string, unknown>;
type Request = { method: string; url: string; body: unknown };
const C = Permissions.Cases;
const O = Permissions.Orgs;

/** Answers 500 to the first `failures` calls `matches` accepts, then lets `then` answer. */
function failingFirst(matches: (request: Request) => boolean, failures = 1) {
  let failed = 0;
  return (request: Request, then: () => { status?: number; body?: unknown } | undefined) => {
    if (!matches(request)) return undefined;
    if (failed < failures) {
      failed += 1;
      return { status: 500, body: { Message: 'An error has occurred.' } };
    }
    return then();
  };
}

const writes = (calls: Request[], method: string, url: string) => calls.filter((c) => c.method === method && c.url === url);

/** The form's state once the failure has been taken in: react-hook-form settles after the toast shows. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 50));

afterEach(() => vi.restoreAllMocks());

describe('a failed save', () => {
  it('keeps the case form on its page changed, with Save enabled, and saves on the second click', async () => {
    const user = userEvent.setup();
    const record = caseFixture();
    const put = failingFirst((r) => r.method === 'PUT' && r.url === '/api/cases/7?ssn=masked');
    const { calls } = fakeServer((request) => {
      const answer = put(request, () => ({ body: { ...record, ...(request.body as Json) } }));
      if (answer) return answer;
      const { method, url } = request;
      if (method === 'GET' && url === '/api/cases/7?ssn=masked') return { body: record };
      if (method === 'GET' && url === '/api/workflows/cases/7') return { body: { Id: 7, WorkflowState: 'IN_PROCESS', CaseStatusType: 'NORMAL', DueDate: null, CompletionDate: null, LockedTo_Id: null, LockedToName: null } };
      if (method === 'GET' && url === '/api/cases/requesting-official/3') return { body: [{ Id: 5, FirstName: 'Claire', LastName: 'Donovan' }] };
      if (method === 'GET' && url.startsWith('/api/orgs/3/case-types')) return { body: [{ Id: 40, Org_Id: 3, CaseType_Id: 21, CaseType: { Id: 21, Short: 'T1', Description: 'Tier 1 Investigation' } }] };
      if (method === 'GET' && url.startsWith('/api/') && !url.startsWith('/api/live')) return { body: [] };
      return undefined;
    });
    const roles = [C.VIEW_CASES, C.EDIT_CASES, C.CHANGE_REQUESTING_OFFICIAL, C.CHANGE_CASE_TYPE];
    signedInAs(roles);
    writeState((s) => ({ ...s, account: { ...s.account, permissions: { roles, groups: [], tags: [] } } }));
    renderAt('/cases/7');

    const form = await screen.findByRole('form', { name: 'Case DOS-2026-000007' }, { timeout: 15_000 });
    const notes = within(form).getByRole('textbox', { name: 'Case Notes' });
    await user.type(notes, ' and second');
    const save = within(form).getByRole('button', { name: 'Save' });
    await user.click(save);

    expect(await screen.findByText(Texts.cases.errors.updateNumberFailed('DOS-2026-000007'))).toBeInTheDocument();
    await settled();
    expect(notes).toHaveValue('first and second');
    expect(save).toBeEnabled();
    await user.click(save);
    expect(await screen.findByText(Texts.cases.toasts.saved)).toBeInTheDocument();
    const sent = writes(calls, 'PUT', '/api/cases/7?ssn=masked');
    expect(sent).toHaveLength(2);
    expect(sent.map((c) => (c.body as Json).Notes)).toEqual(['first and second', 'first and second']);
  });

  it("keeps an org's General tab changed, with Save Changes enabled, and saves on the second click", async () => {
    const user = userEvent.setup();
    const general = { Id: 3, id: 3, Name: 'Department of Commerce', Code: 'DOC', ParentOrg_Id: null, Hidden: false, ContractType_Id: null, Address1: '1 Main Street', Address2: null, City: 'Columbia', RegionType_Id: null, PostalCode: '29201', Phone1: '803-555-0100', Phone2: null, Fax: null, ROIEncrpytionPassword: null, PrependAttachmentsToROI: false };
    const put = failingFirst((r) => r.method === 'PUT' && r.url === '/api/orgs/3/general');
    const { calls } = fakeServer((request) => {
      const answer = put(request, () => ({ body: { ...general, ...(request.body as Json) } }));
      if (answer) return answer;
      const { method, url } = request;
      if (method === 'GET' && url === '/api/orgs?includeHidden=true') return { body: [general] };
      if (method === 'GET' && url === '/api/orgs/3/general') return { body: general };
      if (method === 'GET' && url.startsWith('/api/') && !url.startsWith('/api/live')) return { body: [] };
      return undefined;
    });
    signedInAs(Object.values(O));
    writeState((s) => ({ ...s, orgs: { list: [], loadedAt: 0 } }));
    renderAt('/orgs/3/general');

    const form = await screen.findByRole('form', { name: 'General' }, { timeout: 15_000 });
    // The form turns from read only to editable once the permissions are known: Save Changes shows then.
    const save = await within(form).findByRole('button', { name: 'Save Changes' });
    expect(save).toBeDisabled();
    const city = within(form).getByRole('textbox', { name: /^City/ });
    await user.type(city, 'ville');
    await user.click(save);

    expect(await screen.findByText(Texts.orgs.orgs.updateFailed)).toBeInTheDocument();
    await settled();
    expect(city).toHaveValue('Columbiaville');
    expect(save).toBeEnabled();
    await user.click(save);
    expect(await screen.findByText(Texts.orgs.orgs.updated('Department of Commerce'))).toBeInTheDocument();
    const sent = writes(calls, 'PUT', '/api/orgs/3/general');
    expect(sent).toHaveLength(2);
    expect(sent.map((c) => (c.body as Json).City)).toEqual(['Columbiaville', 'Columbiaville']);
  });

  const ORG = { Id: 7, id: 7, Name: 'Acme Insurance', ParentOrg_Id: 1, Hidden: false };
  const EXPENSE_TYPES = [{ Id: 1, Short: 'Mileage', Description: 'Mileage', UOMType_Id: 12, UOM: { Id: 12, Short: 'MI', Description: 'Mile' }, MultipleUnitsAllowed: true, Reimbursable: true, Hidden: false }];
  const rule = { Id: 1, Org_Id: 7, ExpenseType_Id: 1, ExpenseType: { Id: 1, Description: 'Mileage' }, CPU: 0.5, UOM: { Description: 'Mile' }, IsPassthrough: false, ActiveFrom: '2020-01-01', ActiveTo: null, Inherited: false, InheritedFrom: null };

  /** An org's Expenses tab whose rule writes fail once. */
  function expenses(roles: string[]) {
    const write = failingFirst((r) => (r.method === 'POST' || r.method === 'PUT') && r.url.startsWith('/api/orgs/7/expense-rules'));
    const server = fakeServer((request) => {
      const answer = write(request, () => ({ body: { ...rule, Id: request.method === 'POST' ? 2 : 1, ...(request.body as Json) } }));
      if (answer) return answer;
      const { method, url } = request;
      if (method === 'GET' && url === '/api/orgs/7/expense-rules') return { body: [rule] };
      if (method === 'GET' && url === '/api/expense-types') return { body: EXPENSE_TYPES };
      return undefined;
    });
    signedInAs(roles);
    renderWithAdmin(<ResourceListOf resource="org-expense-rules" parent={ORG} />);
    return server;
  }

  it('keeps a create modal open with what was typed, Save enabled, and creates on the second click', async () => {
    const user = userEvent.setup();
    const { calls } = expenses([O.GET_ORG_EXPENSE_RULES, O.UPDATE_ORG_EXPENSE_RULE, Permissions.ExpenseTypes.VIEW]);
    await user.click(await screen.findByRole('button', { name: 'Add Expense Rule' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('combobox', { name: /Expense Type/ }));
    await user.click(await screen.findByRole('option', { name: 'Mileage' }));
    const cpu = within(dialog).getByRole('spinbutton', { name: /CPU/ });
    await user.type(cpu, '0.75');
    const save = within(dialog).getByRole('button', { name: 'Add Expense Rule' });
    await user.click(save);

    expect(await screen.findByText(Texts.orgs.expenseRules.createFailed)).toBeInTheDocument();
    await settled();
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(cpu).toHaveValue(0.75);
    expect(save).toBeEnabled();
    await user.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = calls.filter((c) => c.method === 'POST');
    expect(sent).toHaveLength(2);
    expect(sent.map((c) => (c.body as Json).CPU)).toEqual([0.75, 0.75]);
  });

  it('keeps an edit modal open with what was typed, Save enabled, and saves on the second click', async () => {
    const user = userEvent.setup();
    const { calls } = expenses([O.GET_ORG_EXPENSE_RULES, O.UPDATE_ORG_EXPENSE_RULE, Permissions.ExpenseTypes.VIEW]);
    const table = await screen.findByRole('table', { name: 'Expense Rules' });
    await user.click(await within(table).findByRole('button', { name: 'Edit Mileage' }));
    const dialog = await screen.findByRole('dialog');
    const cpu = within(dialog).getByRole('spinbutton', { name: /CPU/ });
    await user.clear(cpu);
    await user.type(cpu, '2000');
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await user.click(save);

    expect(await screen.findByText(Texts.orgs.expenseRules.updateFailed)).toBeInTheDocument();
    await settled();
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(cpu).toHaveValue(2000);
    expect(save).toBeEnabled();
    await user.click(save);
    expect(await screen.findByText(Texts.orgs.expenseRules.updated('Mileage'))).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = calls.filter((c) => c.method === 'PUT');
    expect(sent).toHaveLength(2);
    expect(sent.map((c) => (c.body as Json).CPU)).toEqual([2000, 2000]);
  });

  it("says 'ERROR Updating Information.' as an error and keeps the Additional Settings typed, saving on the second click", async () => {
    const user = userEvent.setup();
    const parameters = [{ ParameterName: 'Position Title', ParameterReference: 'PositionTitle', ParameterValue: 'Analyst', ParameterType: 'text' }];
    const post = failingFirst((r) => r.method === 'POST' && r.url === '/api/cases/42/UpdateCaseCustomParameters');
    const { calls } = fakeServer((request) => {
      const answer = post(request, () => ({ body: parameters }));
      if (answer) return answer;
      if (request.method === 'GET' && request.url === '/api/cases/42/CaseCustomParameters') return { body: parameters };
      return undefined;
    });
    signedInAs([]);
    renderWithAdmin(<CaseParameters caseId={42} />);
    const title = await screen.findByRole('textbox', { name: 'Position Title' });
    await user.type(title, ' II');
    const save = screen.getByRole('button', { name: 'Save' });
    await user.click(save);

    const toast = await screen.findByText(Texts.cases.errors.parametersFailed);
    expect(toast.closest('[role="alert"]')).toHaveClass('MuiAlert-colorError');
    await settled();
    expect(title).toHaveValue('Analyst II');
    expect(save).toBeEnabled();
    await user.click(save);
    expect(await screen.findByText(Texts.cases.toasts.parametersSaved)).toBeInTheDocument();
    const sent = writes(calls, 'POST', '/api/cases/42/UpdateCaseCustomParameters');
    expect(sent.map((c) => (c.body as FormData).get('PositionTitle'))).toEqual(['Analyst II', 'Analyst II']);
  });
});
