import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { closeXsltPool } from './xsltPool.js';

/** The XSLT worker pool ends with the app, so a stopped server (and a test's app) leaves no worker thread behind. */
export const xsltPoolLifecycle = fp(async (app: FastifyInstance) => {
  app.addHook('onClose', () => closeXsltPool());
}, { name: 'dossier-xslt-pool' });
