import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTableClasses } from 'react-admin';
import { Limits } from '../../shared/constants.js';
import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import { ResourceListOf } from '../../src/resources/SchemaList.js';
import { fakeServer, signedInAs } from './support/fakeServer.js';
import { renderWithAdmin } from './support/renderWithAdmin.js';

/**
 * A case's Messages (spec 001 §2 "Messages", §5, §8, §9), as the case page shows them: the generic list of the
 * `case-messages` declaration under the case (date and truncation column kinds, the pager only above 10) and its
 * generic Add Message dialog with the recipients input slot, over the real data provider and a fake HTTP layer.
 */

// A render failure of the list is forced through the date formatter.
const failing = vi.hoisted(() => ({ format: false }));
vi.mock('../../shared/format.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../shared/format.js')>();
  return {
    ...actual,
    formatDateTime: (value: string) => {
      if (failing.format) throw new Error('broken date');
      return actual.formatDateTime(value);
    },
  };
});

const P = Permissions.CaseMessages;
const T = Texts.cases;
const CASE = { Id: 42, id: 42, CaseNumber: 'C-000042' };

const person = (Id: number, FirstName: string, LastName: string) => ({ Id, FirstName, LastName, Name: `${FirstName} ${LastName}` });
const RITA = person(5, 'Rita', 'Reviewer');
const OLLIE = person(6, 'Ollie', 'Official');
const CLARA = person(7, 'Clara', 'Clerk');

const LONG = 'Please send the signed release form before Friday.';
const message = (Id: number, text: string, when: Date, to = [RITA, OLLIE]) => ({
  Id,
  Case_Id: 42,
  Message: text,
  CreatedDate: when.toISOString(),
  SentBy: person(1, 'Terry', 'Tester'),
  Recipients: to,
  RecipientNames: to.map((r) => r.Name).join(', '),
});
// Local times, so the dates read the same in every time zone.
const MESSAGES = [message(2, LONG, new Date(2026, 2, 5, 14, 7)), message(1, 'Short note', new Date(2026, 0, 20, 9, 30), [CLARA])];
const many = (count: number) => Array.from({ length: count }, (_, i) => message(100 - i, `Message number ${i + 1}`, new Date(2026, 1, 28 - i, 8, 0), [RITA]));

type Handler = Parameters<typeof fakeServer>[0];

function messagesScreen(roles: string[], { messages = MESSAGES, override }: { messages?: ReturnType<typeof message>[]; override?: Handler } = {}) {
  let stored = [...messages];
  const server = fakeServer((request) => {
    const answer = override?.(request);
    if (answer) return answer;
    const { method, url, body } = request;
    if (method === 'GET' && url === '/api/cases/42/messages') return { body: stored };
    if (method === 'GET' && url === '/api/cases/42/recipients') return { body: [CLARA, OLLIE, RITA] };
    if (method === 'POST' && url === '/api/cases/42/messages') {
      const { Message, Recipients } = body as { Message: string; Recipients: number[] };
      const sent = message(300, Message, new Date(2026, 2, 6, 16, 45), [CLARA, OLLIE, RITA].filter((r) => Recipients.includes(r.Id)));
      stored = [sent, ...stored];
      return { body: sent };
    }
    return undefined;
  });
  signedInAs(roles);
  renderWithAdmin(<ResourceListOf resource="case-messages" parent={CASE} />);
  return server;
}

const table = () => screen.findByRole('table', { name: 'Messages' });
const bodyRows = (t: HTMLElement) =>
  within(t)
    .getAllByRole('row')
    .slice(1)
    .filter((row) => !row.classList.contains(DataTableClasses.expandRow));

afterEach(() => {
  failing.format = false;
});

/** Opens Add Message, picks Ollie Official, types Hello and sends it; answers the dialog. */
async function sendHelloToOllie(): Promise<HTMLElement> {
    await userEvent.click(await screen.findByRole('button', { name: 'Add Message' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Recipients' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Official, Ollie' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Hello');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
  return dialog;
}

describe('the messages of a case', () => {
  it('shows sender, recipients, the date as MMMM DD YYYY, h:mm A and the text cut to 28 characters', async () => {
    messagesScreen([P.VIEW_MESSAGES]);
    const list = await table();
    await within(list).findByText('Short note');
    const [first, second] = bodyRows(list);
    const cut = `${LONG.slice(0, Limits.MESSAGE_PREVIEW_CHARS)}…`;
    expect(Limits.MESSAGE_PREVIEW_CHARS).toBe(28);
    expect(first).toHaveTextContent('Terry Tester');
    expect(first).toHaveTextContent('Rita Reviewer, Ollie Official');
    expect(first).toHaveTextContent('March 05 2026, 2:07 PM');
    expect(within(first).getByText(cut)).toBeInTheDocument();
    expect(first).not.toHaveTextContent(LONG);
    expect(second).toHaveTextContent('January 20 2026, 9:30 AM');
    expect(within(second).getByText('Short note')).toBeInTheDocument();

    // The whole text on hover.
    await userEvent.hover(within(first).getByText(cut));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(LONG);
  });

  it('shows ten messages without a pager', async () => {
    messagesScreen([P.VIEW_MESSAGES], { messages: many(10) });
    const list = await table();
    await within(list).findByText('Message number 10');
    expect(bodyRows(list)).toHaveLength(10);
    expect(screen.queryByRole('button', { name: 'Go to next page' })).not.toBeInTheDocument();
  });

  it('pages more than ten messages by ten', async () => {
    messagesScreen([P.VIEW_MESSAGES], { messages: many(11) });
    const list = await table();
    await within(list).findByText('Message number 10');
    expect(bodyRows(list)).toHaveLength(10);
    expect(within(list).queryByText('Message number 11')).not.toBeInTheDocument();
    expect(screen.getByText('1–10 of 11')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await within(list).findByText('Message number 11')).toBeInTheDocument();
    expect(bodyRows(list)).toHaveLength(1);
  });

  it('offers Add Message only to users who may create messages', async () => {
    messagesScreen([P.VIEW_MESSAGES]);
    await within(await table()).findByText('Short note');
    expect(screen.queryByRole('button', { name: 'Add Message' })).not.toBeInTheDocument();
  });

  it('sends a message: recipients and text required, recipients chosen from the case as Last, First', async () => {
    const { calls } = messagesScreen([P.VIEW_MESSAGES, P.CREATE_MESSAGE]);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Message' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Choose at least one recipient.')).toBeInTheDocument();
    expect(within(dialog).getByText('Message is required.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    const recipients = within(dialog).getByRole('combobox', { name: 'Recipients' });
    await userEvent.click(recipients);
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Clerk, Clara', 'Official, Ollie', 'Reviewer, Rita']);
    await userEvent.click(screen.getByRole('option', { name: 'Reviewer, Rita' }));
    await userEvent.click(recipients);
    await userEvent.click(await screen.findByRole('option', { name: 'Clerk, Clara' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'The subject moved to Denver.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await screen.findByText(T.toasts.messageSent)).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'POST')!;
    expect(sent.url).toBe('/api/cases/42/messages');
    expect(sent.body).toMatchObject({ Recipients: [5, 7], Message: 'The subject moved to Denver.' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(await table()).findByText('The subject moved to Denver.')).toBeInTheDocument();
  });

  it("says 'Unable to send message.' when the server refuses without a reason, and keeps the modal open", async () => {
    messagesScreen([P.VIEW_MESSAGES, P.CREATE_MESSAGE], { override: ({ method }) => (method === 'POST' ? { status: 500, body: {} } : undefined) });
    const dialog = await sendHelloToOllie();
    expect(await screen.findByText(T.errors.messageFailed)).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
  });

  it('shows the server message under Recipients when it refuses a recipient', async () => {
    messagesScreen([P.VIEW_MESSAGES, P.CREATE_MESSAGE], {
      override: ({ method }) => (method === 'POST' ? { status: 400, body: { Message: 'The request is invalid.', ModelState: { Recipients: [T.server.notRecipient] } } } : undefined),
    });
    const dialog = await sendHelloToOllie();
    expect(await within(dialog).findByText(T.server.notRecipient)).toBeInTheDocument();
  });

  it("says 'Unable to show messages' when the list fails to render", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    failing.format = true;
    messagesScreen([P.VIEW_MESSAGES]);
    expect(await screen.findByText(T.errors.messagesShowFailed)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Messages' })).not.toBeInTheDocument();
  });
});
