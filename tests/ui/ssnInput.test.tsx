import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import { resourceByName } from '../../resources/index.js';
import { ResourceForm } from '../../src/resources/ResourceForm.js';
import { CASE_FORM } from '../../src/cases/caseFormView.js';
import { ssnAfterChange } from '../../src/forms/SsnInput.js';
import { fakeServer, signedInAs } from './support/fakeServer.js';
import { renderWithAdmin } from './support/renderWithAdmin.js';
import { caseFixture } from './support/caseFixtures.js';

const P = Permissions.Cases;
const S = Texts.audit.ssn;
const EDITOR = [P.VIEW_CASES, P.EDIT_CASES];
const HOLDER = [...EDITOR, Permissions.CaseSubjects.VIEW_FULL_SSN];

type Json = Record<string, unknown>;
type Request = { method: string; url: string; body: unknown };

const cases = resourceByName('cases')!;

/** A case as the case page reads it (`?ssn=masked`): its subject's SSN masked. */
const record = () => caseFixture();

/** The case form of `roles` against a server that reveals 123454821 (or fails to, with `revealStatus`). */
function setup(roles: string[], options: { readOnly?: boolean; revealStatus?: number; existing?: boolean } = {}) {
  const server = fakeServer(({ method, url, body }: Request) => {
    if (method === 'GET' && url === '/api/cases/7/subject/ssn') return options.revealStatus ? { status: options.revealStatus, body: {} } : { body: { SSN: '123454821' } };
    if (method === 'PUT' && url === '/api/cases/7?ssn=masked') return { body: { ...record(), ...(body as Json) } };
    if (method === 'GET' && url.startsWith('/api/')) return { body: [] };
    return undefined;
  });
  signedInAs(roles);
  if (options.existing === false) {
    renderWithAdmin(<ResourceForm {...CASE_FORM} declaration={cases} initial={{ Client_Id: 3, RequestingOfficial_Id: 5, CaseType_Id: 21 }} label="Add Case" submitLabel="Add Case" />);
  } else {
    renderWithAdmin(<ResourceForm {...CASE_FORM} declaration={cases} record={record()} readOnly={options.readOnly} label="Case" submitLabel="Save" />);
  }
  return server;
}

const ssnBox = () => screen.findByRole('textbox', { name: /SSN \(last 4\)/ }, { timeout: 10_000 });
const reveals = (calls: Request[]) => calls.filter((c) => c.url === '/api/cases/7/subject/ssn');
const savedSubject = async (calls: Request[]) => {
  await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
  return (calls.find((c) => c.method === 'PUT')!.body as { CaseSubject: Json }).CaseSubject;
};

describe('the SSN input', () => {
  it('shows the masked SSN, and Reveal shows it whole (without changing the form) until Hide', async () => {
    const user = userEvent.setup();
    const { calls } = setup(HOLDER);
    const box = await ssnBox();
    expect(box).toHaveValue('•••-••-4821');
    await user.click(await screen.findByRole('button', { name: S.reveal }));
    await waitFor(() => expect(box).toHaveValue('123-45-4821'));
    expect(reveals(calls)).toEqual([{ method: 'GET', url: '/api/cases/7/subject/ssn', body: undefined }]);
    // Revealing changed nothing: Save waits for a change as before.
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: S.hide }));
    expect(box).toHaveValue('•••-••-4821');
    await user.click(screen.getByRole('button', { name: S.reveal }));
    await waitFor(() => expect(box).toHaveValue('123-45-4821'));
    // A save of another change sends the mask back, and the server keeps the SSN it holds.
    await user.type(screen.getByRole('textbox', { name: 'Case Notes' }), '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await savedSubject(calls)).toMatchObject({ SSN: '*****4821', LastName: 'Whitfield' });
  });

  it('sends the mask back unchanged when the user saves without revealing or typing it', async () => {
    const user = userEvent.setup();
    const { calls } = setup(EDITOR);
    await ssnBox();
    await user.type(screen.getByRole('textbox', { name: 'Case Notes' }), ' and second');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await savedSubject(calls)).toEqual({ Id: 1, FirstName: 'Jordan', MiddleName: '', LastName: 'Whitfield', SSN: '*****4821' });
    // The save asks for the mask back (`?ssn=masked`): the answer never brings the whole SSN to the page.
    expect(calls.find((c) => c.method === 'PUT')?.url).toBe('/api/cases/7?ssn=masked');
    expect(await screen.findByText('Case was saved successfully.')).toBeTruthy();
    expect(reveals(calls)).toHaveLength(0);
  });

  it('offers no Reveal without View Full SSN, and typing replaces the SSN without showing the old one', async () => {
    const user = userEvent.setup();
    const { calls } = setup(EDITOR);
    const box = await ssnBox();
    expect(box).toHaveValue('•••-••-4821');
    // Once the permissions are known (the notes may be changed), no Reveal.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Case Notes' })).toBeEnabled());
    expect(screen.queryByRole('button', { name: S.reveal })).toBeNull();
    // Clicking into the mask selects it: what is typed replaces it, at most nine digits.
    await user.click(box);
    await user.keyboard('98765-4321x0');
    expect(box).toHaveValue('987-65-4321');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await savedSubject(calls)).SSN).toBe('987654321');
  });

  it('clears the mask as a whole when a part of it is deleted', async () => {
    const user = userEvent.setup();
    setup(EDITOR);
    const box = await ssnBox();
    await user.click(box);
    await user.keyboard('{ArrowRight}{Backspace}');
    expect(box).toHaveValue('');
    await user.keyboard('12');
    expect(box).toHaveValue('12');
  });

  it('says when the reveal fails, and keeps the mask', async () => {
    const user = userEvent.setup();
    setup(HOLDER, { revealStatus: 500 });
    const box = await ssnBox();
    await user.click(await screen.findByRole('button', { name: S.reveal }));
    expect(await screen.findByText(S.revealFailed)).toBeInTheDocument();
    expect(box).toHaveValue('•••-••-4821');
    expect(screen.getByRole('button', { name: S.reveal })).toBeEnabled();
  });

  it('shows the mask in a read-only form, still offering Reveal to holders', async () => {
    const user = userEvent.setup();
    const { calls } = setup(HOLDER, { readOnly: true });
    const box = await ssnBox();
    expect(box).toHaveValue('•••-••-4821');
    expect(box).toBeDisabled();
    await user.click(await screen.findByRole('button', { name: S.reveal }));
    await waitFor(() => expect(box).toHaveValue('123-45-4821'));
    expect(reveals(calls)).toHaveLength(1);
  });

  it('is a plain digits input on a new case, with no Reveal', async () => {
    const user = userEvent.setup();
    setup([P.VIEW_CASES, P.CREATE_CASE, Permissions.CaseSubjects.VIEW_FULL_SSN], { existing: false });
    const box = await ssnBox();
    expect(box).toHaveValue('');
    await user.type(box, '12a34');
    expect(box).toHaveValue('1234');
    expect(screen.queryByRole('button', { name: S.reveal })).toBeNull();
  });
});

describe('a change to a masked SSN', () => {
  const shown = '•••-••-4821';
  it('replaces the mask with what is typed over it, clears it on a deletion, never builds on its digits', () => {
    expect(ssnAfterChange('*****4821', shown, '5', 1)).toBe('5');
    expect(ssnAfterChange('*****4821', shown, '', 0)).toBe('');
    expect(ssnAfterChange('*****4821', shown, '•••-••-482', 10)).toBe('');
    expect(ssnAfterChange('*****4821', shown, '•••-••-48217', 12)).toBe('7');
    expect(ssnAfterChange('*****4821', shown, '•••9-••-4821', 4)).toBe('9');
    expect(ssnAfterChange('12345', '12345', '123456', 6)).toBe('123456');
    expect(ssnAfterChange('', '', '123-45-67890', 12)).toBe('123456789');
  });
});
