import type { Kysely } from 'kysely';
import { CURRENT_DATE_VALUE, type FieldList, type SectionField } from '../../../shared/sections.js';
import type { CaseState, ItemStatus } from '../../../shared/workflow.js';
import type { DB } from '../schema.js';
import { DAY, isoDate } from './demoDates.js';
import type { SeedContext } from './demoIdentity.js';
import type { TemplateIds } from './demoTemplates.js';
import { CITIES, LAST_NAMES, STREETS } from './random.js';

/** Item statuses that fit a case's state, cycled over its items. */
const ITEM_MIX: Record<CaseState, readonly ItemStatus[]> = {
  AWAITING_CASE_PAPERS: [],
  AWAITING_DATA_ENTRY: ['AWAITING_ASSIGNMENT'],
  DATA_ENTRY_IN_PROCESS: ['AWAITING_ASSIGNMENT'],
  AWAITING_ASSIGNMENT: ['AWAITING_ASSIGNMENT'],
  IN_PROCESS: ['ASSIGNED', 'IN_REVIEW', 'ACCEPTED', 'REJECTED', 'ASSIGNED', 'AWAITING_ASSIGNMENT'],
  IN_REVIEW: ['IN_REVIEW', 'ACCEPTED', 'IN_REVIEW'],
  COMPLETE: ['ACCEPTED'],
  HOLD: ['ASSIGNED', 'ACCEPTED'],
  DISCONTINUED: ['ASSIGNED', 'ACCEPTED', 'AWAITING_ASSIGNMENT'],
};

const SAMPLE_TEXT = [
  'The subject was cooperative and answered every question.',
  'Records were reviewed on site; no derogatory information was found.',
  'The source has known the subject for six years and recommends the subject for a position of trust.',
  'Dates of employment were confirmed by the human resources office.',
];

/** Fills a section definition with plausible values (all of them when complete, the first ones otherwise). */
function fillDefinition(template: FieldList, ctx: SeedContext, complete: boolean): FieldList {
  const fill = (field: SectionField, index: number): SectionField => {
    const out: SectionField = { ...field };
    if (!complete && index > 1) return out;
    switch (field['@type']) {
      case 'text':
        out['#text'] = `${ctx.random.pick(LAST_NAMES)} ${ctx.random.pick(['Office', 'Records', 'Associates', 'Group'])}`;
        break;
      case 'textarea':
        out['#text'] = ctx.random.pick(SAMPLE_TEXT);
        break;
      case 'checkbox':
        out['#text'] = ctx.random.chance(0.7) ? 'true' : 'false';
        break;
      case 'phoneNumber':
        out['#text'] = `${ctx.random.int(200, 989)}-555-${String(ctx.random.int(100, 9999)).padStart(4, '0')}`;
        break;
      case 'date':
        out['#text'] = field['@allowCurrent'] && ctx.random.chance(0.3)
          ? CURRENT_DATE_VALUE
          : isoDate(new Date(ctx.now.getTime() - ctx.random.int(5, 900) * DAY));
        break;
      case 'address': {
        const place = ctx.random.pick(CITIES);
        Object.assign(out, { line1: `${ctx.random.int(10, 999)} ${ctx.random.pick(STREETS)}`, city: place.city, region: place.state, postalCode: place.zip });
        break;
      }
      case 'list':
        out['#text'] = field['@listType'] === 'RegionType' ? 'SC' : field['@listType'] === 'SourceType' ? 'NEIGHBOR' : 'E';
        break;
      case 'template':
        out.entries = [0, 1].map(() => ({ fields: { field: field.Template!.fields.field.map((f, i) => fill(f, i)) } }));
        break;
    }
    return out;
  };
  return { fields: { field: template.fields.field.map(fill) } };
}

/** A demo case as its items are made: its state, its case template's item templates in order, its history's days. */
export interface DemoItemsCase {
  caseId: number;
  state: CaseState;
  items: readonly { itemTypeId: number }[];
  received: Date;
  /** The moment `days` after the case was received (demoDates.ts `caseTimeline`). */
  after: (days: number) => Date;
  /** The field staff items are assigned to. */
  investigators: readonly number[];
}

/**
 * The items of a demo case, one per item template of its case template, in statuses that fit the case's state
 * (none while it awaits papers): each with its history, and once assigned its sections filled in, expenses and an
 * issue code.
 */
export async function seedDemoItems(db: Kysely<DB>, ctx: SeedContext, t: TemplateIds, demoCase: DemoItemsCase): Promise<void> {
  const { random } = ctx;
  const user = (name: string) => ctx.users.get(name)!;
  const { caseId, state, received, after, investigators } = demoCase;
  const sectionById = new Map([...t.sections.values()].map((s) => [s.id, s.template]));
  const mix = ITEM_MIX[state];
  const itemPlan = mix.length ? demoCase.items : [];
  for (const [order, planned] of itemPlan.entries()) {
    const status = mix[order % mix.length];
    const place = random.pick(CITIES);
    const assigned = status !== 'AWAITING_ASSIGNMENT' ? random.pick(investigators) : null;
    const done = status === 'ACCEPTED';
    const { Id: itemId } = await db
      .insertInto('items')
      .values({
        Case_Id: caseId,
        DisplayOrder: order + 1,
        ItemType_Id: planned.itemTypeId,
        ACD: isoDate(new Date(received.getTime() + random.int(8, 25) * DAY)),
        Label: `${place.city} area`,
        Address1: `${random.int(100, 9899)} ${random.pick(STREETS)}`,
        City: place.city,
        RegionType_Id: ctx.lookup('RegionType', place.state),
        PostalCode: place.zip,
        ItemStatus: status,
        AssignedTo_Id: assigned,
        CompletedDate: done ? after(random.int(10, 20)) : null,
        RejectionReason: status === 'REJECTED' ? 'Required information is missing' : null,
        CreatedDate: received,
      })
      .returning('Id')
      .executeTakeFirstOrThrow();
    const history: { Status: string; TriggeredBy_Id: number | null; Note: string | null; CreatedDate: Date }[] = [
      { Status: 'AWAITING_ASSIGNMENT', TriggeredBy_Id: user('dataentry'), Note: null, CreatedDate: received },
    ];
    if (assigned) history.push({ Status: 'ASSIGNED', TriggeredBy_Id: user('caseadmin'), Note: null, CreatedDate: after(3) });
    if (['IN_REVIEW', 'ACCEPTED', 'REJECTED'].includes(status)) history.push({ Status: 'IN_REVIEW', TriggeredBy_Id: assigned, Note: null, CreatedDate: after(8) });
    if (status === 'ACCEPTED') history.push({ Status: 'ACCEPTED', TriggeredBy_Id: user('reviewer'), Note: null, CreatedDate: after(10) });
    if (status === 'REJECTED') history.push({ Status: 'REJECTED', TriggeredBy_Id: user('reviewer'), Note: 'Required information is missing', CreatedDate: after(10) });
    await db.insertInto('item_history').values(history.map((h) => ({ ...h, Item_Id: itemId }))).execute();

    if (assigned) {
      const sectionLinks = t.itemTypeSections.get(planned.itemTypeId) ?? [];
      const complete = status !== 'ASSIGNED';
      const sectionRows = sectionLinks
        .filter((link, index) => complete || index === 0)
        .map((link, index) => ({
          Item_Id: itemId,
          Section_Id: link.sectionId,
          Definition: JSON.stringify(fillDefinition(sectionById.get(link.sectionId)!, ctx, complete)),
          DisplayOrder: index + 1,
        }));
      if (sectionRows.length) await db.insertInto('item_sections').values(sectionRows).execute();
      if (complete && random.chance(0.5)) {
        await db
          .insertInto('item_expenses')
          .values({
            Item_Id: itemId,
            ExpenseType_Id: t.expenseTypes.get('Mileage')!,
            Units: random.int(8, 140),
            Cost: 0.67,
            Passthrough: false,
            IncurredBy_Id: assigned,
            Note: 'Round trip to interview location',
            Reimbursable: true,
          })
          .execute();
      }
      if (complete && random.chance(0.3)) {
        await db
          .insertInto('item_expenses')
          .values({ Item_Id: itemId, ExpenseType_Id: t.expenseTypes.get('Court Record Fee')!, Units: 1, Cost: 15, Passthrough: true, IncurredBy_Id: assigned, Note: null, Reimbursable: false })
          .execute();
      }
      if (status === 'IN_REVIEW' && order === 0) {
        await db
          .insertInto('item_issue_codes')
          .values({ Item_Id: itemId, IssueCodeType_Id: ctx.lookup('IssueCodeType', 'F'), EnteredBy_Id: assigned })
          .execute();
      }
    }
  }
}
