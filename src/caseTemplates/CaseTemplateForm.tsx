import { useMemo, useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Divider, FormHelperText, Grid, Stack, Typography, useMediaQuery } from '@mui/material';
import CodeIcon from '@mui/icons-material/Code';
import ListAltIcon from '@mui/icons-material/ListAlt';
import { Form } from 'react-admin';
import { useController, useFormState, useWatch } from 'react-hook-form';
import { Texts } from '../../shared/texts/index.js';
import type { ApiRecord } from '../../resources/declaration.js';
import { CodeEditor } from '../components/CodeEditor.js';
import { MOBILE_QUERY } from '../layout/TopBar.js';
import { formSchemaOf, schemaValidator } from '../resources/formValidation.js';
import { SchemaInput } from '../resources/SchemaInput.js';
import { SubmitButton } from '../resources/SubmitButton.js';
import { useResourceSave } from '../resources/useResourceSave.js';
import { useResourceTexts, type ViewProps } from '../resources/views.js';
import { CaseTemplateItems } from './CaseTemplateItems.js';
import { XSLT_EDITORS, formValuesOf, type DraftItem } from './caseTemplateModel.js';
import { VALIDATION_MODE } from '../forms/validationMode.js';

const T = Texts.configuration.caseTemplateScreen;
/** The plain fields, as the schema says them; the items and the XSLT texts have editors of their own. */
const PLAIN_FIELDS = ['Label', 'ContractType_Id', 'ShowCoverPage'] as const;

type Mode = 'items' | 'xslt';
/** The form fills the dialog so that its content scrolls between a fixed title and fixed buttons. */
const SCROLLING_FORM = { '& > form': { display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 } } as const;

/** One report XSLT text of the form in an XML editor, with the server's message under it. */
function XsltInput({ field, label, readOnly }: { field: string; label: string; readOnly: boolean }) {
  const { field: input, fieldState } = useController({ name: field });
  return (
    <Box>
      <CodeEditor label={label} language="xml" height="180px" readOnly={readOnly} value={(input.value as string | null) ?? ''} onChange={input.onChange} />
      {fieldState.error && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
    </Box>
  );
}

/** The heading of the items or XSLT part and the button switching between them (red when an XSLT text is refused). */
function ModeBar({ mode, onSwitch }: { mode: Mode; onSwitch(): void }) {
  const items = (useWatch({ name: 'ItemTypeIds' }) ?? []) as DraftItem[];
  const { errors } = useFormState();
  const xsltErrors = XSLT_EDITORS.some((e) => errors[e.field]);
  return (
    <>
      <Stack direction="row" alignItems="center" spacing={1}>
        <Typography variant="h6" component="h3" sx={{ flex: 1, fontSize: '1.05rem' }}>
          {mode === 'items' ? `Items (${items.length})` : 'Report XSLT'}
        </Typography>
        <Button
          variant="outlined"
          size="small"
          startIcon={mode === 'items' ? <CodeIcon /> : <ListAltIcon />}
          onClick={onSwitch}
          color={mode === 'items' && xsltErrors ? 'error' : 'primary'}
        >
          {mode === 'items' ? 'Switch to XSLT Editor' : 'Switch to Items'}
        </Button>
      </Stack>
      {mode === 'xslt' && xsltErrors && <Alert severity="error">{T.xsltInvalid}</Alert>}
    </>
  );
}

/**
 * Add or edit a case template (the declaration's create and edit slot): a react-admin Form with Label, Contract
 * Type and Show Cover Page On Report from the schema, and either the items editor or the four report XSLT
 * editors. Saved through the declaration like any resource; a refusal keeps the modal open with the server's
 * messages, switching to the part that holds them.
 */
export default function CaseTemplateForm({ declaration, record, readOnly = false, onClose = () => undefined }: ViewProps) {
  const fullScreen = useMediaQuery(MOBILE_QUERY);
  const schema = useMemo(() => formSchemaOf(declaration.schema, PLAIN_FIELDS), [declaration]);
  const validate = useMemo(() => schemaValidator(schema), [schema]);
  const initial = useMemo(() => formValuesOf(record), [record]);
  const save = useResourceSave(declaration);
  const [mode, setMode] = useState<Mode>('items');
  const texts = useResourceTexts(declaration);
  const title = record ? texts.editTitle(record) : texts.add();

  const onSubmit = async (values: ApiRecord) => {
    const errors = await save(values, record);
    if (errors === undefined) return onClose();
    const fields = Object.keys(errors);
    if (XSLT_EDITORS.some((e) => fields.includes(e.field))) setMode('xslt');
    else if (fields.some((field) => field.startsWith('ItemTypeIds'))) setMode('items');
    return errors;
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby="case-template-title" slotProps={{ paper: { sx: SCROLLING_FORM } }}>
      <Form record={initial} onSubmit={onSubmit} validate={validate} noValidate {...VALIDATION_MODE} disableInvalidFormNotification>
        <DialogTitle id="case-template-title">
          {title}
          {record && (
            <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
              {declaration.recordRepresentation(record)}
            </Typography>
          )}
        </DialogTitle>
        <DialogContent dividers>
          <Stack spacing={1.5}>
            <Grid container columnSpacing={2}>
              <Grid size={{ xs: 12, sm: 7 }}>
                <SchemaInput schema={schema} name="Label" readOnly={readOnly} />
              </Grid>
              <Grid size={{ xs: 12, sm: 5 }}>
                <SchemaInput schema={schema} name="ContractType_Id" readOnly={readOnly} />
              </Grid>
            </Grid>
            <SchemaInput schema={schema} name="ShowCoverPage" readOnly={readOnly} />
            <Divider />
            <ModeBar mode={mode} onSwitch={() => setMode(mode === 'items' ? 'xslt' : 'items')} />
            {mode === 'items' ? (
              <CaseTemplateItems template={record} creating={!record} readOnly={readOnly} />
            ) : (
              XSLT_EDITORS.map(({ field, label }) => <XsltInput key={field} field={field} label={label} readOnly={readOnly} />)
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          {!readOnly && <SubmitButton label={record ? texts.editSubmit : title} />}
        </DialogActions>
      </Form>
    </Dialog>
  );
}
