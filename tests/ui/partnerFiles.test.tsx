import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { Groups } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import { PartnerListPage, PartnerUploadPage } from '../../src/partnerFiles/PartnerFilesPages.js';
import { fakeServer, signedInAs } from './support/fakeServer.js';
import { renderWithAdmin } from './support/renderWithAdmin.js';

const F = Texts.identity.files;

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}
const where = () => screen.getByTestId('where');

describe('the partner file pages', () => {
  it('give a user outside the group a way back from "You Are Not Authorized": the home page', async () => {
    fakeServer(() => undefined);
    signedInAs([], {}, []);
    renderWithAdmin(
      <>
        <PartnerListPage partner="palmetto" />
        <Where />
      </>,
      { path: '/filed' },
    );
    expect(screen.getByRole('heading', { name: Texts.global.notAuthorized })).toBeInTheDocument();
    const home = screen.getByRole('link', { name: 'Go to the home page' });
    expect(home).toHaveAttribute('href', '/');
    await userEvent.click(home);
    await waitFor(() => expect(where()).toHaveTextContent(/^\/$/));
  });

  it('let a user outside the group sign in as someone else', async () => {
    fakeServer(() => ({ status: 204 }));
    signedInAs([], {}, [Groups.PALMETTO]);
    renderWithAdmin(
      <>
        <PartnerUploadPage partner="ncsc" />
        <Where />
      </>,
      { path: '/fileuNCSC' },
    );
    expect(screen.getByRole('heading', { name: Texts.global.notAuthorized })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in as another user' }));
    await waitFor(() => expect(where()).toHaveTextContent('/login'));
    expect(localStorage.getItem('root')).toBeNull();
  });

  it('replace "Choose a file to upload." by the chosen file once a file is chosen', async () => {
    const { calls } = fakeServer(({ method }) => (method === 'POST' ? { body: { Name: 'request-0412.csv' } } : undefined));
    signedInAs([], {}, [Groups.PALMETTO]);
    renderWithAdmin(<PartnerUploadPage partner="palmetto" />, { path: '/fileu' });
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.getByRole('alert')).toHaveTextContent(F.chooseFile);
    expect(calls).toEqual([]);

    await userEvent.upload(screen.getByLabelText('File'), new File(['case,subject\n1,Doe\n'], 'request-0412.csv', { type: 'text/csv' }));
    expect(screen.queryByText(F.chooseFile)).not.toBeInTheDocument();
    expect(screen.getByText('request-0412.csv')).toBeInTheDocument();
    expect(screen.queryByText('Choose a file')).not.toBeInTheDocument();
  });
});

describe('the partner file list', () => {
  it("shows every file of the folder, newest first, and keeps the rest after a delete", async () => {
    const files = [
      { Name: 'old.csv', CreationTime: '2026-01-05T10:00:00Z', FullName: 'Palmetto Requests/old.csv' },
      { Name: 'new.csv', CreationTime: '2026-03-05T10:00:00Z', FullName: 'Palmetto Requests/new.csv' },
      { Name: 'mid.csv', CreationTime: '2026-02-05T10:00:00Z', FullName: 'Palmetto Requests/mid.csv' },
    ];
    fakeServer(({ url }) => (url === '/api/user/GetFileList' ? { body: files } : url === '/api/user/DeleteFile' ? { body: {} } : undefined));
    signedInAs([], {}, [Groups.PALMETTO]);
    renderWithAdmin(<PartnerListPage partner="palmetto" />, { path: '/filed' });
    const table = await screen.findByRole('table', { name: 'Files in Palmetto Requests' });
    await within(table).findByText('new.csv');
    const names = () => within(table).getAllByRole('row').slice(1).map((row) => row.querySelector('td')?.textContent);
    expect(names()).toEqual(['new.csv', 'mid.csv', 'old.csv']);
    await userEvent.click(within(table).getByRole('button', { name: 'Delete mid.csv' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(F.deleted)).toBeInTheDocument();
    await waitFor(() => expect(names()).toEqual(['new.csv', 'old.csv']));
  });
});
