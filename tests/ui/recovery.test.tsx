import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Groups } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import { fakeServer, signedInAs } from './support/fakeServer.js';
import { renderAt, where } from './support/renderApp.js';


describe('account recovery pages', () => {
  it('forgot password says the same whether the call succeeds or fails', async () => {
    const { calls } = fakeServer(({ url }) => (url === '/api/user/forgot-password' ? { status: 500, body: { Message: 'boom' } } : undefined));
    renderAt('/forgot-password');
    await userEvent.click(await screen.findByRole('button', { name: 'Send Password Reset Link' }));
    expect(screen.getByText('Username is required.')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /Username/ }), 'someone');
    await userEvent.click(screen.getByRole('button', { name: 'Send Password Reset Link' }));
    expect(await screen.findByText(Texts.account.forgotPasswordNote)).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/user/forgot-password')?.body).toEqual({ Username: 'someone' });
  });

  it('forgot username refuses a malformed address under the Email field without sending it', async () => {
    const { calls } = fakeServer(({ url }) => (url === '/api/user/forgot-username' ? { body: { Message: Texts.account.emailSent } } : undefined));
    renderAt('/forgot-username');
    const email = await screen.findByRole('textbox', { name: /Email/ });
    await userEvent.type(email, 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Send Username' }));
    expect(email).toHaveAccessibleDescription('Enter a valid email address.');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.url === '/api/user/forgot-username')).toBe(false);
    expect(screen.queryByText(Texts.account.emailSent)).not.toBeInTheDocument();

    await userEvent.clear(email);
    await userEvent.type(email, ' someone@example.org ');
    await userEvent.click(screen.getByRole('button', { name: 'Send Username' }));
    expect(await screen.findByText(Texts.account.emailSent)).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/user/forgot-username')?.body).toEqual({ Email: 'someone@example.org' });
    expect(email).toHaveAttribute('aria-invalid', 'false');
  });

  it('forgot username shows a refused address under the Email field and no success toast', async () => {
    fakeServer(({ url }) =>
      url === '/api/user/forgot-username' ? { status: 400, body: { Message: 'The request is invalid.', ModelState: { Email: ['Enter a valid email address.'] } } } : undefined,
    );
    renderAt('/forgot-username');
    const email = await screen.findByRole('textbox', { name: /Email/ });
    await userEvent.type(email, 'someone@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Send Username' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription('Enter a valid email address.'));
    expect(screen.queryByText(Texts.account.emailSent)).not.toBeInTheDocument();
    expect(screen.queryByText('The request is invalid.')).not.toBeInTheDocument();
  });

  it('reset sends the last code of the query string and goes to sign in', async () => {
    const { calls } = fakeServer(({ url }) => (url === '/api/user/reset-password' ? { body: { Message: 'ok' } } : undefined));
    renderAt('/reset-password?code=first&code=second');
    await userEvent.type(await screen.findByRole('textbox', { name: /Username/ }), 'ncsc');
    await userEvent.type(screen.getByLabelText(/^New Password/), 'A-long-enough-secret');
    await userEvent.type(screen.getByLabelText(/^Confirm Password/), 'A-long-enough-secret');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(Texts.account.passwordChanged)).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/user/reset-password')?.body).toMatchObject({ Username: 'ncsc', Code: 'second' });
    await waitFor(() => expect(where()).toHaveTextContent('/login'));
  });

  it('reset says a refusal of something the form has no field for (a link without its code)', async () => {
    fakeServer(({ url }) => (url === '/api/user/reset-password' ? { status: 400, body: { Message: 'The request is invalid.', ModelState: { Code: ['The reset code is missing.'] } } } : undefined));
    renderAt('/reset-password');
    await userEvent.type(await screen.findByRole('textbox', { name: /Username/ }), 'ncsc');
    await userEvent.type(screen.getByLabelText(/^New Password/), 'A-long-enough-secret');
    await userEvent.type(screen.getByLabelText(/^Confirm Password/), 'A-long-enough-secret');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The reset code is missing.');
    expect(where()).toHaveTextContent('/reset-password');
  });

  it('the expired-password change shows the invalid_login message from the server', async () => {
    fakeServer(({ url }) =>
      url === '/api/user/anonymous-password' ? { status: 400, body: { Message: 'x', ModelState: { invalid_login: ['Username or password is incorrect'] } } } : undefined,
    );
    renderAt('/change-password');
    await userEvent.type(await screen.findByRole('textbox', { name: /Username/ }), 'client');
    await userEvent.type(screen.getByLabelText(/^Old Password/), 'old-secret');
    await userEvent.type(screen.getByLabelText(/^New Password/), 'A-long-enough-secret');
    await userEvent.type(screen.getByLabelText(/^Confirm Password/), 'A-long-enough-secret');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Username or password is incorrect');
  });

  it('e-mail confirmation leads to choosing a first password, or says it failed', async () => {
    fakeServer(({ url, body }) =>
      url === '/api/user/confirm'
        ? (body as { Code: string }).Code === 'good'
          ? { body: { Message: 'Your email has been confirmed.', UserName: 'newbie', Code: 'reset-code' } }
          : { status: 400, body: { Message: 'Invalid token.' } }
        : undefined,
    );
    const { unmount } = renderAt('/confirm-email?userId=7&code=good');
    await waitFor(() => expect(where()).toHaveTextContent('/change-password'));
    expect(await screen.findByRole('textbox', { name: /Username/ })).toHaveValue('newbie');
    expect(screen.queryByLabelText(/^Old Password/)).not.toBeInTheDocument();
    unmount();
    renderAt('/confirm-email?userId=7&code=bad');
    expect(await screen.findByText(Texts.account.unableToConfirm)).toBeInTheDocument();
  });
});

describe('partner file pages', () => {
  it('tells a signed-in user outside the group "You Are Not Authorized"', async () => {
    fakeServer(() => undefined);
    signedInAs([], {}, [Groups.CLIENT]);
    renderAt('/filed');
    expect(await screen.findByText(Texts.global.notAuthorized)).toBeInTheDocument();
  });

  it('sends a signed-out visitor to sign in', async () => {
    fakeServer(() => undefined);
    renderAt('/fileuNCSC');
    await waitFor(() => expect(where()).toHaveTextContent('/login'));
  });

  it('uploads a chosen file to the chosen folder, which defaults to the requests folder', async () => {
    const { calls } = fakeServer(({ url }) => (url === '/api/user/UploadFile' ? { body: { Name: 'a.txt', CreationTime: new Date().toISOString(), FullName: 'NCSC Requests/a.txt' } } : undefined));
    signedInAs([], {}, [Groups.NCSC]);
    renderAt('/fileuNCSC');
    await userEvent.click(await screen.findByRole('button', { name: 'Upload' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a file to upload.');
    await userEvent.upload(screen.getByLabelText('File'), new File(['hello'], 'a.txt', { type: 'text/plain' }));
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText(Texts.identity.files.uploaded)).toBeInTheDocument();
    const form = calls.find((c) => c.url === '/api/user/UploadFile')!.body as FormData;
    expect(form.get('Folder')).toBe('NCSC Requests');
    expect((form.get('myFile') as File).name).toBe('a.txt');
  });
});
