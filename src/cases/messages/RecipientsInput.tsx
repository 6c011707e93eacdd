import { useEffect, useState } from 'react';
import { AutocompleteArrayInput, useDataProvider } from 'react-admin';
import { CaseTexts } from '../../../shared/texts/cases.js';
import type { DossierDataProvider } from '../../../dataProvider/dataProvider.js';
import type { CaseRecipient } from '../../../schemas/types.js';
import { useSchemaInput } from '../../resources/SchemaInput.js';
import type { ViewProps } from '../../resources/views.js';


type Loaded = { caseId: number; recipients: CaseRecipient[]; failed: boolean };

/** 'Last, First', or the Name when a part is missing. */
const labelOf = (r: CaseRecipient) => (r.LastName && r.FirstName ? `${r.LastName}, ${r.FirstName}` : r.Name);

/**
 * The Add Message form's Recipients (the case messages' `inputs` view): several of the case's
 * recipients (`GET /api/cases/{id}/recipients`), labelled 'Last, First'; the schema requires at least one.
 */
export default function RecipientsInput({ record }: ViewProps) {
  const { source, label, isRequired, readOnly } = useSchemaInput();
  const dataProvider = useDataProvider<DossierDataProvider>();
  const caseId = Number(record?.Case_Id);
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    if (!caseId) return;
    let current = true;
    dataProvider.callOperation('cases', 'recipients', caseId).then(
      (answer) => current && setLoaded({ caseId, recipients: Array.isArray(answer) ? answer : [], failed: false }),
      () => current && setLoaded({ caseId, recipients: [], failed: true }),
    );
    return () => {
      current = false;
    };
  }, [dataProvider, caseId]);

  const mine = loaded?.caseId === caseId ? loaded : null;
  return (
    <AutocompleteArrayInput
      source={source}
      label={label}
      isRequired={isRequired}
      readOnly={readOnly}
      choices={(mine?.recipients ?? []).map((r) => ({ id: r.Id, name: labelOf(r) }))}
      isPending={!mine}
      translateChoice={false}
      helperText={mine?.failed ? CaseTexts.errors.recipientsFailed : false}
      fullWidth
    />
  );
}
