/**
 * The Content-Security-Policy nonce of the client's inline styles. The build writes this placeholder where a nonce
 * goes in index.html (vite.config.ts, `html.cspNonce`: the boot mark's <style> and a `<meta property="csp-nonce">`);
 * the server puts a fresh nonce in its place in every answer of index.html, the same one its CSP header allows
 * (server/http/securityHeaders.ts); the client reads it from the meta tag for the styles it adds at run time
 * (src/cspNonce.ts).
 */
export const CSP_NONCE_PLACEHOLDER = '__DOSSIER_CSP_NONCE__';
