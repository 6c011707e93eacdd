import { audit, changedFields } from '../audit/auditLog.js';
import type { Database } from '../db/database.js';
import { authOf } from '../http/access.js';
import { badRequest, ValidationError } from '../http/errors.js';
import { formParts } from '../http/formParts.js';
import type { ApiArea } from '../http/route.js';
import { operationRoutes } from '../http/operationRoutes.js';
import { caseOperations } from '../../resources/caseOperations.js';
import { Limits } from '../../shared/constants.js';
import { Texts } from '../../shared/texts/index.js';
import { assertCaseEditable, caseInScope } from './caseAccess.js';

const T = Texts.cases.server;

/** The additional settings every new case starts with (docs/decisions.md "Case workflow"). */
export const CASE_PARAMETERS = [
  { ParameterName: 'Position Title', ParameterReference: 'PositionTitle', ParameterType: 'text' },
  { ParameterName: 'Special Instructions', ParameterReference: 'SpecialInstructions', ParameterType: 'TextArea' },
] as const;

async function parametersOf(db: Database, caseId: number) {
  return db.selectFrom('case_parameters').select(['ParameterName', 'ParameterReference', 'ParameterValue', 'ParameterType']).where('Case_Id', '=', caseId).orderBy('Id').execute();
}

/** Adds the default additional settings to a new case (inside its create transaction). */
export async function addDefaultParameters(db: Database, caseId: number): Promise<void> {
  await db.insertInto('case_parameters').values(CASE_PARAMETERS.map((p) => ({ ...p, Case_Id: caseId, ParameterValue: null }))).execute();
}

/**
 * A case's additional settings (spec 001 §2 "Additional Settings", §7): read them, and save them as a multipart
 * form with one entry per parameter, named by its reference (or its name). Unknown names are a 400; every value
 * is saved in one transaction; the answer is the list as stored.
 */
export const caseParametersArea: ApiArea = {
  name: 'case-parameters',
  routes: operationRoutes(caseOperations, {
    async parameters(request) {
      await caseInScope(request.server.db, authOf(request), request.params.id);
      return parametersOf(request.server.db, request.params.id);
    },
    async saveParameters(request) {
      const { db } = request.server;
      const auth = authOf(request);
      const caseId = request.params.caseId;
      if (!request.isMultipart()) throw badRequest(T.parametersForm);
      const values = new Map<string, string>();
      for await (const part of formParts(request)) {
        if (part.type !== 'field') {
          // A file has no place in this form: drained unread (a part left unread holds the form's next parts, and
          // the request, forever).
          part.file.resume();
          continue;
        }
        const value = typeof part.value === 'string' ? part.value : '';
        if (value.length > Limits.TEXT_MAX) throw ValidationError.field(part.fieldname, T.parameterTooLong(Limits.TEXT_MAX));
        values.set(part.fieldname, value);
      }
      await db.transaction().execute(async (trx) => {
        await assertCaseEditable(trx as Database, auth, await caseInScope(trx as Database, auth, caseId, true));
        const stored = await parametersOf(trx as Database, caseId);
        const unknown = [...values.keys()].filter((name) => !stored.some((p) => p.ParameterReference === name || p.ParameterName === name));
        if (unknown.length) throw ValidationError.field(unknown[0], T.unknownParameter(unknown[0]));
        for (const parameter of stored) {
          const value = values.get(parameter.ParameterReference) ?? values.get(parameter.ParameterName);
          if (value === undefined) continue;
          await trx.updateTable('case_parameters').set({ ParameterValue: value.trim() || null }).where('Case_Id', '=', caseId).where('ParameterReference', '=', parameter.ParameterReference).execute();
        }
        await audit(trx, { userId: auth.userId, entity: 'cases', entityId: caseId, action: 'parameters', fields: changedFields(Object.fromEntries(values)) });
      });
      return parametersOf(db, caseId);
    },
  }),
};
