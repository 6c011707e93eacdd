import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';
import { SCHEMA_KEYWORDS } from '../../schemas/index.js';
import { openApiPath, type OpenApiDocument, type Operation } from '../../server/docs/openApi.js';
import { documentOf } from '../../server/docs/openApiRoutes.js';
import { emptyTally, type AnswerTally } from './answerTally.js';

/**
 * Every answer the API tests receive from the app, checked against the OpenAPI description of its route and status
 * (server/docs/openApi.ts, built from the registered routes' schemas). `checkAnswersOf(app)` hooks an app before it is
 * ready; the API tiers' setup file (tests/support/apiSetup.ts) fails the test that received an answer its description
 * does not allow, and counts the answers whose shape no route declares.
 */

/**
 * Ajv for the OpenAPI description: draft 2020-12, formats checked, the product's own keywords known, the document as
 * `openapi`. The document is not checked against the meta-schema here (the OpenAPI test checks it whole), and the
 * validators' code is not optimised: both make compiling, what the check mostly costs, a third quicker.
 */
export function openApiAjv(document: OpenApiDocument): Ajv2020 {
  // removeAdditional: a property the schema closes its object to is left out, as the serializer leaves it out (so
  // does a record's internal columns): what is checked of a handler's answer is what the client gets of it.
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true, validateSchema: false, code: { optimize: false }, removeAdditional: true });
  addFormats.default(ajv);
  for (const keyword of SCHEMA_KEYWORDS) ajv.addKeyword(keyword);
  ajv.addSchema({ ...document, $id: 'openapi' } as object);
  return ajv;
}

/** A JSON pointer's token: `/` and `~` escaped. */
const token = (text: string) => text.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * An answer: the route as registered (`/api/cases/:id`), its status, type and body, as sent or (`handler`) as the
 * handler gave it, before the serializer wrote it.
 */
export interface Answer {
  method: string;
  route: string;
  status: number;
  contentType: string | undefined;
  body: string;
  stage?: 'sent' | 'handler';
}

/**
 * What the description says of an answer: it matches; it does not (`errors`, ajv's words); it matches a schema that
 * declares no shape (`undeclared`: see `declaresNoShape`); its status is not described (`undescribed`); or it is not
 * JSON, as described (a file, a page, a stream, an empty answer: `notJson`).
 */
export type Verdict =
  | { kind: 'valid' }
  | { kind: 'mismatch'; errors: string }
  | { kind: 'undeclared' }
  | { kind: 'undescribed' }
  | { kind: 'notJson' };

const isJson = (type: string | undefined) => /^application\/([\w.+-]+\+)?json\b/.test(type ?? '');

/**
 * Whether an answer schema says nothing of the answer's shape: none at all (the description's fallback for a route
 * declared without one, `{}`), an object open to anything without a property named, or a list of such.
 */
export function declaresNoShape(schema: unknown): boolean {
  if (!schema || typeof schema !== 'object') return schema === undefined || schema === true;
  const s = schema as { type?: unknown; properties?: object; additionalProperties?: unknown; items?: unknown; $ref?: unknown; anyOf?: unknown; oneOf?: unknown };
  if (s.$ref || s.anyOf || s.oneOf) return false;
  const types = ([] as unknown[]).concat(s.type ?? []);
  if (types.length === 0) return true;
  if (types.includes('array')) return declaresNoShape(s.items);
  const open = s.additionalProperties === undefined || s.additionalProperties === true;
  return types.includes('object') && Object.keys(s.properties ?? {}).length === 0 && open;
}

/** Checks answers against one description; a validator is compiled once per route, method and status. */
export class AnswerChecker {
  private readonly ajv: Ajv2020;
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(readonly document: OpenApiDocument) {
    this.ajv = openApiAjv(document);
  }

  operation(method: string, route: string): Operation | undefined {
    return this.document.paths[openApiPath(route)]?.[method.toLowerCase()];
  }

  check(answer: Answer): Verdict {
    const responses = this.operation(answer.method, answer.route)?.responses ?? {};
    // A failure of a status the route does not list is described by its `default` (the shared error shape).
    const status = String(answer.status) in responses ? String(answer.status) : answer.status >= 400 && 'default' in responses ? 'default' : undefined;
    const described = status && responses[status];
    if (!status || !described) return { kind: 'undescribed' };
    const types = Object.keys(described.content ?? {});
    const jsonType = types.find((type) => isJson(type));
    if (!isJson(answer.contentType) || answer.body === '') {
      return jsonType && !types.some((type) => !isJson(type)) && answer.body !== ''
        ? { kind: 'mismatch', errors: `answers ${answer.contentType ?? 'no type'} where the description says ${types.join(', ')}` }
        : { kind: 'notJson' };
    }
    if (!jsonType) return { kind: 'mismatch', errors: `answers JSON where the description says ${types.join(', ') || 'no content'}` };
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      return { kind: 'mismatch', errors: 'the body is not JSON' };
    }
    const validate = this.validatorOf(answer, status, jsonType, described.content?.[jsonType]?.schema);
    const whole = answer.stage === 'handler' ? '' : JSON.stringify(body);
    if (!validate(body)) return { kind: 'mismatch', errors: this.ajv.errorsText(validate.errors, { separator: '; ' }) };
    // What was sent holds nothing its schema closes its objects to (the validator left out such a property).
    if (whole && JSON.stringify(body) !== whole) return { kind: 'mismatch', errors: 'has a property its schema does not allow (additionalProperties: false)' };
    return declaresNoShape(described.content?.[jsonType]?.schema) ? { kind: 'undeclared' } : { kind: 'valid' };
  }

  /** The validator of an answer's schema, by where it is in the document (by its target when it only refers to a component: the errors). */
  private validatorOf(answer: Answer, status: string, type: string, schema: unknown): ValidateFunction {
    const ref = (schema as { $ref?: unknown } | undefined)?.$ref;
    const onlyRef = typeof ref === 'string' && ref.startsWith('#/') && Object.keys(schema as object).length === 1;
    const pointer = onlyRef
      ? `openapi${ref}`
      : `openapi#/paths/${token(openApiPath(answer.route))}/${answer.method.toLowerCase()}/responses/${status}/content/${token(type)}/schema`;
    let validate = this.validators.get(pointer);
    if (!validate) this.validators.set(pointer, (validate = this.ajv.compile({ $ref: pointer })));
    return validate;
  }
}

/** The checker of an app's description, made once per app (the routes do not change after it is ready). */
const checkers = new WeakMap<FastifyInstance, AnswerChecker>();
export function answerCheckerOf(app: FastifyInstance): AnswerChecker {
  let checker = checkers.get(app);
  if (!checker) checkers.set(app, (checker = new AnswerChecker(documentOf(app))));
  return checker;
}

/** An answer that does not match its description, and the test that received it. */
export interface Mismatch {
  test: string;
  answer: string;
  errors: string;
  excerpt: string;
}

const mismatches: Mismatch[] = [];
const tally = emptyTally();

const EXCERPT = 300;
const currentTest = () => expect.getState().currentTestName ?? '(a hook outside any test)';

/**
 * Checks one answer and keeps what it found: a mismatch for the test to fail on, the rest as counts (of the answers as
 * sent; a handler's answer is checked for mismatches only).
 */
export function recordAnswer(checker: AnswerChecker, answer: Answer): Verdict {
  const verdict = checker.check(answer);
  const name = `${answer.method} ${answer.route}`;
  const sent = answer.stage !== 'handler';
  if (verdict.kind === 'valid' && sent) tally.validated += 1;
  else if (verdict.kind === 'undeclared' && sent) tally.undeclared[name] = (tally.undeclared[name] ?? 0) + 1;
  else if (verdict.kind === 'undescribed' && sent) tally.undescribed[`${name} ${answer.status}`] = (tally.undescribed[`${name} ${answer.status}`] ?? 0) + 1;
  else if (verdict.kind === 'mismatch') {
    mismatches.push({
      test: currentTest(),
      answer: `${name} → ${answer.status}${sent ? '' : ', as its handler answered it (the serializer would hide this)'}`,
      errors: verdict.errors,
      excerpt: answer.body.length > EXCERPT ? `${answer.body.slice(0, EXCERPT)}…` : answer.body,
    });
  }
  return verdict;
}

/** The mismatches kept since the last call, taken out. */
export function takeMismatches(): Mismatch[] {
  return mismatches.splice(0);
}

/** This file's counts so far (the tier sums them: answerTally.ts). */
export const answerTally = (): AnswerTally => tally;

/** The failure a test gets for the answers it received that do not match their description. */
export function mismatchReport(found: readonly Mismatch[]): string {
  return [
    `${found.length} answer(s) do not match the OpenAPI description of their route and status:`,
    ...found.map((m) => `- ${m.answer} (in "${m.test}"): ${m.errors}\n  body: ${m.excerpt}`),
  ].join('\n');
}

/**
 * Checks every answer of the app against its description, from the moment it is ready. Call it after `buildApp` and
 * before `app.ready()`. Answers of routes the description does not list (the client's files, a 404 of no route) and
 * HEAD answers are not checked.
 */
export function checkAnswersOf(app: FastifyInstance): void {
  /** Runs a check of an answer without ever changing it: a check that cannot run fails the test instead. */
  const checking = (request: FastifyRequest, reply: FastifyReply, check: (checker: AnswerChecker, route: string) => void) => {
    const route = request.routeOptions.url;
    if (!route || request.method === 'HEAD') return;
    const started = performance.now();
    try {
      const checker = answerCheckerOf(app);
      if (checker.operation(request.method, route)) check(checker, route);
    } catch (error) {
      mismatches.push({ test: currentTest(), answer: `${request.method} ${route} → ${reply.statusCode}`, errors: `the check failed: ${String(error)}`, excerpt: '' });
    } finally {
      tally.checkMs += performance.now() - started;
    }
  };
  const header = (reply: FastifyReply) => {
    const value = reply.getHeader('content-type');
    return value === undefined ? undefined : String(value);
  };

  // Callback hooks, not async ones: the answer is written as soon as it is sent, as without the check. (An async onSend
  // hook delays that, and a hook that sends an answer and returns nothing — the access hook's 401 and 403 — would see
  // its request go on to the handler.)

  // The handler's answer, before the serializer writes it to its schema: there a null or a text where the schema says a
  // number, or a required field left out, shows (once written, the null is a 0 or an empty text).
  app.addHook('preSerialization', (request, reply, payload, done) => {
    checking(request, reply, (checker, route) => {
      const body = JSON.stringify(payload) ?? '';
      recordAnswer(checker, { method: request.method, route, status: reply.statusCode, contentType: header(reply) ?? 'application/json', body, stage: 'handler' });
    });
    done(null, payload);
  });

  // The answer as sent.
  app.addHook('onSend', (request, reply, payload, done) => {
    checking(request, reply, (checker, route) => {
      const contentType = header(reply);
      let body: string;
      if (payload == null || payload === '') body = '';
      else if (!isJson(contentType)) body = `(${Buffer.isBuffer(payload) ? `${payload.length} bytes` : typeof payload === 'string' ? `${payload.length} characters` : 'a stream'})`;
      else if (typeof payload === 'string' || Buffer.isBuffer(payload)) body = payload.toString();
      else return; // a stream said to be JSON: nothing here sends one
      recordAnswer(checker, { method: request.method, route, status: reply.statusCode, contentType, body });
    });
    done(null, payload);
  });
}
