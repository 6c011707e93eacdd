import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.js';
import { readConfig } from '../../server/config.js';
import { DEMO_PASSWORD } from '../../server/db/seed/index.js';
import { checkAnswersOf } from '../support/answerCheck.js';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase.js';
import { TEST_VAULT } from '../support/testVault.js';
import { Texts } from '../../shared/texts/index.js';

/**
 * A refused request never reaches its handler, whatever other hooks the app has: the access hook throws its 401, 403
 * and 419 rather than sending them from an async hook (which, beside another async hook, let a forbidden delete run).
 */
let database: TestDatabase;
let app: FastifyInstance;
let dataDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), 'dossier-access-'));
  app = await buildApp({ db: database.db, config: { ...readConfig({}), dataDir }, vault: TEST_VAULT });
  checkAnswersOf(app);
  // Another async hook on every answer, as a compression or a metrics plugin would add.
  app.addHook('onSend', async (_request, _reply, payload) => payload);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('a refused request, beside another async hook', () => {
  it('is answered 401 or 403 and its handler never runs: the lookup item it would hide is as it was', async () => {
    const item = await database.db.selectFrom('type_items').select(['Id', 'TableName', 'Hidden']).orderBy('Id').executeTakeFirstOrThrow();
    const url = `/api/types/${item.TableName}/items/${item.Id}`;

    const anonymous = await app.inject({ method: 'DELETE', url });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toHaveProperty('Message');

    const signIn = await app.inject({ method: 'POST', url: '/oauth/token', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `username=investigator&password=${DEMO_PASSWORD}&grant_type=password` });
    const forbidden = await app.inject({ method: 'DELETE', url, headers: { authorization: `Bearer ${signIn.json().access_token as string}` } });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ Message: Texts.global.noRoutePermission });

    const after = await database.db.selectFrom('type_items').select('Hidden').where('Id', '=', item.Id).executeTakeFirstOrThrow();
    expect(after.Hidden).toBe(item.Hidden);
  });
});
