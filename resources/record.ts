/** A record as the API answers it: a plain object keyed by the declaration's `key` (usually `Id`). */
export type ApiRecord = Record<string, unknown>;
