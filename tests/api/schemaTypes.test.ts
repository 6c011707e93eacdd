import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { renderSchemaTypes, TYPES_FILE } from '../../scripts/generateSchemaTypes.js';

describe('Types generated from the schemas', () => {
  it('schemas/types.ts is generated from schemas/*.json as they are (run `npm run schemas:types` after changing a schema)', async () => {
    const current = await readFile(TYPES_FILE, 'utf8');
    expect(current).toBe(await renderSchemaTypes());
  });
});
