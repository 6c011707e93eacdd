import type { ApiRecord } from '../../resources/declaration.js';
import { resourceByName } from '../../resources/index.js';
import { ResourceForm } from '../resources/ResourceForm.js';

/**
 * The case form of the case page (spec 001 §2 "Case form"): the `cases` declaration's sections for an existing case
 * (requesting official, case type, number, data-entry clerk, reviewer, notes, dates, subject), its per-field
 * permissions, saved with its subject in one call. Read only without Edit Cases or while the case is locked.
 */
export function CaseForm({ record, readOnly, onSaved }: { record: ApiRecord; readOnly: boolean; onSaved?(saved: ApiRecord): void }) {
  const declaration = resourceByName('cases')!;
  return (
    <ResourceForm
      declaration={declaration}
      record={record}
      readOnly={readOnly}
      label={`Case ${String(record.CaseNumber ?? '')}`}
      submitLabel={declaration.texts.editSubmit}
      onSaved={onSaved}
    />
  );
}
