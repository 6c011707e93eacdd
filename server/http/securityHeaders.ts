import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmetMiddleware from 'helmet';
import fp from 'fastify-plugin';
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { CSP_NONCE_PLACEHOLDER } from '../../shared/csp.js';

/** What the headers depend on: the app's public address (HSTS and upgrade-insecure-requests only over https). */
export interface SecurityHeaderOptions {
  publicUrl: string;
}

/** Answers of the API and of sign-in carry personal data: no cache, shared or private, keeps them. */
export const API_CACHE = 'no-store';

/** The page QuickBooks sends its pop-up back to; it must reach the window that opened the pop-up (see below). */
export const QBO_CALLBACK_PATH = '/qbo/auth';

/** Each answer's style nonce, made when its CSP header is written and put in index.html by `withStyleNonce`. */
const styleNonces = new WeakMap<ServerResponse, string>();

export function styleNonceOf(response: ServerResponse): string {
  let nonce = styleNonces.get(response);
  if (!nonce) {
    nonce = randomBytes(16).toString('base64');
    styleNonces.set(response, nonce);
  }
  return nonce;
}

/** index.html with this answer's style nonce where the build left the placeholder. */
export function withStyleNonce(html: string, reply: FastifyReply): string {
  return html.replaceAll(CSP_NONCE_PLACEHOLDER, styleNonceOf(reply.raw));
}

/** True when the built index.html carries the placeholder, i.e. must be answered with a nonce of its own each time. */
export const hasStyleNoncePlaceholder = (html: string | Buffer) => html.includes(CSP_NONCE_PLACEHOLDER);

/**
 * The Content-Security-Policy of every answer. Scripts come only from the app's own files: no inline script, no
 * event-handler attribute. The forms' validator (ajv) compiles each JSON Schema to a function at run time, and the
 * section forms' schemas are made at run time from the section templates, so `'unsafe-eval'` stays until the client
 * validates without generated code (docs/decisions.md "Content-Security-Policy"). Styles come from the app's files
 * and, on an HTML answer (`html`), from <style> elements that carry this answer's nonce (the boot mark in index.html,
 * and those emotion and CodeMirror add at run time); an answer that is not HTML (the API's JSON, a download, an
 * asset) has no styles of its own and its policy no nonce, the same text every time. Images (and CodeMirror's data:
 * icons), fonts and calls stay on the app's own origin; nothing is embedded (no plug-ins, no frames) and the app is
 * framed by no one.
 */
export function contentSecurityPolicy(https: boolean, html = false) {
  return {
    useDefaults: false,
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'", "'unsafe-eval'"],
      'script-src-attr': ["'none'"],
      'style-src': html ? ["'self'", (_request: unknown, response: ServerResponse) => `'nonce-${styleNonceOf(response)}'`] : ["'self'"],
      'img-src': ["'self'", 'data:'],
      'font-src': ["'self'"],
      'connect-src': ["'self'"],
      'frame-src': ["'none'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
      ...(https ? { 'upgrade-insecure-requests': [] } : {}),
    },
  };
}

/** Whether an answer is an HTML page (by its Content-Type): the answers whose policy carries a style nonce. */
const isHtml = (contentType: unknown) => typeof contentType === 'string' && /^\s*text\/html\b/i.test(contentType);

const isHttps = (publicUrl: string) => new URL(publicUrl).protocol === 'https:';

/** What helmet sets on every answer. */
function helmetOptions(https: boolean) {
  return {
    contentSecurityPolicy: contentSecurityPolicy(https),
    // The app's windows keep no handle on other sites' windows, except the pop-ups they open (QuickBooks').
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    // HSTS only where the app is served over https: over http a browser ignores it, and it would pin a name
    // that may later serve plain http.
    strictTransportSecurity: https ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
  } as const;
}

/**
 * The same headers for an answer no hook runs for: an address Fastify's router refuses (a param that does not decode,
 * or is too long) is answered by `frameworkErrors` (server/app.ts) before any route or hook.
 */
export function routerRefusalHeaders(publicUrl: string): (request: FastifyRequest, reply: FastifyReply) => void {
  const setHeaders = helmetMiddleware(helmetOptions(isHttps(publicUrl)));
  return (request, reply) => {
    setHeaders(request.raw, reply.raw, () => undefined);
    if (isApiPath(request.url)) reply.header('cache-control', API_CACHE);
  };
}

/**
 * Security headers on every answer (helmet), `Cache-Control: no-store` on the API's and sign-in's answers, and the
 * QuickBooks pop-up's page kept reachable by its opener. Helmet writes the policy without a nonce when the request
 * comes in; an answer found to be HTML when it is sent gets the policy with its style nonce instead (the nonce
 * `withStyleNonce` put in the page). An HTML answer sent past the hooks would keep the stricter policy. docs/trust.md ("Security headers and transport") describes each header and its test.
 */
export const securityHeaders = fp(
  async (app: FastifyInstance, options: SecurityHeaderOptions) => {
    const https = isHttps(options.publicUrl);
    // Helmet's middleware built once: @fastify/helmet built it anew for every request (its options parsed each time).
    const setHeaders = helmetMiddleware(helmetOptions(https));
    const htmlPolicy = helmetMiddleware.contentSecurityPolicy(contentSecurityPolicy(https, true));

    app.addHook('onRequest', async (request, reply) => {
      setHeaders(request.raw, reply.raw, () => undefined);
      // QuickBooks sends the pop-up back here from its own site; a page with a COOP other than unsafe-none would be
      // put in a browsing context group of its own, cut off from the window that opened the pop-up (no
      // window.opener, and no window.close()).
      if (pathOf(request.url) === QBO_CALLBACK_PATH) reply.raw.setHeader('cross-origin-opener-policy', 'unsafe-none');
    });

    app.addHook('onSend', async (request, reply, payload) => {
      if (isApiPath(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', API_CACHE);
      if (isHtml(reply.getHeader('content-type'))) htmlPolicy(request.raw, reply.raw, () => undefined);
      return payload;
    });
  },
  { name: 'dossier-security-headers' },
);

/** The path of a request URL, without its query and a trailing slash. */
function pathOf(url: string): string {
  const path = url.split('?')[0];
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** The API's and sign-in's paths: never answered with the client's page, never cached. */
export const isApiPath = (url: string) => url.startsWith('/api/') || url.startsWith('/oauth/');
