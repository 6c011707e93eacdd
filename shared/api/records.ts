/**
 * Small generic helpers that turn the types generated from the JSON Schemas (schemas/types.ts, `npm run
 * schemas:types`) into the shapes a call sends, the API answers and the server builds, so that no record is
 * typed twice by hand.
 */

/**
 * Every property the schema describes is present, in nested objects and lists too: in an answer (a schema's
 * `required` lists only what a body must send), and in a body once validation filled in the schema's defaults.
 */
export type Complete<T> = T extends readonly (infer E)[]
  ? Complete<E>[]
  : T extends object
    ? { [K in keyof T]-?: Complete<Exclude<T[K], undefined>> }
    : T;

type IfEquals<X, Y, A, B> = (<G>() => G extends X ? 1 : 2) extends <G>() => G extends Y ? 1 : 2 ? A : B;

/** The keys of T that are not `readonly` (the generated types declare a schema's readOnly properties so). */
type WritableKeys<T> = { [K in keyof T]-?: IfEquals<{ [Q in K]: T[K] }, { -readonly [Q in K]: T[K] }, K, never> }[keyof T];

/** What a body may send of a schema's type: its properties less the readOnly ones, which only answers hold. */
export type Writable<T> = Pick<T, WritableKeys<T>>;

/** A body after validation: the properties K, which the schema gives a `default`, are filled in. */
export type WithDefaults<T, K extends keyof T> = Omit<T, K> & Required<Pick<T, K>>;

/** A stored entry of a sub-list, as answered: complete, with its Id (an entry a body sends without one is new). */
export type Stored<T extends { readonly Id?: number | null }> = Complete<Omit<T, 'Id'>> & { readonly Id: number };

/**
 * An answer as the server builds it: its properties named K, at any depth, hold `Date`s (or what else they allow,
 * such as null), which JSON sends as the ISO text the schema describes.
 */
export type WithDates<T, K extends PropertyKey> = T extends readonly (infer E)[]
  ? WithDates<E, K>[]
  : T extends object
    ? { [P in keyof T]: P extends K ? Exclude<T[P], string> | Date : WithDates<T[P], K> }
    : T;
