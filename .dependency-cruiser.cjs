/**
 * Import rules, checked by `npm run lint` (dependency-cruiser): no import cycles, and imports run one way.
 * Client: the app (src/App.tsx, src/views.ts) → area views (src/<area>/) → the generic kit (src/resources,
 * src/components, src/forms, src/layout, …) → the data provider → contracts and shared code (resources/, shared/,
 * schemas/). Server: routes from contracts → area handlers and stores → db. See docs/architecture.md.
 */
const AREAS = '^src/(account|admin|caseTemplates|cases|configuration|identity|invoices|itemTypes|items|orgs|partnerFiles|recovery|reports|sections)/';
const KIT = '^src/(resources|components|forms|layout|session|live|auth|navigation\\.ts|theme\\.ts|queryClient\\.ts|cspNonce\\.ts)';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle: the files import each other, so none can be read, tested or loaded on its own.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'kit-not-areas',
      severity: 'error',
      comment: 'The generic kit serves every area and knows none of them: an area gives its parts through its views (src/<area>/…Views.ts).',
      from: { path: KIT },
      to: { path: AREAS },
    },
    {
      name: 'data-provider-not-screens',
      severity: 'error',
      comment: 'The data provider speaks to the API for the screens and knows nothing of them.',
      from: { path: '^dataProvider/' },
      to: { path: '^src/' },
    },
    {
      name: 'contracts-stand-alone',
      severity: 'error',
      comment: 'Contracts, shared rules and schemas are read by both sides and import neither.',
      from: { path: '^(resources|shared|schemas)/' },
      to: { path: '^(src|dataProvider|server)/' },
    },
    {
      name: 'server-not-client',
      severity: 'error',
      comment: 'The server imports no client code.',
      from: { path: '^server/' },
      to: { path: '^(src|dataProvider)/' },
    },
    {
      name: 'db-below-areas',
      severity: 'error',
      comment: 'The database layer (connection, schema, migrations) sits under every area and imports none of them (only the SSN vault it seals with).',
      from: { path: '^server/db/', pathNot: '^server/db/seed/' },
      to: { path: '^server/', pathNot: '^server/(db|security)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
  },
};
