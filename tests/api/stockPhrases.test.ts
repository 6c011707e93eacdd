import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import schema from '../../schemas/stockPhrase.json' with { type: 'json' };
import { Limits } from '../../shared/constants.js';
import { Texts } from '../../shared/texts/index.js';
import { startTestApp, type TestApp } from '../support/testApp.js';

/**
 * Stock phrases (spec 001 §2 "Stock phrases", §3, §6, §7): the phrases of a field key (section name + '.' + field
 * name, URL-encoded in the path), sorted by phrase; add (trimmed, required, at most the limit, once per key in any
 * letter case), delete; who may read, add and delete.
 */
const T = Texts.items.sections.stockPhrases;
let t: TestApp;
const tokens: Record<string, string> = {};
type Who = 'investigator' | 'reviewer' | 'manager' | 'client' | 'caseadmin';
type Json = Record<string, unknown>;

beforeAll(async () => {
  t = await startTestApp();
  for (const name of ['investigator', 'reviewer', 'manager', 'client', 'caseadmin'] as Who[]) tokens[name] = await t.signIn(name);
});
afterAll(() => t.close());

/** The path of a field key's phrases, encoded as the data provider's fillPath does. */
const url = (fieldKey: string, id?: unknown) => `/api/stock-phrases/${encodeURIComponent(fieldKey)}${id === undefined ? '' : `/${String(id)}`}`;
const call = (who: Who | null, method: 'GET' | 'POST' | 'DELETE', target: string, payload?: object) => t.call(who ? tokens[who] : null, { method, url: target, payload });
const phrasesOf = async (fieldKey: string) => ((await call('investigator', 'GET', url(fieldKey))).json() as Json[]).map((p) => p.Phrase);

describe('stock phrases', () => {
  it('adds phrases under a field key (trimmed) and lists them sorted by phrase, apart from other keys\'', async () => {
    const key = 'Test Interview.Summary';
    expect((await call('investigator', 'GET', url(key))).json()).toEqual([]);
    for (const phrase of ['  The subject was cooperative.  ', 'all records were reviewed.', 'No issues were found.']) {
      const added = await call('investigator', 'POST', url(key), { Phrase: phrase });
      expect(added.statusCode, added.body).toBe(200);
      expect(added.json()).toMatchObject({ FieldKey: key, Phrase: phrase.trim() });
      expect(typeof added.json().Id).toBe('number');
    }
    expect((await call('investigator', 'POST', url('Test Reference.Statement'), { Phrase: 'Known for ten years.' })).statusCode).toBe(200);
    expect(await phrasesOf(key)).toEqual(['all records were reviewed.', 'No issues were found.', 'The subject was cooperative.']);
    expect(await phrasesOf('Test Reference.Statement')).toEqual(['Known for ten years.']);
    const row = await t.database.db.selectFrom('stock_phrases').selectAll().where('Phrase', '=', 'No issues were found.').executeTakeFirstOrThrow();
    expect(row.FieldKey).toBe(key);
    expect(row.CreatedBy_Id).toBeTruthy();
  });

  it('refuses a phrase the key holds already in any letter case, an empty one and one over the limit, under Phrase', async () => {
    const key = 'Test Residence.Sources.Statement';
    expect((await call('reviewer', 'POST', url(key), { Phrase: 'Lived there for years.' })).statusCode).toBe(200);
    const refused = async (payload: object) => {
      const response = await call('reviewer', 'POST', url(key), payload);
      expect(response.statusCode, response.body).toBe(400);
      return response.json().ModelState as Record<string, string[]>;
    };
    expect(await refused({ Phrase: '  LIVED THERE FOR YEARS.' })).toEqual({ Phrase: [T.duplicate] });
    expect(await refused({ Phrase: '   ' })).toEqual({ Phrase: ['Phrase is required.'] });
    expect(await refused({})).toEqual({ Phrase: ['Phrase is required.'] });
    expect(await refused({ Phrase: 'x'.repeat(Limits.STOCK_PHRASE_MAX_LENGTH + 1) })).toEqual({ Phrase: [`Phrase must be at most ${Limits.STOCK_PHRASE_MAX_LENGTH} characters.`] });
    expect((await call('reviewer', 'POST', url(key), { Phrase: 'x'.repeat(Limits.STOCK_PHRASE_MAX_LENGTH) })).statusCode).toBe(200);
    // The same phrase under another key is another phrase.
    expect((await call('reviewer', 'POST', url('Test Employment.Supervisor Comments'), { Phrase: 'Lived there for years.' })).statusCode).toBe(200);
    expect(await phrasesOf(key)).toHaveLength(2);
  });

  it('the schema\'s length limit is the constant', () => {
    expect(schema.properties.Phrase.maxLength).toBe(Limits.STOCK_PHRASE_MAX_LENGTH);
  });

  it('deletes a phrase of the key; a phrase of another key or none is a 404', async () => {
    const key = 'Test Record Check.Findings';
    const added = (await call('investigator', 'POST', url(key), { Phrase: 'No record was found.' })).json() as Json;
    expect((await call('investigator', 'DELETE', url('Other.Field', added.Id))).statusCode).toBe(404);
    const removed = await call('investigator', 'DELETE', url(key, added.Id));
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ Id: added.Id, Phrase: 'No record was found.' });
    expect(await phrasesOf(key)).toEqual([]);
    expect((await call('investigator', 'DELETE', url(key, added.Id))).statusCode).toBe(404);
    const audit = await t.database.db.selectFrom('audit_log').select(['Entity', 'Action']).where('Entity', '=', 'stock_phrases').orderBy('Id', 'desc').executeTakeFirstOrThrow();
    expect(audit).toEqual({ Entity: 'stock_phrases', Action: 'delete' });
  });

  it('reads with View Items, adds with Add Stock Phrases and deletes with Delete Stock Phrases', async () => {
    const key = 'Test Education.Degree';
    const added = (await call('caseadmin', 'POST', url(key), { Phrase: 'Bachelor of Science' })).json() as Json;
    expect((await call('manager', 'GET', url(key))).statusCode).toBe(200);
    expect((await call('client', 'GET', url(key))).statusCode).toBe(403);
    expect((await call(null, 'GET', url(key))).statusCode).toBe(401);
    // Managers hold neither phrase permission; reviewers add but do not delete.
    expect((await call('manager', 'POST', url(key), { Phrase: 'Master of Arts' })).statusCode).toBe(403);
    expect((await call('reviewer', 'POST', url(key), { Phrase: 'Master of Arts' })).statusCode).toBe(200);
    expect((await call('reviewer', 'DELETE', url(key, added.Id))).statusCode).toBe(403);
    expect((await call('manager', 'DELETE', url(key, added.Id))).statusCode).toBe(403);
    expect(await phrasesOf(key)).toEqual(['Bachelor of Science', 'Master of Arts']);
  });
});
