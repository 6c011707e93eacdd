import { randomBytes } from 'node:crypto';
import { Groups } from '../../shared/permissions.js';
import { DEMO_PASSWORD } from '../../server/db/seed/demoIdentity.js';
import { readOutbox } from '../../tests/support/outbox.js';
import { BrowserConnection, type Answer } from './http.js';

/** A simulated user's account: staff (a case administrator) or a client org's user. */
export interface Account {
  userName: string;
  password: string;
  kind: 'staff' | 'client';
}

/** Staff work in the firm's group that runs cases end to end; clients order cases for their org. */
const STAFF_GROUP = 'Case Admins';
/** The demo firm's client orgs, where the client accounts are spread (each sees its org's cases and those below). */
const CLIENT_ORGS = ['DOC', 'DOC-ATL', 'OPR', 'PRA', 'NCSC', 'ACME'];
const STAFF_ORG = 'DI';
/** Accounts made at once: the administrator's calls are quick, the owners' password choices are not (argon2). */
const CONCURRENCY = 4;

function json<T>(answer: Answer, what: string): T {
  if (answer.status !== 200) throw new Error(`${what} answered ${answer.status || answer.error}: ${answer.text.slice(0, 500)}`);
  return JSON.parse(answer.text) as T;
}

/** Runs `work` on every element, `CONCURRENCY` at a time. */
async function inTurn<T>(elements: readonly T[], work: (element: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < elements.length) {
        const index = next++;
        await work(elements[index], index);
      }
    }),
  );
}

/** A loopback address of the n-th account's own (127.0.1.1, 127.0.1.2, …): where its owner confirms it from. */
const homeAddress = (n: number) => `127.0.${1 + Math.floor(n / 250)}.${1 + (n % 250)}`;

/**
 * Makes `staff` + `clients` accounts through the API as the firm does: the demo administrator creates each user
 * (Users screen: a staff user in Case Admins at the firm's org, or a client user in the Client group of a client org),
 * the server mails a confirmation link to the outbox of `dataDir`, and the owner follows it — confirms the address
 * and chooses a password — from an address of their own (the public recovery calls allow 20 a minute per address).
 */
export async function makeAccounts(baseUrl: URL, dataDir: string, staff: number, clients: number): Promise<Account[]> {
  const admin = new BrowserConnection(baseUrl);
  try {
    const form = new URLSearchParams({ grant_type: 'password', username: 'sysadmin', password: DEMO_PASSWORD }).toString();
    const { access_token: token } = json<{ access_token: string }>(
      await admin.request('POST', '/oauth/token', { body: { payload: form, contentType: 'application/x-www-form-urlencoded' } }),
      'The administrator\'s sign-in',
    );
    const types = json<{ TableName: string; Types: { Id: number; Short: string }[] }[]>(await admin.request('GET', '/api/types', { token }), 'GET /api/types');
    const work = types.find((t) => t.TableName === 'EmailType')?.Types.find((t) => t.Short === 'Work');
    const groups = json<{ Id: number; Name: string }[]>(await admin.request('GET', '/api/identity/groups', { token }), 'GET /api/identity/groups');
    const orgs = json<{ Id: number; Code: string }[]>(await admin.request('GET', '/api/orgs?includeHidden=true', { token }), 'GET /api/orgs');
    const groupId = (name: string) => groups.find((g) => g.Name === name)?.Id;
    const orgId = (code: string) => orgs.find((o) => o.Code === code)?.Id;
    if (!work || !groupId(STAFF_GROUP) || !groupId(Groups.CLIENT) || !orgId(STAFF_ORG)) throw new Error('The demo firm lacks the Work e-mail type, the Case Admins or Client group, or the DI org');

    const run = randomBytes(3).toString('hex');
    const accounts: (Account & { email: string; orgId: number; groupId: number })[] = Array.from({ length: staff + clients }, (_, n) => {
      const kind = n < staff ? 'staff' : 'client';
      const userName = `soak-${run}-${kind}-${String(n + 1).padStart(3, '0')}`;
      return {
        userName,
        password: `Soak ${randomBytes(9).toString('base64url')} 2026`,
        kind,
        email: `${userName}@soak.example`,
        orgId: kind === 'staff' ? orgId(STAFF_ORG)! : orgId(CLIENT_ORGS[(n - staff) % CLIENT_ORGS.length])!,
        groupId: groupId(kind === 'staff' ? STAFF_GROUP : Groups.CLIENT)!,
      };
    });
    const ids = new Map<string, number>();
    await inTurn(accounts, async (account, n) => {
      const user = {
        UserName: account.userName,
        FirstName: account.kind === 'staff' ? 'Soak' : 'Client',
        LastName: `User${n + 1}`,
        Org_Id: account.orgId,
        GroupIds: [account.groupId],
        Emails: [{ Address: account.email, EmailType_Id: work.Id, IsPrimary: true }],
      };
      ids.set(account.userName, json<{ Id: number }>(await admin.request('POST', '/api/identity/users/create', { token, json: user }), `Creating ${account.userName}`).Id);
    });

    // The confirmation links, one mail per new user (the mail is written before the create answers).
    const links = new Map<string, URL>();
    for (const mail of await readOutbox(dataDir)) {
      const link = /\S*\/confirm-email\?\S+/.exec(mail.text)?.[0];
      if (link) links.set(mail.to.replace(/^.*<|>.*$/g, '').toLowerCase(), new URL(link));
    }
    await inTurn(accounts, async (account, n) => {
      const link = links.get(account.email);
      if (!link) throw new Error(`No confirmation mail reached ${account.email}`);
      const home = new BrowserConnection(baseUrl, homeAddress(n));
      try {
        const confirmed = json<{ Code: string | null }>(
          await home.request('POST', '/api/user/confirm', { json: { UserId: link.searchParams.get('userId'), Code: link.searchParams.get('code') } }),
          `Confirming ${account.userName}`,
        );
        if (!confirmed.Code || Number(link.searchParams.get('userId')) !== ids.get(account.userName)) throw new Error(`Confirming ${account.userName} gave no password code`);
        const chosen = { Username: account.userName, Password: account.password, ConfirmPassword: account.password, Code: confirmed.Code };
        json(await home.request('POST', '/api/user/reset-password', { json: chosen }), `Choosing ${account.userName}'s password`);
      } finally {
        home.close();
      }
    });
    return accounts.map(({ userName, password, kind }) => ({ userName, password, kind }));
  } finally {
    admin.close();
  }
}
