import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import type { ApiRecord } from '../../resources/declaration.js';
import { audit } from '../audit/auditLog.js';
import type { Database } from '../db/database.js';
import { authOf } from '../http/access.js';
import { badRequest, forbidden, notFound } from '../http/errors.js';
import type { ApiArea } from '../http/route.js';
import { operationRoutes } from '../http/operationRoutes.js';
import { orgOperations } from '../../resources/orgs.js';
import { defineStore } from '../resources/store.js';
import { assertOrgInScope, orgScopeOf, orgSubtreeIds } from './scope.js';

const P = Permissions.Orgs;
const T = Texts.orgs.orgs;

const SUMMARY = ['Id', 'Name', 'ParentOrg_Id', 'Hidden', 'ContractType_Id', 'Code'] as const;
const GENERAL = [
  'Id', 'Name', 'Code', 'ParentOrg_Id', 'Hidden', 'ContractType_Id', 'Address1', 'Address2', 'City', 'RegionType_Id', 'PostalCode',
  'Phone1', 'Phone2', 'Fax', 'ROIEncrpytionPassword', 'PrependAttachmentsToROI',
] as const;
/** What a create or the General tab writes (the parent only on create; it moves through its own call). */
const WRITTEN = ['Name', 'Code', 'ContractType_Id', 'Address1', 'Address2', 'City', 'RegionType_Id', 'PostalCode', 'Phone1', 'Phone2', 'Fax'] as const;

const columnsOf = (values: ApiRecord, fields: readonly string[]) => Object.fromEntries(fields.filter((f) => values[f] !== undefined).map((f) => [f, values[f]]));

/** The org's general record; the ROI password only to those who may change the org (it protects reports). */
async function generalOf(db: Database, id: number, mayEdit: boolean): Promise<ApiRecord> {
  const org = await db.selectFrom('orgs').select(GENERAL).where('Id', '=', id).executeTakeFirst();
  if (!org) throw notFound(T.notFound);
  return { ...org, ROIEncrpytionPassword: mayEdit ? org.ROIEncrpytionPassword : null };
}

/** The org of an id, within the caller's scope, for a change: the top org (no parent) is never hidden or moved. */
async function orgToChange(db: Database, id: number) {
  const org = await db.selectFrom('orgs').select(['Id', 'Name', 'ParentOrg_Id', 'Hidden']).where('Id', '=', id).executeTakeFirst();
  if (!org) throw notFound(T.notFound);
  return org;
}

/**
 * Organisations (/orgs, spec 002 §2.1), the `orgs` declaration's store. A caller sees and changes only its org
 * scope (its org and the orgs below; the provider's staff and system administrators all); an id outside it is a
 * 404. The list is every screen's org picker (hidden orgs with includeHidden=true); the General tab reads and saves
 * the general fields; a new org needs a parent in scope; deactivating toggles Hidden, never for the top org.
 */
export const orgsStore = defineStore({
  responses: { list: { type: 'array', items: { $ref: 'orgSummary.json' } } },
  summaries: {
    list: "Orgs in the caller's scope; hidden ones only with includeHidden=true",
    one: 'The general settings of an org (the ROI password only to those who may edit the org)',
    create: 'Create an org under a parent org in the caller\'s scope; answers its general settings',
    update: 'Save the general settings of an org; answers them',
    delete: 'Deactivate or activate an org (toggles Hidden; never the top org); answers its general settings',
  },
  async list(context) {
    const { db } = context;
    const scope = await orgScopeOf(db, context.auth);
    if (!scope.all && scope.ids.size === 0) return [];
    let query = db.selectFrom('orgs').select(SUMMARY);
    if (context.query.includeHidden !== true) query = query.where('Hidden', '=', false);
    if (!scope.all) query = query.where('Id', 'in', [...scope.ids]);
    return query.orderBy('Name').orderBy('Id').execute();
  },
  async read(context, key) {
    await assertOrgInScope(context.db, context.auth, Number(key), T.notFound);
    return generalOf(context.db, Number(key), context.auth.can(P.EDIT_ORGANIZATION));
  },
  async validate(context, values, existing) {
    if (existing) return;
    // A new org goes under a parent the caller can see (the schema makes the parent required on create).
    await assertOrgInScope(context.db, context.auth, Number(values.ParentOrg_Id), T.notFound);
  },
  async insert(context, values) {
    const { Id } = await context.db
      .insertInto('orgs')
      .values({ ...columnsOf(values, WRITTEN), Name: String(values.Name), ParentOrg_Id: Number(values.ParentOrg_Id) })
      .returning('Id')
      .executeTakeFirstOrThrow();
    return Id;
  },
  async change(context, key, values) {
    await context.db
      .updateTable('orgs')
      .set({ ...columnsOf(values, [...WRITTEN, 'ROIEncrpytionPassword']), PrependAttachmentsToROI: Boolean(values.PrependAttachmentsToROI) })
      .where('Id', '=', Number(key))
      .execute();
  },
  async remove(context, key) {
    const org = await orgToChange(context.db, Number(key));
    if (org.ParentOrg_Id === null) throw badRequest(T.rootHide);
    await context.db.updateTable('orgs').set({ Hidden: !org.Hidden }).where('Id', '=', org.Id).execute();
  },
  answer: async (context, _action, key) => generalOf(context.db, Number(key), context.auth.can(P.EDIT_ORGANIZATION)),
});

/** The handler of the orgs contract's operation (resources/orgs.ts): moving an org in the tree. */
export const orgsArea: ApiArea = {
  name: 'orgs',
  routes: operationRoutes(orgOperations, {
    async move(request) {
      const { db } = request.server;
      const auth = authOf(request);
      const { id } = request.params;
      const parentId = request.body.ParentOrg_Id;
      if (!auth.can(P.CHANGE_PARENT_ORGANIZATION)) throw forbidden(T.noParentPermission);
      await assertOrgInScope(db, auth, id, T.notFound);
      await assertOrgInScope(db, auth, parentId, T.notFound);
      return db.transaction().execute(async (trx) => {
        // Moves of the same part of the tree wait for each other, so two at once cannot make a cycle.
        const org = await trx.selectFrom('orgs').select(['Id', 'Name', 'ParentOrg_Id']).where('Id', '=', id).forUpdate().executeTakeFirstOrThrow();
        if (org.ParentOrg_Id === null) throw badRequest(T.rootMove);
        await trx.selectFrom('orgs').select('Id').where('Id', '=', parentId).forUpdate().executeTakeFirstOrThrow();
        if ((await orgSubtreeIds(trx as Database, id)).includes(parentId)) throw badRequest(T.underItself);
        await trx.updateTable('orgs').set({ ParentOrg_Id: parentId }).where('Id', '=', id).execute();
        await audit(trx, { userId: auth.userId, entity: 'orgs', entityId: id, action: 'move', fields: ['ParentOrg_Id'] });
        return trx.selectFrom('orgs').select(SUMMARY).where('Id', '=', id).executeTakeFirstOrThrow();
      });
    },
  }),
};
