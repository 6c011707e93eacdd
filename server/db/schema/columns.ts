import type { ColumnType, Generated } from 'kysely';

/**
 * The column kinds the table modules beside this one are typed with: what a column reads as, what an insert and an
 * update may write. The drivers' type parsers (server/db/database.ts) make the read types true.
 */

export type Id = Generated<number>;
/** A one-row table's key: the row is inserted with it or defaults to it, and never changes. */
export type FixedId = ColumnType<number, number | undefined, never>;
/** A timestamp column with a database default. */
export type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** `date` columns travel as 'YYYY-MM-DD' strings (the type parser is set so on both drivers). */
export type DateOnly = ColumnType<string | null, string | null | undefined, string | null>;
/** A NOT NULL `date` column. */
export type Day = ColumnType<string, string, string>;
/** numeric columns are parsed to numbers on read. */
export type Money = ColumnType<number, number | string, number | string>;
export type NullableMoney = ColumnType<number | null, number | string | null | undefined, number | string | null>;
export type Flag = ColumnType<boolean, boolean | undefined, boolean>;
export type Json<T> = ColumnType<T, string, string>;
