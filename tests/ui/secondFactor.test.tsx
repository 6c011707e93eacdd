import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import QRCode from 'qrcode';
import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import { AccountPage } from '../../src/account/AccountPage.js';
import SecondFactorReset from '../../src/identity/SecondFactorReset.js';
import users from '../../resources/users.js';
import { fakeServer, signedInAs } from './support/fakeServer.js';
import { renderAt } from './support/renderApp.js';
import { renderWithAdmin } from './support/renderWithAdmin.js';
import { record, USER_LISTS, withOrgs } from './support/identityFixtures.js';

const F = Texts.secondFactor;
const TOKEN = { access_token: 'abc', token_type: 'bearer', expires_in: 1800 };

/** The loads after a token (as the shell test answers them). */
function accountLoads(url: string) {
  if (url === '/api/user') return { body: { Id: 7, UserName: 'manager', FirstName: 'Morgan', LastName: 'Reyes', Email: null, Org_Id: 1 } };
  if (url === '/api/user/permissions') return { body: { roles: [Permissions.Cases.VIEW_CASES], groups: ['Managers'], tags: [] } };
  if (url === '/api/types') return { body: [] };
  if (url === '/api/security') return { body: { AutoLogoutTime: 20, EnablePasswordExpiration: true, PasswordExpirationTime: null, SecondFactorGroupIds: [] } };
  if (url.startsWith('/api/orgs')) return { body: [] };
  return undefined;
}

async function typePassword() {
  await userEvent.type(await screen.findByLabelText(/Username/), 'manager');
  await userEvent.type(screen.getByLabelText(/Password/), 'demo-pass-2026');
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

const ENROLMENT = { Uri: 'otpauth://totp/Dossier:manager?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Dossier', Secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', Issuer: 'Dossier', AccountName: 'manager', Digits: 6, Period: 30 };
const CODES = Array.from({ length: 10 }, (_, i) => `abcde-fgh${i + 2}k`);

describe('the sign-in page’s code step', () => {
  it('asks for a code after mfa_required, says a wrong one, and signs in with the right one', async () => {
    const { calls } = fakeServer(({ url, body }) => {
      if (url !== '/oauth/token') return accountLoads(url);
      const form = body as Record<string, string>;
      if (form.grant_type === 'password') return { status: 400, body: { error: 'mfa_required', error_description: F.signIn.codeRequired, mfa_token: 'challenge-1' } };
      if (form.otp === '123456') return { body: TOKEN };
      return { status: 400, body: { error: 'invalid_grant', error_description: F.signIn.invalidCode } };
    });
    renderAt('/login');
    await typePassword();
    const step = await screen.findByRole('form', { name: F.signIn.codeStepTitle });
    expect(screen.queryByLabelText(/Password/)).not.toBeInTheDocument();
    await userEvent.type(within(step).getByLabelText(/Code/), '000000');
    await userEvent.click(within(step).getByRole('button', { name: F.signIn.verify }));
    expect(within(await screen.findByRole('alert')).getByRole('listitem')).toHaveTextContent(F.signIn.invalidCode);
    // Still on the code step: a wrong code is no success.
    expect(screen.queryByText(Texts.global.welcomeBack('Morgan', 'Reyes'))).not.toBeInTheDocument();

    await userEvent.clear(within(step).getByLabelText(/Code/));
    await userEvent.type(within(step).getByLabelText(/Code/), '123456');
    await userEvent.click(within(step).getByRole('button', { name: F.signIn.verify }));
    expect(await screen.findByText(Texts.global.welcomeBack('Morgan', 'Reyes'))).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/oauth/token').at(-1)?.body).toEqual({ grant_type: 'mfa_otp', mfa_token: 'challenge-1', otp: '123456' });
  });

  it('takes a recovery code by its link, and goes back to the password', async () => {
    const { calls } = fakeServer(({ url, body }) => {
      if (url !== '/oauth/token') return accountLoads(url);
      const form = body as Record<string, string>;
      if (form.grant_type === 'password') return { status: 400, body: { error: 'mfa_required', error_description: F.signIn.codeRequired, mfa_token: 'challenge-2' } };
      return { status: 400, body: { error: 'invalid_grant', error_description: F.signIn.expired } };
    });
    renderAt('/login');
    await typePassword();
    const step = await screen.findByRole('form', { name: F.signIn.codeStepTitle });
    await userEvent.click(within(step).getByRole('button', { name: F.signIn.useRecoveryCode }));
    expect(within(step).getByText(F.signIn.recoveryStepHint)).toBeInTheDocument();
    await userEvent.type(within(step).getByLabelText(new RegExp(F.signIn.recoveryCodeLabel)), 'abcde-fghjk');
    await userEvent.click(within(step).getByRole('button', { name: F.signIn.verify }));
    // An ended challenge sends the user back to the password, saying why.
    expect(within(await screen.findByRole('alert')).getByRole('listitem')).toHaveTextContent(F.signIn.expired);
    expect(await screen.findByLabelText(/Password/)).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/oauth/token').at(-1)?.body).toEqual({ grant_type: 'mfa_otp', mfa_token: 'challenge-2', recovery_code: 'abcde-fghjk' });
  });

  it('leads through enrolment after mfa_enrollment_required, then signs in', async () => {
    const { calls } = fakeServer(({ url, body }) => {
      if (url === '/api/sign-in/second-factor/enrolment') return { body: ENROLMENT };
      if (url === '/api/sign-in/second-factor/enrolment/confirm') return { body: { Message: F.enrol.enabled, RecoveryCodes: CODES } };
      if (url !== '/oauth/token') return accountLoads(url);
      const form = body as Record<string, string>;
      if (form.grant_type === 'password') return { status: 400, body: { error: 'mfa_enrollment_required', error_description: F.signIn.enrolmentRequired, mfa_token: 'challenge-3' } };
      if (form.grant_type === 'mfa_enrollment') return { body: TOKEN };
      return undefined;
    });
    renderAt('/login');
    await typePassword();
    expect(await screen.findByText(F.signIn.enrolTitle)).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: F.enrol.qrAlt })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(new RegExp(F.enrol.codeLabel)), '654321');
    await userEvent.click(screen.getByRole('button', { name: F.enrol.confirm }));
    expect(await screen.findByText(CODES[0])).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: F.recovery.continue }));
    expect(await screen.findByText(Texts.global.welcomeBack('Morgan', 'Reyes'))).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/sign-in/second-factor/enrolment/confirm')?.body).toEqual({ MfaToken: 'challenge-3', Code: '654321' });
    expect(calls.filter((c) => c.url === '/oauth/token').at(-1)?.body).toEqual({ grant_type: 'mfa_enrollment', mfa_token: 'challenge-3' });
  });
});

const contractor = record(7, 'contractor', 'Cora', 'Tate', { Groups: [{ Id: 3, Name: 'Independent Contractor', Tags: [] }], Emails: [], Title: 'Contract Investigator' });
type Handler = Parameters<typeof fakeServer>[0];

function account(handler: Handler) {
  const server = fakeServer((request) => {
    const answer = handler(request);
    if (answer) return answer;
    if (request.method === 'GET' && request.url === '/api/user') return { body: { ...contractor, Address: null } };
    return undefined;
  });
  signedInAs([Permissions.Cases.VIEW_CASES], { Id: 7, UserName: 'contractor', FirstName: 'Cora', LastName: 'Tate' }, [], USER_LISTS);
  withOrgs();
  renderWithAdmin(<AccountPage />, { path: '/account' });
  return server;
}

const OFF = { Enabled: false, Required: false, ConfirmedDate: null, RecoveryCodesLeft: 0 };

describe('the account’s two-step sign-in', () => {
  it('enrols: renders the QR code of the URI and the secret as text, then the recovery codes once', async () => {
    const toDataURL = vi.spyOn(QRCode, 'toDataURL');
    const { calls } = account(({ method, url }) => {
      if (url === '/api/user/second-factor') return { body: OFF };
      if (method === 'POST' && url === '/api/user/second-factor/enrolment') return { body: ENROLMENT };
      if (method === 'POST' && url === '/api/user/second-factor/enrolment/confirm') return { body: { Message: F.enrol.enabled, RecoveryCodes: CODES } };
      return undefined;
    });
    const panel = await screen.findByRole('region', { name: F.title });
    expect(await within(panel).findByText(F.status.off)).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: F.enrol.start }));
    const qr = await within(panel).findByRole('img', { name: F.enrol.qrAlt });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(toDataURL).toHaveBeenCalledWith(ENROLMENT.Uri, expect.anything());
    expect(within(panel).getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    await userEvent.type(within(panel).getByLabelText(new RegExp(F.enrol.codeLabel)), '123456');
    await userEvent.click(within(panel).getByRole('button', { name: F.enrol.confirm }));
    const list = await within(panel).findByRole('list', { name: F.recovery.title });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(CODES);
    expect(calls.find((c) => c.url === '/api/user/second-factor/enrolment/confirm')?.body).toEqual({ Code: '123456' });
    expect(within(panel).getByRole('button', { name: F.recovery.download })).toBeInTheDocument();
  });

  it('shows a refused confirmation under the code and a failed start as an error, never as success', async () => {
    let starts = 0;
    account(({ method, url }) => {
      if (url === '/api/user/second-factor') return { body: OFF };
      if (method === 'POST' && url === '/api/user/second-factor/enrolment') {
        starts += 1;
        return starts === 1 ? { status: 500, body: { Message: 'An unexpected error occurred.' } } : { body: ENROLMENT };
      }
      if (method === 'POST' && url === '/api/user/second-factor/enrolment/confirm') return { status: 400, body: { Message: 'The request is invalid.', ModelState: { Code: [F.signIn.invalidCode] } } };
      return undefined;
    });
    const panel = await screen.findByRole('region', { name: F.title });
    await userEvent.click(await within(panel).findByRole('button', { name: F.enrol.start }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('An unexpected error occurred.');
    expect(within(panel).queryByRole('img', { name: F.enrol.qrAlt })).not.toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Try again' }));
    await userEvent.type(await within(panel).findByLabelText(new RegExp(F.enrol.codeLabel)), '000000');
    await userEvent.click(within(panel).getByRole('button', { name: F.enrol.confirm }));
    expect(await within(panel).findByText(F.signIn.invalidCode)).toBeInTheDocument();
    expect(within(panel).queryByRole('list', { name: F.recovery.title })).not.toBeInTheDocument();
    expect(screen.queryByText(F.enrol.enabled)).not.toBeInTheDocument();
  });

  it('turns it off with the password and a code; a refusal shows under its field', async () => {
    let off = false;
    const { calls } = account(({ method, url, body }) => {
      if (url === '/api/user/second-factor') return { body: off ? OFF : { Enabled: true, Required: false, ConfirmedDate: '2026-11-01T10:00:00Z', RecoveryCodesLeft: 9 } };
      if (method === 'POST' && url === '/api/user/second-factor/disable') {
        if ((body as { Password: string }).Password !== 'right') return { status: 400, body: { Message: 'The request is invalid.', ModelState: { Password: [F.disable.invalidPassword] } } };
        off = true;
        return { body: { Message: F.disable.disabled } };
      }
      return undefined;
    });
    const panel = await screen.findByRole('region', { name: F.title });
    expect(await within(panel).findByText(new RegExp(F.recovery.left(9)))).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: F.disable.action }));
    await userEvent.type(within(panel).getByLabelText(new RegExp(F.disable.passwordLabel)), 'wrong');
    await userEvent.type(within(panel).getByLabelText(new RegExp(F.disable.codeLabel)), '123456');
    await userEvent.click(within(panel).getByRole('button', { name: F.disable.action }));
    expect(await within(panel).findByText(F.disable.invalidPassword)).toBeInTheDocument();
    await userEvent.clear(within(panel).getByLabelText(new RegExp(F.disable.passwordLabel)));
    await userEvent.type(within(panel).getByLabelText(new RegExp(F.disable.passwordLabel)), 'right');
    await userEvent.click(within(panel).getByRole('button', { name: F.disable.action }));
    await waitFor(() => expect(within(panel).getByText(F.status.off)).toBeInTheDocument());
    expect(calls.filter((c) => c.url === '/api/user/second-factor/disable')).toHaveLength(2);
  });
});

describe('an administrator’s reset on the user’s form', () => {
  it('shows whether it is on and resets it after a confirmation', async () => {
    let on = true;
    const { calls } = fakeServer(({ method, url }) => {
      if (url !== '/api/identity/users/7/second-factor') return undefined;
      if (method === 'DELETE') on = false;
      return { body: on ? { Enabled: true, Required: false, ConfirmedDate: '2026-11-01T10:00:00Z', RecoveryCodesLeft: 10 } : OFF };
    });
    signedInAs([Permissions.Users.VIEW_USERS, Permissions.Users.EDIT_USERS]);
    renderWithAdmin(<SecondFactorReset declaration={users} record={{ Id: 7, FirstName: 'Cora', LastName: 'Tate' }} />);
    expect(await screen.findByText(new RegExp(F.reset.on))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: F.reset.action }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(F.reset.confirm('Cora Tate'));
    await userEvent.click(within(dialog).getByRole('button', { name: F.reset.action }));
    expect(await screen.findByText(F.reset.done('Cora Tate'))).toBeInTheDocument();
    expect(screen.getByText(F.reset.off)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });
});
