import { CSP_NONCE_PLACEHOLDER } from '../shared/csp.js';

/**
 * The nonce this page's Content-Security-Policy allows inline styles with (shared/csp.ts), from the
 * `<meta property="csp-nonce">` the server filled in; undefined where there is none (the development server, tests).
 * Read from the element's `nonce` property: browsers hide the attribute's value from scripts.
 */
export function cspNonce(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  const nonce = meta?.nonce || meta?.getAttribute('nonce') || undefined;
  return nonce && nonce !== CSP_NONCE_PLACEHOLDER ? nonce : undefined;
}
