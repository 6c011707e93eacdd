import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { isApiPath } from '../http/securityHeaders.js';
import { JSON_TYPE, producesOnlyJson } from '../http/route.js';

/** API answers from this size on are compressed (smaller ones gain less than the work costs). */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses the API's JSON answers (`JSON_TYPE`: the only type compressed, files and streams never are) of 1 kB and more, as the request's Accept-Encoding allows (brotli, else gzip).
 * Not compressed: a route that declares another answer type (`produces`: papers, attachments, the report of
 * investigation, report files, the case XML, the live-notice stream), anything outside /api/ and /oauth/ (the
 * client's files are sent as the build compressed them; /readyz and /healthz are small; /metrics says its own), and
 * any answer that is not JSON. Request bodies are not decompressed (as before: a compressed body is refused).
 *
 * It must be registered before the routes it serves: @fastify/compress adds its hooks to each route as it is added,
 * as route-level hooks, so they run after the app's own (the access hook's refusals, the security headers, and the
 * tests' answer check see the answer uncompressed).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Added before the plugin's own onRoute hook, which reads `compress` when a route is added.
  app.addHook('onRoute', (routeOptions) => {
    if (routeOptions.compress !== undefined) return;
    if (!isApiPath(routeOptions.url) || !producesOnlyJson(routeOptions.schema)) routeOptions.compress = false;
  });
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: JSON_TYPE,
  });
}
