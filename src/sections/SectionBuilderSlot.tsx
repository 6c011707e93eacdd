import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  Paper,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { RichTreeView } from '@mui/x-tree-view/RichTreeView';
import { useCanAccess, useDataProvider, useGetList, useNotify, useRefresh } from 'react-admin';
import type { FieldList, FieldType, SectionField } from '../../shared/sections.js';
import { Texts } from '../../shared/texts/index.js';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';
import type { SectionTemplate } from '../../dataProvider/configuration.js';
import { errorMessageOf, type ErrorBody } from '../../dataProvider/httpClient.js';
import { CodeEditor } from '../components/CodeEditor.js';
import { SectionForm } from '../forms/SectionForm.js';
import { MOBILE_QUERY } from '../layout/TopBar.js';
import type { ViewProps } from '../resources/views.js';
import {
  addField,
  allFieldIds,
  fieldErrors,
  LIMITS,
  newField,
  parseDefinition,
  removeField,
  serializeDefinition,
  serverErrors,
  updateField,
  withLabel,
  type NameState,
  type ServerErrors,
} from './builderModel.js';
import { FieldBuilder } from './FieldBuilder.js';
import { JsonView } from './JsonView.js';

const S = Texts.configuration.sectionScreen;
type Mode = 'builder' | 'json' | 'xslt';

/** True when the keyboard focus is in a text input (the N shortcut must not steal typing). */
function typingInInput(): boolean {
  const element = document.activeElement as HTMLElement | null;
  if (!element) return false;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName) || element.isContentEditable;
}

interface JsonNode {
  id: string;
  label: string;
  children?: JsonNode[];
}
function jsonTree(value: unknown, path = 'root', key = 'Template'): JsonNode {
  if (value && typeof value === 'object') {
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    return { id: path, label: key, children: entries.map(([k, v]) => jsonTree(v, `${path}.${k}`, k)) };
  }
  return { id: path, label: `${key}: ${JSON.stringify(value)}` };
}

const NO_SERVER_ERRORS: ServerErrors = { fields: {}, other: [] };
const ALL = { pagination: { page: 1, perPage: 100000 }, sort: { field: 'SectionName', order: 'ASC' as const } };

/**
 * The create and edit slot of section templates: the field builder with a live preview, the JSON switch (tree,
 * read-only view and code editor; View JSON Editor) and the XSLT editor of the section's report template (Admin
 * Section Templates). Saving makes a new version. Read only (a user without edit) it shows the version, unchanged.
 */
export default function SectionBuilderSlot({ record, readOnly = false, onClose = () => undefined }: ViewProps) {
  const version = record as unknown as SectionTemplate | undefined;
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const fullScreen = useMediaQuery(MOBILE_QUERY);
  const { canAccess: canJson = false } = useCanAccess({ resource: 'sections', action: 'editJson' });
  const { canAccess: canXslt = false } = useCanAccess({ resource: 'sections', action: 'editXslt' });
  const canSave = !readOnly;
  const { data: sections = [] } = useGetList('sections', ALL);

  const initial = useMemo(() => parseDefinition(version?.Template), [version]);
  const [name, setName] = useState(version?.SectionName ?? '');
  const [definition, setDefinition] = useState<FieldList>(initial);
  const [names, setNames] = useState<NameState>({ edited: new Set(), locked: new Set(allFieldIds(initial)) });
  const [xslt, setXslt] = useState(version?.ROITemplate ?? '');
  const [mode, setMode] = useState<Mode>('builder');
  const [jsonText, setJsonText] = useState('');
  const [jsonTab, setJsonTab] = useState<'code' | 'tree' | 'view'>('code');
  const [selectedType, setSelectedType] = useState<FieldType>('text');
  const [showErrors, setShowErrors] = useState(false);
  const [nameError, setNameError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [refused, setRefused] = useState<ServerErrors>(NO_SERVER_ERRORS);

  const errors = useMemo(() => fieldErrors(definition), [definition]);
  const existing = canSave ? sections.find((s) => String(s.SectionName).toLowerCase() === name.trim().toLowerCase()) : undefined;

  const add = (type: FieldType, parentId?: string) => setDefinition((d) => addField(d, newField(type), parentId || undefined));

  // The N key adds the chosen field type when no input has the focus.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!canSave || mode !== 'builder' || event.ctrlKey || event.metaKey || event.altKey || typingInInput()) return;
      if (event.key === 'n' || event.key === 'N') {
        event.preventDefault();
        setDefinition((d) => addField(d, newField(selectedType)));
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [canSave, mode, selectedType]);

  const onSaved = () => {
    refresh();
    onClose();
  };
  /** What the server said about a field goes once the user changes that field. */
  const touched = (id: string) =>
    setRefused((r) => {
      if (!r.fields[id]) return r;
      const fields = { ...r.fields };
      delete fields[id];
      return { ...r, fields };
    });
  const refusedBy = (error: unknown, sent: FieldList) => {
    const body = (error as { body?: ErrorBody }).body;
    setRefused(serverErrors(sent, body?.ModelState));
    notify(errorMessageOf(body, (error as Error).message), { type: 'error' });
  };

  const builderHandlers = {
    names,
    errors,
    serverErrors: refused.fields,
    showErrors,
    disabled: !canSave,
    onLabel: (id: string, label: string) => {
      touched(id);
      setDefinition((d) => updateField(d, id, (f) => withLabel(f, label, names)));
    },
    onName: (id: string, value: string) => {
      touched(id);
      setNames((n) => ({ ...n, edited: new Set([...n.edited, id]) }));
      setDefinition((d) => updateField(d, id, (f) => ({ ...f, '@name': value })));
    },
    onChange: (id: string, patch: Partial<SectionField>) => {
      touched(id);
      setDefinition((d) => updateField(d, id, (f) => ({ ...f, ...patch })));
    },
    onRemove: (id: string) => setDefinition((d) => removeField(d, id)),
    onAdd: (type: FieldType, parentId: string) => add(type, parentId),
  };

  const switchTo = (next: Mode) => {
    if (mode === 'json') {
      try {
        const parsed = JSON.parse(jsonText) as FieldList;
        if (!parsed?.fields || !Array.isArray(parsed.fields.field)) throw new Error('shape');
        setDefinition(parsed);
      } catch {
        notify(S.invalidJson, { type: 'error' });
        return;
      }
    }
    if (next === 'json') setJsonText(JSON.stringify(definition, null, 2));
    setMode(next);
  };

  const save = async () => {
    if (mode === 'xslt' && version) {
      setSaving(true);
      try {
        await dataProvider.callOperation('sections', 'saveRoi', version.Id, { SectionName: version.SectionName, Template: version.Template, ROITemplate: xslt });
        notify(S.xsltUpdated, { type: 'success' });
        onSaved();
      } catch (error) {
        refusedBy(error, definition);
      } finally {
        setSaving(false);
      }
      return;
    }
    let current = definition;
    if (mode === 'json') {
      try {
        current = JSON.parse(jsonText) as FieldList;
        setDefinition(current);
      } catch {
        notify(S.invalidJson, { type: 'error' });
        return;
      }
    }
    setShowErrors(true);
    setNameError(name.trim() ? undefined : S.nameRequired);
    if (!name.trim()) return;
    if (!current.fields?.field?.length) {
      notify(S.noFields, { type: 'error' });
      return;
    }
    if (Object.keys(fieldErrors(current)).length) {
      notify(Texts.configuration.sections.missingInputs, { type: 'error' });
      return;
    }
    setSaving(true);
    setRefused(NO_SERVER_ERRORS);
    try {
      // The report XSLT is sent by those who may edit it (a version's cleared one as null); left out, the new
      // version keeps the latest one's.
      const report = canXslt && (xslt.trim() || version) ? { ROITemplate: xslt.trim() ? xslt : null } : {};
      const { data: saved } = await dataProvider.create('sections', {
        data: { SectionName: name.trim(), Template: serializeDefinition(current), ...report },
      });
      notify(S.added(String(saved.SectionName), Number(saved.Version)), { type: 'success' });
      onSaved();
    } catch (error) {
      refusedBy(error, current);
    } finally {
      setSaving(false);
    }
  };

  const submitLabel = mode === 'xslt' && version ? 'Save XSLT' : 'Add Section Template';
  const title = !version ? 'Add Section Template' : `${readOnly ? '' : 'Edit '}${version.SectionName} (version ${version.Version})`;
  const nameMessage = nameError ?? refused.name;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" fullScreen={fullScreen} aria-labelledby="section-editor-title">
      <DialogTitle id="section-editor-title">{title}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'flex-start' }}>
            <TextField
              label="Section Template Name"
              required
              sx={{ flex: 1 }}
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                setRefused((r) => ({ ...r, name: undefined }));
              }}
              error={Boolean(nameMessage)}
              helperText={nameMessage}
              disabled={!canSave || (mode === 'xslt' && Boolean(version))}
              slotProps={{ htmlInput: { maxLength: LIMITS.sectionName } }}
            />
            <Stack direction="row" spacing={1} sx={{ pt: { md: 1 } }}>
              {canJson && mode !== 'xslt' && (
                <Button variant="outlined" onClick={() => switchTo(mode === 'json' ? 'builder' : 'json')}>
                  {mode === 'json' ? 'Switch to Builder' : 'Switch to JSON'}
                </Button>
              )}
              {canXslt && mode !== 'json' && (
                <Button variant="outlined" onClick={() => switchTo(mode === 'xslt' ? 'builder' : 'xslt')}>
                  {mode === 'xslt' ? 'Switch to Builder' : 'Switch to XSLT Editor'}
                </Button>
              )}
            </Stack>
          </Stack>
          {existing && mode !== 'xslt' && <Alert severity="info">{S.newVersionNote(String(existing.SectionName))}</Alert>}
          {refused.other.map((message) => (
            <Alert key={message} severity="error">
              {message}
            </Alert>
          ))}

          {mode === 'builder' && (
            <Grid container spacing={3}>
              <Grid size={{ xs: 12, md: 7 }}>
                <Typography variant="overline" color="text.secondary">
                  {canSave ? 'Fields — press N to add the chosen type' : 'Fields'}
                </Typography>
                <FieldBuilder {...builderHandlers} list={definition} selectedType={selectedType} onSelectedType={setSelectedType} />
              </Grid>
              <Grid size={{ xs: 12, md: 5 }}>
                <Typography variant="overline" color="text.secondary">
                  Preview
                </Typography>
                <Paper variant="outlined" sx={{ p: 2, position: { md: 'sticky' }, top: 0 }} aria-label="Preview">
                  {definition.fields.field.length ? (
                    <SectionForm sectionName={name} definition={definition} />
                  ) : (
                    <Typography color="text.secondary">Add fields to see the form here.</Typography>
                  )}
                </Paper>
              </Grid>
            </Grid>
          )}

          {mode === 'json' && (
            <Box>
              <Tabs value={jsonTab} onChange={(_e, v) => setJsonTab(v)} sx={{ mb: 1 }}>
                <Tab value="code" label="Code" />
                <Tab value="tree" label="Tree" />
                <Tab value="view" label="View" />
              </Tabs>
              {jsonTab === 'code' ? (
                <CodeEditor label="Template JSON" language="json" value={jsonText} onChange={setJsonText} height="420px" />
              ) : jsonTab === 'view' ? (
                <JsonView label="Template JSON view" text={jsonText} invalidMessage={S.invalidJson} />
              ) : (
                <Paper variant="outlined" sx={{ p: 1, maxHeight: 440, overflow: 'auto' }}>
                  <RichTreeView aria-label="Template JSON tree" items={[(() => { try { return jsonTree(JSON.parse(jsonText)); } catch { return { id: 'invalid', label: S.invalidJson }; } })()]} defaultExpandedItems={['root', 'root.fields', 'root.fields.field']} />
                </Paper>
              )}
            </Box>
          )}

          {mode === 'xslt' && <CodeEditor label="Report XSLT" language="xml" value={xslt} onChange={setXslt} height="420px" />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{canSave ? 'Cancel' : 'Close'}</Button>
        {(mode === 'xslt' && version ? canXslt : canSave) && (
          <Button variant="contained" onClick={save} disabled={saving}>
            {submitLabel}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
