import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { AuthContext } from './auth/sessions.js';
import type { Services } from './services.js';
import type { RegisteredRoute, RouteConfig } from './http/route.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: Config;
    services: Services;
    /** Every registered route with its declared access and schemas. */
    routeCatalogue: readonly RegisteredRoute[];
  }
  // Route config carries the declared access rule (see server/http/route.ts).
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface FastifyContextConfig extends Partial<RouteConfig> {}
  interface FastifyRequest {
    /** The signed-in user; set by the access hook on every route that is not public. */
    auth: AuthContext | null;
  }
}
