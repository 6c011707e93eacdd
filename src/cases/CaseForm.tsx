import type { ApiRecord } from '../../resources/declaration.js';
import { resourceByName } from '../../resources/index.js';
import { ResourceForm } from '../resources/ResourceForm.js';
import { useResourceTexts } from '../resources/views.js';
import { CASE_FORM } from './caseFormView.js';

/**
 * The case form of the case page: `CASE_FORM` for an existing case (requesting official, case type, number,
 * data-entry clerk, reviewer, notes, dates, subject), saved with its subject in one call. Read only without Edit
 * Cases or while the case is locked.
 */
export function CaseForm({ record, readOnly, onSaved }: { record: ApiRecord; readOnly: boolean; onSaved?(saved: ApiRecord): void }) {
  const declaration = resourceByName('cases')!;
  const texts = useResourceTexts(declaration);
  return (
    <ResourceForm
      {...CASE_FORM}
      declaration={declaration}
      record={record}
      readOnly={readOnly}
      label={`Case ${String(record.CaseNumber ?? '')}`}
      submitLabel={texts.editSubmit}
      onSaved={onSaved}
    />
  );
}
