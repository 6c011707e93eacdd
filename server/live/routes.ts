import type { FastifyInstance, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { Live } from '../../shared/constants.js';
import { Permissions } from '../../shared/permissions.js';
import { authOf } from '../http/access.js';
import { anyOf, route, type ApiArea } from '../http/route.js';
import { orgScopeOf } from '../orgs/scope.js';
import { LiveHub } from './hub.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live notices of this process: open streams and the LISTEN that feeds them (server/live/hub.ts). */
    live: LiveHub;
  }
}

/**
 * The live notices' life cycle, with the app's: the hub is made with the app, listens once the app is ready, ends
 * its streams before the server waits for open requests, and stops listening when the app closes.
 */
export const liveNotices = fp(async (app: FastifyInstance) => {
  const hub = new LiveHub(app.db, app.services.settings, app.services.now, app.log);
  app.decorate('live', hub);
  app.addHook('onReady', () => hub.start());
  app.addHook('preClose', async () => hub.closeAll());
  app.addHook('onClose', () => hub.stop());
}, { name: 'dossier-live-notices' });

/** The stream of live notices (spec 001 §2 "Real-time notices"; docs/decisions.md "Live notices"). */
export const liveArea: ApiArea = {
  name: 'live',
  routes: [
    route({
      method: 'GET',
      url: '/api/live/events',
      access: anyOf(Permissions.Cases.VIEW_CASES),
      summary:
        'Live notices (text/event-stream, kept open): `notice` events of new and updated cases and items the caller may see ' +
        '(its org scope; items with View Items) and did not make itself, ' +
        `a heartbeat comment every ${Live.HEARTBEAT_MS / 1000} s, and an \`end\` event \`{ status, Message }\` when the session ends`,
      schema: {
        produces: ['text/event-stream'],
        response: { 200: { type: 'string', description: 'text/event-stream' } },
      } as FastifySchema,
      async handler(request, reply) {
        // The HEAD route Fastify adds beside every GET: the headers only, never a stream that no one reads.
        if (request.method === 'HEAD') return reply.type('text/event-stream').send();
        const auth = authOf(request);
        const scope = await orgScopeOf(request.server.db, auth);
        request.server.live.open(reply, auth, scope);
        return reply;
      },
    }),
  ],
};
