import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { DB } from '../db/schema.js';
import { startingWith } from '../db/likePatterns.js';

/** Any query that reads the cases under the alias `c`. */
type WithCases = DB & { c: DB['cases'] };
type Builder<T extends WithCases> = ExpressionBuilder<T, 'c'>;

/**
 * `lower(c."<column>") LIKE lower(<text>%)`: the form the index `cases_subject_last_prefix` (migration 017) answers
 * as a range when the column is the last name. Both sides are lowered by PostgreSQL, so a letter's case never
 * decides a match.
 */
function nameStartsWith<T extends WithCases>(eb: Builder<T>, column: 'SubjectLastName' | 'SubjectFirstName', text: string): Expression<SqlBool> {
  return eb(sql<string>`lower(${eb.ref(`c.${column}` as never)})`, 'like', sql<string>`lower(${startingWith(text)})`);
}

/** The subject's last name (on the case) starts with `text`: the items list's Last Name box. */
export function lastNameStartsWith<T extends WithCases>(eb: Builder<T>, text: string): Expression<SqlBool> {
  return nameStartsWith(eb, 'SubjectLastName', text);
}

/**
 * The cases list's Search Name (docs/decisions.md, "Search Name"): names are looked up by how they start, last name
 * first, as a firm files them.
 * - `walker` — the last name starts with it;
 * - `walker, jor` — the last name starts with what is before the comma, the first name with what is after it (either
 *   part may be left empty);
 * - `walker jor` or `jordan walk` — two words or more, in either order: the last name starts with the first word and
 *   the first name with the rest, or the first name starts with the first word and the last name with the rest; the
 *   whole text starting the last name matches too (`van der` finds Van Der Berg).
 * Null when the text holds no name.
 */
export function subjectNameMatches<T extends WithCases>(eb: Builder<T>, text: string): Expression<SqlBool> | null {
  const squeeze = (part: string) => part.trim().replace(/\s+/g, ' ');
  const comma = text.indexOf(',');
  if (comma >= 0) {
    const last = squeeze(text.slice(0, comma));
    const first = squeeze(text.slice(comma + 1).replace(/,/g, ' '));
    const parts = [last && nameStartsWith(eb, 'SubjectLastName', last), first && nameStartsWith(eb, 'SubjectFirstName', first)].filter((part): part is Expression<SqlBool> => Boolean(part));
    return parts.length ? eb.and(parts) : null;
  }
  const whole = squeeze(text);
  if (!whole) return null;
  const [head, ...tail] = whole.split(' ');
  if (tail.length === 0) return nameStartsWith(eb, 'SubjectLastName', head);
  const rest = tail.join(' ');
  return eb.or([
    eb.and([nameStartsWith(eb, 'SubjectLastName', head), eb.or([nameStartsWith(eb, 'SubjectLastName', whole), nameStartsWith(eb, 'SubjectFirstName', rest)])]),
    eb.and([nameStartsWith(eb, 'SubjectFirstName', head), nameStartsWith(eb, 'SubjectLastName', rest)]),
  ]);
}
