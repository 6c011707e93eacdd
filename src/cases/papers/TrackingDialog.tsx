import { useMemo } from 'react';
import { Box, Button, Dialog, DialogContent, DialogTitle, Stack, useMediaQuery } from '@mui/material';
import { useDataProvider, useNotify, useRefresh } from 'react-admin';
import { CaseTexts } from '../../../shared/texts/cases.js';
import type { DossierDataProvider } from '../../../dataProvider/dataProvider.js';
import { failureOf } from '../../../dataProvider/httpClient.js';
import type { ObjectSchema } from '../../../schemas/index.js';
import { MOBILE_QUERY } from '../../layout/TopBar.js';
import { formSchemaOf, hintsOf, schemaById, schemaResolver, toFormErrors } from '../../resources/formValidation.js';
import { ModalForm, type ModalDraft } from '../../resources/ModalForm.js';
import { SchemaInput } from '../../resources/SchemaInput.js';
import { SubmitButton } from '../../resources/SubmitButton.js';
import { failureMessage } from '../../resources/writeFailure.js';

const T = CaseTexts;
/** The tracking payload's schema (schemas/caseTracking.json): its inputs, its rules, its messages. */
const FIELDS = ['Name', 'FedExTracking'] as const;

/** Both inputs on one line (a name of up to 255 characters would otherwise get a multi-line box). */
const oneLine = (schema: ObjectSchema): ObjectSchema => ({
  ...schema,
  properties: Object.fromEntries(Object.entries(schema.properties).map(([name, property]) => [name, { ...property, 'x-ui': { ...hintsOf(property), widget: 'text' } }])),
});

/**
 * Add Tracking Info (spec 001 §2 "Papers", §5): Name and Tracking Number, both required — a react-admin Form whose
 * inputs and validation come from the payload's JSON Schema, as the server validates it. Saving posts the tracking
 * call, says '{name} tracking info was added.' and refreshes the papers; the server's field messages show under the
 * fields, its other refusals as a toast ('Unable to add tracking info.' when it gives no reason), and the modal stays
 * open.
 */
export function TrackingDialog({ caseId, draft, onClose }: { caseId: number; draft: ModalDraft; onClose(): void }) {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const fullScreen = useMediaQuery(MOBILE_QUERY);
  const schema = useMemo(() => oneLine(formSchemaOf(schemaById('caseTracking.json')!, FIELDS)), []);
  const resolver = useMemo(() => schemaResolver(() => schema), [schema]);

  const submit = async (values: Record<string, unknown>) => {
    const name = String(values.Name ?? '').trim();
    const number = String(values.FedExTracking ?? '').trim();
    try {
      await dataProvider.callOperation('casePapers', 'addTracking', caseId, { Case_Id: caseId, Name: name, FedExTracking: number });
      notify(T.toasts.trackingAdded(name), { type: 'success' });
      refresh();
      onClose();
      return undefined;
    } catch (error) {
      const failure = failureOf(error);
      if (failure.modelState) return toFormErrors(failure.modelState);
      const message = failureMessage(error);
      const said = Boolean(failure.body?.Message || failure.body?.ExceptionMessage);
      if (message) notify(said ? message : T.errors.trackingFailed, { type: 'error' });
      return {};
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="case-tracking-title">
      <DialogTitle id="case-tracking-title">{T.papers.addTracking}</DialogTitle>
      <DialogContent dividers sx={{ pb: 0 }}>
        <Box role="form" aria-label={T.papers.addTracking}>
          <ModalForm draft={draft} resolver={resolver} onSubmit={submit} noValidate disableInvalidFormNotification>
            {FIELDS.map((name) => (
              <SchemaInput key={name} schema={schema} name={name} />
            ))}
            <Stack direction="row" spacing={1} justifyContent="flex-end" sx={{ py: 1.5 }}>
              <Button onClick={onClose}>Cancel</Button>
              <SubmitButton label={T.papers.addTracking} />
            </Stack>
          </ModalForm>
        </Box>
      </DialogContent>
    </Dialog>
  );
}
