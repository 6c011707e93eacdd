import { Texts } from '../../shared/texts/index.js';
/** Errors a route throws to answer a client mistake; the error handler turns them into the documented bodies. */

export type ModelState = Record<string, string[]>;

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly body?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** 400 with `{ Message, ModelState }`. */
export class ValidationError extends HttpError {
  constructor(
    readonly modelState: ModelState,
    message = 'The request is invalid.',
  ) {
    super(400, message, { Message: message, ModelState: modelState });
  }
  static field(field: string, message: string): ValidationError {
    return new ValidationError({ [field]: [message] });
  }
}

export const badRequest = (message: string) => new HttpError(400, message, { Message: message });
export const forbidden = (message = 'Forbidden.') => new HttpError(403, message, { Message: message });
export const notFound = (message = 'Not found.') => new HttpError(404, message, { Message: message });
export const conflict = (message: string) => new HttpError(409, message, { Message: message });

/** Collects field errors and throws them together. */
export class ModelStateBuilder {
  private readonly state: ModelState = {};
  add(field: string, message: string): this {
    const messages = (this.state[field] ??= []);
    if (!messages.includes(message)) messages.push(message);
    return this;
  }
  get isValid(): boolean {
    return Object.keys(this.state).length === 0;
  }
  throwIfInvalid(): void {
    if (!this.isValid) throw new ValidationError(this.state);
  }
}

/**
 * The answer to a request over its rate limit, thrown for the error handler to send. OAuth endpoints answer an
 * OAuth error (the sign-in page shows its error_description); the API answers `{ Message }`. The seconds match
 * the Retry-After header the rate-limit plugin sets.
 */
export function tooManyRequests(url: string, statusCode: number, ttlMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  if (url.startsWith('/oauth/')) {
    const description = Texts.signIn.throttled(seconds);
    return new HttpError(statusCode, description, { error: 'too_many_requests', error_description: description });
  }
  const message = Texts.global.tooManyRequests(seconds);
  return new HttpError(statusCode, message, { Message: message });
}

/**
 * The answer to a request the server turns away while overloaded (503, with Retry-After): an OAuth error for the
 * sign-in page, `{ Message }` for the API, so either screen says the server is busy.
 */
export function serverBusy(url: string): { status: 503; body: Record<string, string> } {
  const message = Texts.global.serverBusy;
  return { status: 503, body: url.startsWith('/oauth/') ? { error: 'temporarily_unavailable', error_description: message } : { Message: message } };
}
