import { useEffect, useState } from 'react';
import { Alert, Box, Grid, LinearProgress, Stack, Typography } from '@mui/material';
import { Form, TextInput, useDataProvider, useNotify } from 'react-admin';
import { Limits } from '../../shared/constants.js';
import { CaseTexts } from '../../shared/texts/cases.js';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';
import type { CaseParameter } from '../../schemas/types.js';
import { getToken } from '../../dataProvider/session.js';
import { ErrorBoundary } from '../layout/ErrorBoundary.js';
import { SubmitButton } from '../resources/SubmitButton.js';
import { failureMessage } from '../resources/writeFailure.js';
import { VALIDATION_MODE } from '../forms/validationMode.js';
import { saveFailed } from '../forms/saveOutcome.js';

const T = CaseTexts;

interface Props {
  caseId: number;
  /** The user may look, not change: the values as text, no save. */
  readOnly?: boolean;
}

/** What the panel shows: the settings as last read (and which read that was), or that reading them failed. */
type Loaded = { caseId: number; read: number; parameters: CaseParameter[] } | { caseId: number; read: number; failed: true };

const isTextArea = (p: CaseParameter) => p.ParameterType === 'TextArea';

/** The settings read only: each name over its value. */
function ParameterValues({ parameters }: { parameters: CaseParameter[] }) {
  return (
    <Grid container spacing={2} component="dl" sx={{ m: 0 }}>
      {parameters.map((p) => (
        <Grid key={p.ParameterReference} size={{ xs: 12, md: isTextArea(p) ? 12 : 6 }}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {p.ParameterName}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, whiteSpace: 'pre-wrap', minHeight: 20 }}>
            {p.ParameterValue ?? ''}
          </Typography>
        </Grid>
      ))}
    </Grid>
  );
}

/**
 * The settings to change: one input each, labelled by its name, a TextArea setting on several lines. A failed save
 * keeps what was typed and Save (`saveFailed`).
 */
function ParameterForm({ parameters, onSave }: { parameters: CaseParameter[]; onSave(values: CaseParameter[]): Promise<boolean> }) {
  const submit = async (values: Record<string, unknown>) => {
    const typed = Array.isArray(values.Values) ? (values.Values as unknown[]) : [];
    const saved = await onSave(parameters.map((p, i) => ({ ...p, ParameterValue: typeof typed[i] === 'string' ? (typed[i] as string) : '' })));
    return saved ? undefined : saveFailed();
  };
  return (
    <Form record={{ Values: parameters.map((p) => p.ParameterValue ?? '') }} onSubmit={submit} noValidate {...VALIDATION_MODE} disableInvalidFormNotification>
      <Grid container columnSpacing={2}>
        {parameters.map((p, i) => (
          <Grid key={p.ParameterReference} size={{ xs: 12, md: isTextArea(p) ? 12 : 6 }}>
            <TextInput
              source={`Values.${i}`}
              label={p.ParameterName}
              multiline={isTextArea(p)}
              minRows={isTextArea(p) ? 3 : undefined}
              parse={(value: string) => value}
              helperText={false}
              fullWidth
              slotProps={{ htmlInput: { maxLength: Limits.TEXT_MAX } }}
            />
          </Grid>
        ))}
      </Grid>
      <Stack direction="row" justifyContent="flex-end" sx={{ pt: 1 }}>
        <SubmitButton label={T.parameters.save} />
      </Stack>
    </Form>
  );
}

/** The settings as the save sends them: a multipart form, one entry per setting named by its reference. */
function parametersForm(parameters: readonly CaseParameter[]): FormData {
  const formData = new FormData();
  for (const p of parameters) formData.append(p.ParameterReference, p.ParameterValue ?? '');
  return formData;
}

/**
 * The settings of a case, read through the data provider's named call; saving sends every setting in one
 * multipart call and then reads the list again. A failed read says so in the panel, never an empty list.
 */
function ParametersPanel({ caseId, readOnly }: Required<Props>) {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  const [read, setRead] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    let current = true;
    dataProvider.callOperation('cases', 'parameters', caseId).then(
      (answer) => current && setLoaded(Array.isArray(answer) ? { caseId, read, parameters: answer } : { caseId, read, failed: true }),
      () => current && setLoaded({ caseId, read, failed: true }),
    );
    return () => {
      current = false;
    };
  }, [dataProvider, caseId, read]);

  /** Answers whether the settings were saved. */
  const save = async (parameters: CaseParameter[]): Promise<boolean> => {
    try {
      await dataProvider.callOperation('cases', 'saveParameters', caseId, parametersForm(parameters));
      // After a 401/419 react-admin signs out and answers the call as if it had worked: nothing was saved.
      if (!getToken()) return false;
      notify(T.toasts.parametersSaved, { type: 'success' });
      setRead((n) => n + 1);
      return true;
    } catch (error) {
      // Spec 001 §8's words, in an error toast: its success-style toast would say a failure as if it were saved
      // (docs/decisions.md, "Additional settings"). An ended session is left to the auth provider's notice.
      if (failureMessage(error)) notify(T.errors.parametersFailed, { type: 'error' });
      return false;
    }
  };

  // Another case's settings (the page moved on) are not this case's.
  const mine = loaded?.caseId === caseId ? loaded : null;
  if (!mine) return <LinearProgress aria-label="Loading" />;
  if ('failed' in mine) return <Alert severity="error">{T.errors.parametersShowFailed}</Alert>;
  if (!mine.parameters.length) return <Typography color="text.secondary">{T.parameters.none}</Typography>;
  if (readOnly) return <ParameterValues parameters={mine.parameters} />;
  // Each read starts the form again from what the server holds.
  return <ParameterForm key={mine.read} parameters={mine.parameters} onSave={save} />;
}

/**
 * The case's Additional Settings (spec 001 §2, §7): ParameterName labels its ParameterValue's input (several lines
 * for a TextArea setting); Save sends every setting and reloads them — 'Information Updated Successfully.', or
 * 'ERROR Updating Information.' in an error toast (spec 001 §8's words; its success style is not kept), the typed values
 * still in their inputs. Read only: the values, no inputs, no save.
 * A failure to read or to render says 'Unable to show AdditionalInformations'.
 */
export function CaseParameters({ caseId, readOnly = false }: Props) {
  return (
    <Box component="section" aria-label={T.parameters.title}>
      <ErrorBoundary message={T.errors.parametersShowFailed} resetKey={caseId}>
        <ParametersPanel caseId={caseId} readOnly={readOnly} />
      </ErrorBoundary>
    </Box>
  );
}

export default CaseParameters;
