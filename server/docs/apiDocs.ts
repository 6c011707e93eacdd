import type { RegisteredRoute } from '../http/route.js';
import { accessText, isApiRoute } from './openApi.js';

/** docs/api.md: every API route with its access rule and summary, from the routes as registered. */
export function renderApiDocs(routes: readonly RegisteredRoute[]): string {
  const api = routes
    .filter(isApiRoute)
    .sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
  const lines = [
    '# Dossier API',
    '',
    'Generated from the registered routes by `npm run docs:api`; a test fails when this file is out of date.',
    'Every route validates its params, query and body against JSON Schemas (400 with `{ Message, ModelState }`),',
    'answers 401 without a session, 419 when a newer sign-in replaced the session, and 403 `{ Message }` without',
    'the permission. System Administrator passes every permission check. The same routes, with their schemas, are',
    'described as OpenAPI 3.1 at `GET /api/openapi.json` and as a reference page at `/api/docs`.',
    '',
    '| Method | Path | Who may call | What it does |',
    '|---|---|---|---|',
  ];
  for (const route of api) {
    const summary = ((route.schema as { summary?: string } | undefined)?.summary ?? '').replace(/\|/g, '\\|');
    lines.push(`| ${route.method} | \`${route.url}\` | ${accessText(route.access)} | ${summary} |`);
  }
  return lines.join('\n') + '\n';
}
