import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL_SCHEMAS } from '../../schemas/index.js';
import { ruleFailures } from '../../shared/schemaValidation.js';
import { isApiRoute } from '../../server/docs/openApi.js';
import { schemaAccepts } from '../support/hostileRequests.js';
import { hostileValue, jsonText, validValue } from '../support/schemaArbitraries.js';
import { startTestApp } from '../support/testApp.js';

/**
 * The generators of tests/support/schemaArbitraries.ts held to the schemas they read: every value `validValue` makes
 * is accepted by the server's own validator (server/http/validation.ts) and by the rule keywords the stores check
 * (`x-usPhone`, `x-notFuture`, `x-minFilled`), for every schema of the product; `hostileValue` makes values the
 * validator refuses and values it accepts, so the hostile-input run reaches both the validator and the handlers.
 */
const ids = (ALL_SCHEMAS as { $id: string }[]).map((schema) => schema.$id);
const TODAY = '2030-01-01';

describe('schema arbitraries', () => {
  it.each(ids)('validValue of %s is a value the server accepts', (id) => {
    fc.assert(
      fc.property(validValue({ $ref: id }), (value) => {
        const copy = structuredClone(value);
        expect(schemaAccepts('body', { $ref: id }, copy), JSON.stringify(value)).toBe(true);
        expect(ruleFailures(id, value, TODAY)).toEqual({});
      }),
      { numRuns: 25, seed: 24 },
    );
  });

  it('hostileValue makes values the validator refuses and values it accepts, for the body of every write route', async () => {
    const t = await startTestApp();
    try {
      const bodies = new Map<string, object>();
      for (const route of t.app.routeCatalogue) {
        const body = route.schema?.body as object | undefined;
        if (isApiRoute(route) && route.method !== 'GET' && body && Object.keys(body).length) bodies.set(JSON.stringify(body), body);
      }
      expect(bodies.size).toBeGreaterThan(50);
      const oneSided: string[] = [];
      for (const [name, body] of bodies) {
        const values = fc.sample(hostileValue(body), { numRuns: 60, seed: 24 });
        const accepted = values.filter((value) => {
          try {
            return schemaAccepts('body', body, JSON.parse(jsonText(value)));
          } catch {
            return false;
          }
        }).length;
        if (accepted === 0 || accepted === values.length) oneSided.push(`${name}: ${accepted} of ${values.length} accepted`);
      }
      expect(oneSided).toEqual([]);
    } finally {
      await t.close();
    }
  }, 120_000);
});
