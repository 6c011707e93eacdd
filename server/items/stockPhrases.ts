import { sql } from 'kysely';
import { Limits } from '../../shared/constants.js';
import { Texts } from '../../shared/texts/index.js';
import { validationMessage } from '../../shared/validationMessages.js';
import type { Database } from '../db/database.js';
import { ValidationError, notFound } from '../http/errors.js';
import { defineStore, type StoreContext } from '../resources/store.js';

const T = Texts.items.sections.stockPhrases;
const PHRASE = 'Phrase';
const COLUMNS = ['Id', 'FieldKey', 'Phrase', 'CreatedDate'] as const;

/** The field key of the call, as the path carries it (decoded): the section name, a dot and the field name. */
const fieldKeyOf = (context: StoreContext) => String(context.params.FieldKey);

/** Whether the key holds the phrase already, in any letter case. */
async function alreadySaved(db: Database, fieldKey: string, phrase: string): Promise<boolean> {
  const found = await db
    .selectFrom('stock_phrases')
    .select('Id')
    .where('FieldKey', '=', fieldKey)
    .where(sql<string>`lower(${sql.ref('Phrase')})`, '=', sql<string>`lower(${phrase})`)
    .executeTakeFirst();
  return found !== undefined;
}

/** Why a phrase may not be saved under the key (ModelState Phrase), or null. */
async function refusedPhrase(db: Database, fieldKey: string, phrase: string): Promise<string | null> {
  if (phrase.length > Limits.STOCK_PHRASE_MAX_LENGTH) return validationMessage('maxLength', { limit: Limits.STOCK_PHRASE_MAX_LENGTH }, { title: PHRASE }, PHRASE);
  return (await alreadySaved(db, fieldKey, phrase)) ? T.duplicate : null;
}

/**
 * The stock phrases of a field key, the `stock-phrases` declaration's store (spec 001 §2 "Stock phrases", §3, §7):
 * the key's phrases sorted by phrase (in the same order on every database, whatever its collation); add a phrase
 * (trimmed, at most Limits.STOCK_PHRASE_MAX_LENGTH characters, once per key in any letter case — two users adding
 * the same phrase at once wait for each other); delete one of the key's phrases.
 */
export const stockPhrasesStore = defineStore({
  audit: { entity: 'stock_phrases' },
  summaries: {
    list: 'The stock phrases saved under a field key (section name + \'.\' + field name, URL-encoded), sorted by phrase: Id, FieldKey, Phrase, CreatedDate',
    create: 'Save a stock phrase under a field key (trimmed; a phrase the key holds already, in any letter case, is refused with 400 ModelState Phrase); answers it',
    delete: 'Delete a stock phrase of a field key; answers it',
  },
  async list(context) {
    const rows = await context.db.selectFrom('stock_phrases').select(COLUMNS).where('FieldKey', '=', fieldKeyOf(context)).execute();
    return rows.sort((a, b) => a.Phrase.localeCompare(b.Phrase, 'en', { sensitivity: 'base' }) || a.Phrase.localeCompare(b.Phrase, 'en') || a.Id - b.Id);
  },
  async read(context, key) {
    const row = await context.db.selectFrom('stock_phrases').select(COLUMNS).where('Id', '=', Number(key)).where('FieldKey', '=', fieldKeyOf(context)).executeTakeFirst();
    if (!row) throw notFound(T.notFound);
    return row;
  },
  async validate(context, values, _existing, errors) {
    const refusal = await refusedPhrase(context.db, fieldKeyOf(context), String(values.Phrase ?? ''));
    if (refusal) errors.add(PHRASE, refusal);
  },
  async insert(context, values) {
    const { db } = context;
    const fieldKey = fieldKeyOf(context);
    const phrase = String(values.Phrase ?? '');
    // One writer per key at a time until the transaction ends, so the check below sees any phrase saved meanwhile.
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`stock_phrases:${fieldKey}`}))`.execute(db);
    const refusal = await refusedPhrase(db, fieldKey, phrase);
    if (refusal) throw ValidationError.field(PHRASE, refusal);
    const { Id } = await db
      .insertInto('stock_phrases')
      .values({ FieldKey: fieldKey, Phrase: phrase, CreatedBy_Id: context.auth.userId, CreatedDate: context.now })
      .returning('Id')
      .executeTakeFirstOrThrow();
    return Id;
  },
  async remove(context, key) {
    await context.db.deleteFrom('stock_phrases').where('Id', '=', Number(key)).where('FieldKey', '=', fieldKeyOf(context)).execute();
  },
});
