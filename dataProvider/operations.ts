import {
  fillPath,
  pathParamNames,
  type AnswerOf,
  type BodyOf,
  type NamedOperation,
  type NamedOperations,
  type QueryOf,
  type SchemaFile,
} from '../resources/operation.js';
import type { Complete } from '../shared/api/records.js';
import { contracts, type ContractName, type Contracts } from '../resources/contracts.js';
import { request, type FileAnswer } from './httpClient.js';

/** The path placeholders' values, in the order the path names them. */
type PathArgs<P extends string> = P extends `${string}:${string}/${infer Rest}`
  ? [number | string, ...PathArgs<`/${Rest}`>]
  : P extends `${string}:${string}`
    ? [number | string]
    : [];

/** What the method sends as the body: files as a FormData, a form's fields, or the body's JSON. */
export type SentBody<O extends NamedOperation> = O['consumes'] extends 'multipart/form-data'
  ? FormData
  : O['consumes'] extends 'application/x-www-form-urlencoded'
    ? Record<string, string>
    : BodyOf<O>;

type BodyArg<O extends NamedOperation> = SentBody<O> extends undefined ? [] : [body: SentBody<O>];
type QueryArg<O extends NamedOperation> = QueryOf<O> extends undefined ? [] : [query: QueryOf<O>];

/** The arguments of an operation's method: its path placeholders, then its body, then its query, as it takes them. */
export type OperationArgs<O extends NamedOperation> = [...PathArgs<O['path']>, ...BodyArg<O>, ...QueryArg<O>];

/**
 * What an operation's method resolves to: a file as a blob with its file name; a record with every property of its
 * schema present, as answers hold them (the schema's `required` lists what a body must send).
 */
export type MethodAnswer<O extends NamedOperation> = O['answer'] extends 'file'
  ? FileAnswer
  : O['answer'] extends { readonly fileOr: SchemaFile }
    ? FileAnswer | Complete<AnswerOf<O>>
    : Complete<AnswerOf<O>>;

/** An operation's method; a last AbortSignal cancels the call (a search a newer one replaces). */
export type OperationMethod<O extends NamedOperation> = (...args: [...OperationArgs<O>, signal?: AbortSignal]) => Promise<MethodAnswer<O>>;

/** A contract's named operations as data-provider methods of the same names. */
export type OperationMethods<T extends NamedOperations> = { [K in keyof T]: OperationMethod<T[K]> };

/** The method of one operation: fills the path, sends the body (an empty one for a write that takes none) and the query. */
export function operationMethod<O extends NamedOperation>(operation: O): OperationMethod<O> {
  const placeholders = pathParamNames(operation.path).length;
  const takesBody = operation.body !== undefined || operation.consumes !== undefined;
  return ((...given: unknown[]) => {
    const signal = given.at(-1) instanceof AbortSignal ? (given.at(-1) as AbortSignal) : undefined;
    const args = signal ? given.slice(0, -1) : given;
    const path = fillPath(operation.path, args.slice(0, placeholders) as (string | number)[]);
    const sent = takesBody ? args[placeholders] : undefined;
    const query = (operation.query ? args[placeholders + (takesBody ? 1 : 0)] : undefined) as Record<string, string | number | boolean | undefined> | undefined;
    const body = operation.method === 'GET' || operation.consumes ? undefined : takesBody ? sent : {};
    return request(path, {
      method: operation.method,
      body,
      formData: operation.consumes === 'multipart/form-data' ? (sent as FormData) : undefined,
      form: operation.consumes === 'application/x-www-form-urlencoded' ? (sent as Record<string, string>) : undefined,
      query,
      signal,
      asFile: operation.answer === 'file' ? true : typeof operation.answer === 'object' && 'fileOr' in operation.answer ? 'unlessJson' : false,
      // A public call (account recovery) is sent without the session's token, as a signed-out page sends it.
      anonymous: operation.access === 'public',
    });
  }) as OperationMethod<O>;
}

/** Files as an upload operation sends them: each under `file`, with its name. */
export function filesForm(files: readonly File[]): FormData {
  const formData = new FormData();
  for (const file of files) formData.append('file', file, file.name);
  return formData;
}

/** Every named operation of a contract as a typed method: nothing about the call is written here. */
export function operationMethods<T extends NamedOperations>(operations: T): OperationMethods<T> {
  return Object.fromEntries(Object.entries(operations).map(([name, operation]) => [name, operationMethod(operation)])) as unknown as OperationMethods<T>;
}

/** The operation `name` of contract `C`. */
export type ContractOperation<C extends ContractName, K extends keyof Contracts[C]> = Contracts[C][K] extends infer O extends NamedOperation ? O : never;

const methods = Object.fromEntries(Object.entries(contracts).map(([key, operations]) => [key, operationMethods(operations)])) as {
  [C in ContractName]: OperationMethods<Contracts[C]>;
};

/**
 * Calls a named operation of a contract: `callOperation('cases', 'resume', caseId)`. One method of the data provider,
 * so react-admin's wrapper (which signs out on a 401 or 419) covers every operation; `useOperations` gives a view the
 * same calls as methods.
 */
export function callOperation<C extends ContractName, K extends keyof Contracts[C] & string>(
  contract: C,
  name: K,
  ...args: [...OperationArgs<ContractOperation<C, K>>, signal?: AbortSignal]
): Promise<MethodAnswer<ContractOperation<C, K>>> {
  const method = (methods[contract] as Record<string, (...a: unknown[]) => Promise<unknown>>)[name];
  return method(...args) as Promise<MethodAnswer<ContractOperation<C, K>>>;
}
