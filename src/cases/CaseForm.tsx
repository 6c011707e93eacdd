import type { ApiRecord } from '../../resources/declaration.js';
import { resourceByName } from '../../resources/index.js';
import { ResourceForm } from '../resources/ResourceForm.js';
import { CASE_FORM } from './caseFormView.js';

/**
 * The case form of the case page: `CASE_FORM` for an existing case (requesting official, case type, number,
 * data-entry clerk, reviewer, notes, dates, subject), saved with its subject in one call. Read only without Edit
 * Cases or while the case is locked.
 */
export function CaseForm({ record, readOnly, onSaved }: { record: ApiRecord; readOnly: boolean; onSaved?(saved: ApiRecord): void }) {
  const declaration = resourceByName('cases')!;
  return (
    <ResourceForm
      {...CASE_FORM}
      declaration={declaration}
      record={record}
      readOnly={readOnly}
      label={`Case ${String(record.CaseNumber ?? '')}`}
      submitLabel={declaration.texts.editSubmit}
      onSaved={onSaved}
    />
  );
}
