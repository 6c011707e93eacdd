import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { LAST_NAMES } from '../../server/db/seed/random.js';
import { multipart } from '../../tests/support/uploads.js';
import type { Account } from './accounts.js';
import type { BrowserConnection, CallOptions } from './http.js';
import type { ActionName, SoakResults } from './results.js';
import type { ReportParametersParameter } from '../../schemas/types.js';
import { CASES_LIST_OPEN, casePageReads, casePageRefresh, editedDefinition, itemPageReads, READ_BATCH_PATH, reportFormValues, sectionSaveCall, SIGN_IN_READS, type BatchAnswer, type CaseRef } from '../pageCalls.js';

/** Calls sent together, each answering its parsed JSON (null for a failed or empty answer). */
type Wave = (calls: [method: string, path: string, options?: CallOptions][]) => Promise<unknown[]>;

/** How a simulated user paces itself. */
export interface Pace {
  /** Think time before each action, ms: drawn evenly between the two. */
  thinkMs: readonly [number, number];
  /** How long a user stays signed in before signing out and in again, ms. */
  sessionMs: readonly [number, number];
}

/** Share of case visits on which a staff user, or a client user, uploads a paper (when the case takes papers). */
const UPLOAD_SHARE = { staff: 0.25, client: 0.4 } as const;
/** Share of a staff user's rounds that end with a report. */
const REPORT_SHARE = 0.2;
/** A scanned paper: a PDF of this many bytes. */
const PAPER_BYTES = 64 * 1024;

type Json = Record<string, unknown>;
type CaseRow = CaseRef;
interface ItemAnswer {
  Id: number;
  Case_Id: number;
  Sections?: { Id: number; Definition: string }[];
  LockedReason?: string | null;
}
const between = ([low, high]: readonly [number, number]) => low + Math.random() * (high - low);
const pick = <T>(values: readonly T[]): T => values[Math.floor(Math.random() * values.length)];
/** A successful answer's JSON; another body (a report's XML) as text, an empty one as ''. */
function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : '';
  } catch {
    return text;
  }
}

/** The cases list's searches (spec 001 §7: POST /api/cases/search): the first page, a name typed, a state filter, the next page. */
function searchBody(): Json {
  const base = { page: 0, pageSize: 20, sorted: [{ id: 'ReceivedDate', desc: true }], filtered: [] as Json[], additional: {} as Json };
  const kind = Math.random();
  if (kind < 0.3) return base;
  if (kind < 0.65) return { ...base, filtered: [{ id: 'CaseName', value: pick(LAST_NAMES).slice(0, 2 + Math.floor(Math.random() * 2)).toLowerCase() }] };
  if (kind < 0.9) return { ...base, additional: { CaseStateIDs: ['IN_PROCESS', 'IN_REVIEW'] } };
  return { ...base, page: 1 };
}

/**
 * One person at a browser, signed in with their own account, making the calls the client makes for each action
 * (the calls and their order were read from the client in Chromium): sign in (the token, then what the app loads
 * and the cases list it lands on, and the live notices stream it keeps open), search the cases list, open a case
 * from its rows, open one of its items, save a section of it, upload a paper to the case, run a staff report, and
 * sign out. Staff users do all of it; client users search, open their org's cases and upload papers, as their
 * screens allow. Calls a page makes together go together (six connections at most, as a browser).
 */
export class SimulatedUser {
  private token: string | null = null;
  private closeStream: (() => void) | null = null;
  private cases: CaseRow[] = [];

  constructor(
    private readonly account: Account,
    private readonly connection: BrowserConnection,
    private readonly results: SoakResults,
    private readonly pace: Pace,
  ) {}

  /** Works until `deadline` (performance.now() ms): sessions of rounds, each action after a think. */
  async run(deadline: number): Promise<void> {
    const more = () => performance.now() < deadline;
    while (more()) {
      if (!(await this.signIn())) {
        await sleep(between(this.pace.thinkMs));
        continue;
      }
      const sessionEnd = performance.now() + between(this.pace.sessionMs);
      while (more() && performance.now() < sessionEnd) await this.round(more);
      if (more()) await this.signOut();
    }
    this.closeStream?.();
    this.connection.close();
  }

  /** One round of work: find a case, open it, perhaps add a paper, open an item and save a section, perhaps a report. */
  private async round(more: () => boolean): Promise<void> {
    const staff = this.account.kind === 'staff';
    let rows = await this.step(more, () => this.searchCases(searchBody()));
    if (rows && !rows.length) rows = await this.step(more, () => this.searchCases(searchBody()));
    const chosen = rows?.length ? pick(rows) : this.cases.length ? pick(this.cases) : null;
    if (!chosen) return;
    const opened = await this.step(more, () => this.openCase(chosen));
    if (!opened) return;
    if (!opened.record.LockedReason && Math.random() < UPLOAD_SHARE[this.account.kind]) await this.step(more, () => this.uploadPaper(chosen));
    if (!staff || !opened.items.length) return;
    const item = await this.step(more, () => this.openItem(chosen.Id, pick(opened.items).Id));
    if (item?.Sections?.length && !item.LockedReason) await this.step(more, () => this.saveSection(item));
    if (Math.random() < REPORT_SHARE) await this.step(more, () => this.runReport());
  }

  /** Thinks, then takes the action unless the run is over; answers what it answers (undefined when not taken). */
  private async step<T>(more: () => boolean, action: () => Promise<T>): Promise<T | undefined> {
    await sleep(between(this.pace.thinkMs));
    return more() ? action() : undefined;
  }

  /**
   * Times one action: its calls (in waves, each wave's calls together) and whether any failed; every failed call is
   * listed with its status and path. A wave's calls answer their parsed JSON (null for a failed or empty answer).
   */
  private async action<T>(name: ActionName, body: (wave: Wave, batch: (paths: string[]) => Promise<unknown[]>) => Promise<T>): Promise<T> {
    let failed = false;
    const start = performance.now();
    const wave: Wave = async (calls) =>
      Promise.all(
        calls.map(async ([method, path, options]) => {
          const answer = await this.connection.request(method, path, { token: this.token, ...options });
          this.results.call(method, path, answer.ms);
          if (answer.status >= 200 && answer.status < 300) return parse(answer.text);
          failed = true;
          this.results.fail({ action: name, method, path, status: answer.status, message: answer.error ?? answer.text });
          return null;
        }),
      );
    // A batch of reads (POST /api/reads) as the case and item pages send it: each read's answer (null when it failed),
    // each failed read a failed call of its own.
    const batch = async (paths: string[]) => {
      const [answer] = (await wave([['POST', READ_BATCH_PATH, { json: { Paths: paths } }]])) as [BatchAnswer | null];
      if (!answer) return paths.map(() => null);
      return answer.Answers.map((read) => {
        if (read.Status >= 200 && read.Status < 300) return read.Body;
        failed = true;
        this.results.fail({ action: name, method: 'GET', path: read.Path, status: read.Status, message: JSON.stringify(read.Body) });
        return null;
      });
    };
    try {
      return await body(wave, batch);
    } finally {
      this.results.action(name, performance.now() - start, failed);
    }
  }

  /** Sign-in page → the app: the token, the user and permissions, the lookups, then the cases list it lands on. */
  private signIn(): Promise<boolean> {
    return this.action('sign in', async (wave) => {
      this.token = null;
      const form = new URLSearchParams({ grant_type: 'password', username: this.account.userName, password: this.account.password }).toString();
      const [signedIn] = (await wave([['POST', '/oauth/token', { body: { payload: form, contentType: 'application/x-www-form-urlencoded' } }]])) as [{ access_token: string } | null];
      if (!signedIn) return false;
      this.token = signedIn.access_token;
      const [session, lookups] = SIGN_IN_READS;
      await wave(session.map((path) => ['GET', path]));
      this.openStream();
      await wave(lookups.map((path) => ['GET', path]));
      const [list] = await wave([['POST', '/api/cases/search', { json: CASES_LIST_OPEN.search }], ...CASES_LIST_OPEN.reads.map((path): [string, string] => ['GET', path])]);
      this.cases = (list as { cases?: CaseRow[] } | null)?.cases ?? [];
      return true;
    });
  }

  /** The live notices stream the signed-in app keeps open; one that ends on its own is noted (the app would reconnect). */
  private openStream(): void {
    this.closeStream?.();
    this.closeStream = this.connection.openStream(
      '/api/live/events',
      this.token!,
      (block) => {
        if (/^event: notice$/m.test(block)) this.results.notices += 1;
      },
      (reason) => this.results.streamsLost.push(`${this.account.userName}: ${reason}`),
    );
  }

  private signOut(): Promise<void> {
    this.closeStream?.();
    this.closeStream = null;
    return this.action('sign out', async (wave) => {
      await wave([['POST', '/api/user/logout']]);
      this.token = null;
    });
  }

  private searchCases(body: Json): Promise<CaseRow[] | null> {
    return this.action('search cases', async (wave) => {
      const [answer] = await wave([['POST', '/api/cases/search', { json: body }]]);
      return (answer as { cases?: CaseRow[] } | null)?.cases ?? null;
    });
  }

  private openCase(row: CaseRow): Promise<{ record: { LockedReason?: string | null }; items: { Id: number }[] } | null> {
    return this.action('open a case', async (wave, batch) => {
      // As the page reads them to open (bench/pageCalls.ts): the case, then its parts' reads in one batch.
      const page = casePageReads(row, this.account.kind);
      const [record] = (await wave([['GET', page.record]])) as [{ LockedReason?: string | null } | null];
      if (!record) return null;
      const answers = await batch(page.batch);
      const items = page.itemsAt === null ? [] : ((answers[page.itemsAt] as { Id: number }[] | null) ?? []);
      return { record, items };
    });
  }

  /** The papers' drop zone: one PDF in a multipart call, then the page reloads the case and its lists (one batch). */
  private uploadPaper(row: CaseRow): Promise<void> {
    return this.action('upload a paper', async (wave, batch) => {
      const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(PAPER_BYTES - 16), Buffer.from('\n%%EOF\n')]);
      const { payload, headers } = multipart([{ name: `release-${this.account.userName}.pdf`, content: pdf, type: 'application/pdf' }]);
      const [uploaded] = await wave([['POST', `/api/cases/${row.Id}/attachments`, { body: { payload, contentType: headers['content-type'] } }]]);
      if (uploaded) await batch(casePageRefresh(row, this.account.kind));
    });
  }

  private openItem(caseId: number, itemId: number): Promise<ItemAnswer | null> {
    return this.action('open an item', async (wave, batch) => {
      const page = itemPageReads(caseId, itemId);
      const [item] = await wave([['GET', page.record]]);
      if (item) await batch(page.batch);
      return item as ItemAnswer | null;
    });
  }

  /** The section modal's Save and Close: the Definition as JSON text, then the item and its history read again. */
  private saveSection(item: ItemAnswer): Promise<void> {
    return this.action('save a section', async (wave) => {
      const section = pick(item.Sections!);
      const i = `/api/cases/${item.Case_Id}/items/${item.Id}`;
      const save = sectionSaveCall(item.Case_Id, item.Id, section.Id, editedDefinition(section.Definition, this.account.userName));
      const [saved] = await wave([[save.method, save.path, { json: save.json }]]);
      if (saved) await wave([['GET', `${i}/history`], ['GET', i]]);
    });
  }

  /** The Reports page: the list, a report's parameters, View (run as an instance, then its XML read). */
  private runReport(): Promise<void> {
    return this.action('run a report', async (wave) => {
      const [reports] = (await wave([['GET', '/api/reports']])) as [{ Group: string; Name: string }[] | null];
      if (!reports?.length) return;
      const report = pick(reports);
      const path = `/api/reports/${encodeURIComponent(report.Group)}/${encodeURIComponent(report.Name)}`;
      const [form] = (await wave([['GET', `${path}/parameters`]])) as [{ Parameters: ReportParametersParameter[] } | null];
      if (!form) return;
      const body = { Group: report.Group, Name: report.Name, Parameters: reportFormValues(form.Parameters), Format: 'xml', Instance: true };
      const [instance] = (await wave([['POST', path, { json: body }]])) as [{ Id: string } | null];
      if (instance) await wave([['GET', `/api/reports/instance/${instance.Id}/xml`]]);
    });
  }
}
