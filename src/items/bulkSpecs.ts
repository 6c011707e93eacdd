// The five bulk modals of the items table (spec 001 §2 "Bulk modals for selected items") as data: what each asks,
// the call it makes per case, its toast and its validation. ItemBulkDialog draws them.
import type { FieldValues, Resolver } from 'react-hook-form';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';
import type { ItemAction } from '../../shared/workflow.js';
import { ItemTexts } from '../../shared/texts/items.js';
import { formSchemaOf, nestedErrors, schemaById, validateBySchema } from '../resources/formValidation.js';
import type { CaseGroup } from './selectedItems.js';

const T = ItemTexts;

export type BulkKind = 'assign' | 'setAcds' | 'accept' | 'reject' | 'submit';
export type Values = Record<string, unknown>;

/** What each bulk modal is: its title and button, the schema and fields of what it asks, its call and its toast. */
export interface BulkSpec {
  title: string;
  submitLabel: string;
  /** The action the server checks the items for, by what the modal asks (assigning to no one is unassigning). */
  action(values: Values): ItemAction;
  /** Every action the modal may take, asked about when it opens. */
  actions: readonly ItemAction[];
  /** The body's schema (`$id`) whose `fields` the modal asks for (the same wording as the server's). */
  schemaId?: string;
  fields: readonly string[];
  run(dataProvider: DossierDataProvider, group: CaseGroup, values: Values): Promise<unknown>;
  /** The success toast for one case's items, or one toast for them all (unassigning). */
  toast(caseNumber: string, values: Values): string;
  once?(values: Values): boolean;
  /** Said when a refusal gives no reason. */
  failed?: string;
}

export const BULK_SPECS: Record<BulkKind, BulkSpec> = {
  assign: {
    title: 'Assign Items',
    submitLabel: 'Assign',
    action: (values) => (values.Investigator_Id === null ? 'unassign' : 'assign'),
    actions: ['assign', 'unassign'],
    schemaId: 'itemAssign.json',
    fields: ['Investigator_Id'],
    run: (dp, group, values) => dp.callOperation('caseItems', 'assign', group.caseId, { ItemIds: group.ids, Investigator_Id: values.Investigator_Id === null ? null : Number(values.Investigator_Id) }),
    toast: (caseNumber, values) => (values.Investigator_Id === null ? T.toasts.unassigned : T.toasts.assigned(caseNumber)),
    once: (values) => values.Investigator_Id === null,
  },
  setAcds: {
    title: 'Update ACDs',
    submitLabel: 'Update ACDs',
    action: () => 'setAcd',
    actions: ['setAcd'],
    schemaId: 'itemAcds.json',
    fields: ['ACD'],
    run: (dp, group, values) => dp.callOperation('caseItems', 'setAcds', group.caseId, { ItemIds: group.ids, ACD: String(values.ACD) }),
    toast: (caseNumber) => T.toasts.acdsUpdated(caseNumber),
  },
  accept: {
    title: 'Accept Items',
    submitLabel: 'Accept',
    action: () => 'accept',
    actions: ['accept'],
    fields: [],
    run: (dp, group) => dp.callOperation('caseItems', 'acceptItems', group.caseId, { ItemIds: group.ids }),
    toast: (caseNumber) => T.toasts.accepted(caseNumber),
  },
  reject: {
    title: 'Reject Items',
    submitLabel: 'Reject',
    action: () => 'reject',
    actions: ['reject'],
    schemaId: 'itemReject.json',
    fields: ['Reason'],
    run: (dp, group, values) => dp.callOperation('caseItems', 'rejectItems', group.caseId, { ItemIds: group.ids, Reason: String(values.Reason).trim() }),
    toast: (caseNumber) => T.toasts.rejected(caseNumber),
  },
  submit: {
    title: 'Submit Items For Review',
    submitLabel: 'Submit',
    action: () => 'submit',
    actions: ['submit'],
    fields: [],
    run: (dp, group) => dp.callOperation('caseItems', 'submitItems', group.caseId, { ItemIds: group.ids }),
    toast: (caseNumber) => T.toasts.submitted(caseNumber),
    failed: T.submit.failed,
  },
};

/**
 * The modal's validation: its fields by the call's schema, as they are (no choice is no value, so an investigator is
 * required while the unassigned choice, null, is one), in the schema's words.
 */
export function bulkResolver(spec: BulkSpec): Resolver<FieldValues> | undefined {
  const full = spec.schemaId ? schemaById(spec.schemaId) : undefined;
  if (!full || !spec.fields.length) return undefined;
  const schema = formSchemaOf(full, spec.fields);
  return (values) => {
    const errors = validateBySchema(schema, values);
    return Object.keys(errors).length ? { values: {}, errors: nestedErrors(errors) } : { values, errors: {} };
  };
}

/** What each modal says above its list (spec 001 §2: Mass-Accept, Mass Rejection, Mass-Submit). */
export const LEADS: Record<BulkKind, string> = {
  assign: 'Choose who works these items, or return them to Awaiting Assignment.',
  setAcds: 'Set the same ACD on every item below.',
  accept: 'Mass-Accept: these items in review are accepted and completed today.',
  reject: 'Mass Rejection: these items in review go back to their investigators with your reason.',
  submit: 'Mass-Submit: these items go to their reviewer once their required sections are complete.',
};
