/** LIKE / ILIKE patterns of what a user typed: `%`, `_` and `\` match themselves (backslash, the default escape). */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Text holding `text` anywhere. */
export const containing = (text: string) => `%${literal(text)}%`;

/** Text starting with `text`: a btree index on the column (text_pattern_ops) answers it as a range. */
export const startingWith = (text: string) => `${literal(text)}%`;
