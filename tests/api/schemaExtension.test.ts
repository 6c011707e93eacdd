import { describe, expect, it } from 'vitest';
import { ALL_SCHEMAS } from '../../schemas/index.js';
import { extendedSchema } from '../../schemas/schemaExtension.js';
import item from '../../schemas/item.json' with { type: 'json' };
import itemDetailExtension from '../../schemas/itemDetail.json' with { type: 'json' };
import { makeAjv } from '../../shared/schemaValidation.js';

type Node = Record<string, unknown>;
const propertiesOf = (schema: unknown) => (schema as { properties: Record<string, Node> }).properties;
const composedDetail = ALL_SCHEMAS.find((schema) => (schema as Node).$id === 'itemDetail.json') as Node;

/** An item as the item page's answer has it. */
const DETAIL = {
  Id: 7, Case_Id: 3, DisplayId: 1, ItemType_Id: 2, ItemType: { Id: 2, Description: 'Employment', Assets: [{ Id: 1, Name: 'release.pdf' }] },
  ACD: '2026-12-01', Label: 'Home', Address1: '1 Main St', Address2: null, City: 'Richmond', RegionType_Id: 5, PostalCode: '23220',
  Location: { Label: 'Home', Address1: '1 Main St', Address2: null, City: 'Richmond', Region: { Id: 5, Short: 'VA' }, PostalCode: '23220' },
  ShowInReport: true, ItemStatus: 'ASSIGNED', AssignedTo_Id: 9, AssignedTo: { Id: 9, FirstName: 'Ann', LastName: 'Lee' },
  CompletedDate: null, RejectionReason: null, HasAttachments: false,
  Case: { Id: 3, CaseNumber: 'DOS-2026-000001', WorkflowState: 'IN_PROCESS', Client_Id: 1, Subject: { LastName: 'Smith' }, Org: { Code: 'DOC' }, CaseType: { Short: 'T3' }, Reviewer: null },
  Sections: [{ Id: 1, Section_Id: 2, Section: { Id: 2, SectionName: 'Employment' }, Definition: '{"fields":{"field":[]}}', DisplayOrder: 1 }],
  AvailableSections: [{ Id: 2, SectionName: 'Employment', Required: true, Enabled: true }],
  LockedReason: null,
};

describe('A schema that extends another (x-extends)', () => {
  it("gives the item page's answer item.json's fields, in their order, then what itemDetail.json adds", () => {
    const fields = Object.keys(propertiesOf(item));
    expect(Object.keys(propertiesOf(composedDetail))).toEqual([...fields, 'Case', 'Sections', 'AvailableSections', 'LockedReason']);
    const own = propertiesOf(itemDetailExtension);
    for (const field of fields.filter((name) => !(name in own))) expect(propertiesOf(composedDetail)[field]).toEqual(propertiesOf(item)[field]);
    expect(composedDetail).toMatchObject({ $id: 'itemDetail.json', title: 'Item detail', additionalProperties: false });
    expect(composedDetail).not.toHaveProperty('x-extends');
    // A nested object gains a field and its required ones without its other fields being written again.
    expect(Object.keys(propertiesOf(propertiesOf(composedDetail).ItemType))).toEqual(['Id', 'Description', 'Assets']);
    expect(propertiesOf(composedDetail).Location).toMatchObject({ type: 'object', additionalProperties: false, required: ['Label', 'Address1', 'Address2', 'City', 'Region', 'PostalCode'] });
  });

  it('restates nothing of the item: each keyword itemDetail.json gives a field of item.json says something else', () => {
    const restated = (base: Node, own: Node, at: string): string[] =>
      Object.entries(own).flatMap(([keyword, value]) => {
        if (keyword === 'properties') {
          const baseProperties = (base.properties ?? {}) as Record<string, Node>;
          return Object.entries(value as Record<string, Node>).flatMap(([name, part]) => (baseProperties[name] ? restated(baseProperties[name], part, `${at}/${name}`) : []));
        }
        return JSON.stringify(base[keyword]) === JSON.stringify(value) ? [`${at} ${keyword}`] : [];
      });
    const own = propertiesOf(itemDetailExtension);
    const base = propertiesOf(item);
    expect(Object.keys(own).filter((name) => name in base).flatMap((name) => restated(base[name], own[name], name))).toEqual([]);
  });

  it("validates the item page's answer whole and closed, where an allOf of the closed item would strip its case", () => {
    const ajv = makeAjv({ useDefaults: false });
    const validate = ajv.getSchema('itemDetail.json');
    if (!validate) throw new Error('itemDetail.json is not registered');
    const answer = structuredClone(DETAIL);
    expect(validate(answer)).toBe(true);
    expect(answer).toEqual(DETAIL);
    expect(validate({ ...DETAIL, Location: null })).toBe(false);
    expect(validate({ ...DETAIL, Location: { ...DETAIL.Location, Region: { Id: 5 } } })).toBe(false);
    expect(validate({ ...DETAIL, ItemType: { Id: 2, Description: 'Employment' } })).toBe(false);
    const { Label: _label, ...withoutLabel } = DETAIL;
    expect(validate(withoutLabel)).toBe(false);
    const { LockedReason: _reason, ...withoutReason } = DETAIL;
    expect(validate(withoutReason)).toBe(false);

    const allOf = ajv.compile({ allOf: [{ $ref: 'item.json' }, { properties: { Case: {}, Sections: {}, AvailableSections: {}, LockedReason: {} } }] });
    const stripped = structuredClone(DETAIL);
    allOf(stripped);
    expect(stripped).not.toHaveProperty('Case');
  });

  it('composes nested properties and $defs by name, and refuses a base other than the one named', () => {
    const base = { $id: 'base.json', type: 'object', properties: { A: { type: ['object', 'null'], properties: { X: { type: 'integer' } } }, B: { type: 'string' } }, $defs: { D: { type: 'string' } }, additionalProperties: false };
    const own = { $id: 'own.json', 'x-extends': 'base.json', properties: { A: { type: 'object', properties: { Y: { type: 'string' } }, required: ['X', 'Y'] }, C: { $ref: '#/$defs/E' } }, $defs: { E: { type: 'integer' } } };
    expect(extendedSchema(own, base)).toEqual({
      $id: 'own.json',
      type: 'object',
      properties: { A: { type: 'object', properties: { X: { type: 'integer' }, Y: { type: 'string' } }, required: ['X', 'Y'] }, B: { type: 'string' }, C: { $ref: '#/$defs/E' } },
      $defs: { D: { type: 'string' }, E: { type: 'integer' } },
      additionalProperties: false,
    });
    expect(base.properties.A.properties).toEqual({ X: { type: 'integer' } });
    expect(() => extendedSchema(own, { ...base, $id: 'other.json' })).toThrow('own.json extends base.json, not other.json');
  });
});
