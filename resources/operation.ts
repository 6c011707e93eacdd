import type { Access } from '../shared/access.js';
import type { Permission } from '../shared/permissions.js';
import type { SchemaTypes } from '../schemas/types.js';

/**
 * A named operation of a resource's contract: a call of the API that is not one of the CRUD five (a workflow step,
 * a reveal, an assignment, a download, a history). One declaration says its method, path, permission and schemas;
 * the server registers its route from it (`operationRoutes`, server/http/operationRoutes.ts), the data provider
 * derives its typed method from it (`operationMethods`, dataProvider/operations.ts), and the OpenAPI description
 * follows from the route. docs/resources.md walks through adding one.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A schema of schemas/ by its file name (`$id`); its TypeScript type is `SchemaTypes[file]`. */
export type SchemaFile = keyof SchemaTypes & string;

/**
 * What an operation answers: one record of a schema, a list of them (`{ list }`), a file (`file`, with the media
 * types it may have in `produces`), or, as the body asks, a file or a record of a schema (`{ fileOr }`: a report
 * generated as a file, or as an instance whose Id is answered).
 */
export type AnswerShape = SchemaFile | { readonly list: SchemaFile } | 'file' | { readonly fileOr: SchemaFile };

/** A path placeholder that is not a positive integer: any text, or a text the schema fragment limits (a list of values, a pattern, a length). */
export type ParamShape = 'string' | { readonly enum?: readonly string[]; readonly pattern?: string; readonly maxLength?: number };

export interface NamedOperation {
  readonly method: HttpMethod;
  /** The path, with `:name` placeholders: each is a positive integer unless `params` says otherwise. */
  readonly path: string;
  readonly access: Access;
  /** One line for the API's description: what the call does and what it answers. */
  readonly summary: string;
  /** The body's schema; without it the call takes no body (or, with `consumes`, a body that is not JSON). */
  readonly body?: SchemaFile;
  /** A body that is not JSON: files (`multipart/form-data`, read by the handler) or a form. */
  readonly consumes?: 'multipart/form-data' | 'application/x-www-form-urlencoded';
  /** The query string's schema. */
  readonly query?: SchemaFile;
  readonly answer: AnswerShape;
  /** The media types of a `file` answer. */
  readonly produces?: readonly string[];
  /** Placeholders of the path that are not positive integers. */
  readonly params?: Readonly<Record<string, ParamShape>>;
  /** The largest body in bytes, when it differs from the server's default. */
  readonly bodyLimit?: number;
  /** For calls without a session: requests a minute from one client address. */
  readonly rateLimitPerMinute?: number;
}

/** A contract's named operations, by the name the data provider's method takes. */
export type NamedOperations = Readonly<Record<string, NamedOperation>>;

/** Declares named operations; `const` keeps each path's literal, from which the calls' arguments are typed. */
export function defineOperations<const T extends NamedOperations>(operations: T): T {
  return operations;
}

/** The placeholders of a path, in order: '/api/cases/:id/reviewer/:reviewerId' → ['id', 'reviewerId']. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? [Name, ...PathParamNames<`/${Rest}`>]
  : P extends `${string}:${infer Name}`
    ? [Name]
    : [];

/** The placeholders' values by name, as the server's handler reads them. */
export type ParamsOf<O extends NamedOperation> = {
  [K in PathParamNames<O['path']>[number]]: O['params'] extends Readonly<Record<K, { readonly enum: readonly (infer E)[] }>>
    ? E
    : O['params'] extends Readonly<Record<K, ParamShape>>
      ? string
      : number;
};

/** The body's type, or `undefined` for an operation that takes none. */
export type BodyOf<O extends NamedOperation> = O['body'] extends SchemaFile ? SchemaTypes[O['body']] : undefined;

/** The query string's type, or `undefined` for an operation that reads none. */
export type QueryOf<O extends NamedOperation> = O['query'] extends SchemaFile ? SchemaTypes[O['query']] : undefined;

/** The answer's type; `File` stands for what a file answer becomes on each side (a stream sent, a blob read). */
export type AnswerOf<O extends NamedOperation, File = never> = O['answer'] extends SchemaFile
  ? SchemaTypes[O['answer']]
  : O['answer'] extends { readonly list: infer L extends SchemaFile }
    ? SchemaTypes[L][]
    : O['answer'] extends { readonly fileOr: infer R extends SchemaFile }
      ? SchemaTypes[R] | File
      : File;

/** The path with its placeholders filled, in the order they appear. */
export function fillPath(path: string, values: readonly (string | number)[]): string {
  let index = 0;
  return path.replace(/:([A-Za-z_]\w*)/g, () => encodeURIComponent(String(values[index++])));
}

/** The names of a path's placeholders, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_]\w*)/g)].map((match) => match[1]);
}

/** The permissions an operation's access asks for, when it asks for permissions. */
export function permissionsOfAccess(access: Access): readonly Permission[] | undefined {
  return typeof access === 'object' && 'anyOf' in access ? access.anyOf : undefined;
}
