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
import { useDataProvider, useNotify } from 'react-admin';
import { Permissions } from '../../shared/permissions.js';
import type { FieldList, FieldType, SectionField } from '../../shared/sections.js';
import { Texts } from '../../shared/texts/index.js';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';
import type { SectionTemplate } from '../../dataProvider/configuration.js';
import { errorMessageOf, type ErrorBody } from '../../dataProvider/httpClient.js';
import { CodeEditor } from '../components/CodeEditor.js';
import { SectionForm } from '../forms/SectionForm.js';
import { MOBILE_QUERY } from '../layout/TopBar.js';
import { useCan } from '../session/useSession.js';
import {
  addField,
  allFieldIds,
  fieldErrors,
  newField,
  parseDefinition,
  removeField,
  serializeDefinition,
  updateField,
  withLabel,
  type NameState,
} from './builderModel.js';
import { FieldBuilder } from './FieldBuilder.js';

const S = Texts.configuration.sectionScreen;
type Mode = 'builder' | 'json' | 'xslt';

/** True when the keyboard focus is in a text input (the N shortcut must not steal typing). */
export function typingInInput(): boolean {
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

/**
 * Add or edit a section template: the field builder with a live preview, the JSON switch (View JSON Editor) and
 * the XSLT editor of the section's report template (Admin Section Templates). Saving makes a new version.
 */
export function SectionEditorDialog({
  version,
  sections,
  onClose,
  onSaved,
}: {
  /** The version being edited; absent for a new section. */
  version?: SectionTemplate;
  sections: readonly SectionTemplate[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  const fullScreen = useMediaQuery(MOBILE_QUERY);
  const canJson = useCan(Permissions.General.VIEW_JSON_EDITOR);
  const canXslt = useCan(Permissions.Sections.ADMIN_SECTION_TEMPLATES);
  const canSave = useCan(Permissions.Sections.CREATE_SECTION_TEMPLATES);

  const initial = useMemo(() => parseDefinition(version?.Template), [version]);
  const [name, setName] = useState(version?.SectionName ?? '');
  const [definition, setDefinition] = useState<FieldList>(initial);
  const [names, setNames] = useState<NameState>({ edited: new Set(), locked: new Set(allFieldIds(initial)) });
  const [xslt, setXslt] = useState(version?.ROITemplate ?? '');
  const [mode, setMode] = useState<Mode>('builder');
  const [jsonText, setJsonText] = useState('');
  const [jsonTab, setJsonTab] = useState<'code' | 'tree'>('code');
  const [selectedType, setSelectedType] = useState<FieldType>('text');
  const [showErrors, setShowErrors] = useState(false);
  const [nameError, setNameError] = useState<string>();
  const [saving, setSaving] = useState(false);

  const errors = useMemo(() => fieldErrors(definition), [definition]);
  const existing = sections.find((s) => s.SectionName.toLowerCase() === name.trim().toLowerCase());

  const add = (type: FieldType, parentId?: string) => setDefinition((d) => addField(d, newField(type), parentId || undefined));

  // The N key adds the chosen field type when no input has the focus.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (mode !== 'builder' || event.ctrlKey || event.metaKey || event.altKey || typingInInput()) return;
      if (event.key === 'n' || event.key === 'N') {
        event.preventDefault();
        setDefinition((d) => addField(d, newField(selectedType)));
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [mode, selectedType]);

  const builderHandlers = {
    names,
    errors,
    showErrors,
    disabled: !canSave,
    onLabel: (id: string, label: string) => setDefinition((d) => updateField(d, id, (f) => withLabel(f, label, names))),
    onName: (id: string, value: string) => {
      setNames((n) => ({ ...n, edited: new Set([...n.edited, id]) }));
      setDefinition((d) => updateField(d, id, (f) => ({ ...f, '@name': value })));
    },
    onChange: (id: string, patch: Partial<SectionField>) => setDefinition((d) => updateField(d, id, (f) => ({ ...f, ...patch }))),
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
        await dataProvider.saveSectionRoi(version, xslt);
        notify(S.xsltUpdated, { type: 'success' });
        onSaved();
      } catch (error) {
        notify(errorMessageOf((error as { body?: ErrorBody }).body, (error as Error).message), { type: 'error' });
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
    try {
      const saved = await dataProvider.saveSection({ SectionName: name.trim(), Template: serializeDefinition(current), ROITemplate: xslt.trim() ? xslt : null });
      notify(S.added(saved.SectionName, saved.Version), { type: 'success' });
      onSaved();
    } catch (error) {
      notify(errorMessageOf((error as { body?: ErrorBody }).body, (error as Error).message), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const submitLabel = mode === 'xslt' && version ? 'Save XSLT' : 'Add Section Template';
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" fullScreen={fullScreen} aria-labelledby="section-editor-title">
      <DialogTitle id="section-editor-title">{version ? `Edit ${version.SectionName} (version ${version.Version})` : 'Add Section Template'}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'flex-start' }}>
            <TextField
              label="Section Template Name"
              required
              sx={{ flex: 1 }}
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={Boolean(nameError)}
              helperText={nameError}
              disabled={mode === 'xslt' && Boolean(version)}
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
          {existing && mode !== 'xslt' && <Alert severity="info">{S.newVersionNote(existing.SectionName)}</Alert>}

          {mode === 'builder' && (
            <Grid container spacing={3}>
              <Grid size={{ xs: 12, md: 7 }}>
                <Typography variant="overline" color="text.secondary">
                  Fields — press N to add the chosen type
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
              </Tabs>
              {jsonTab === 'code' ? (
                <CodeEditor label="Template JSON" language="json" value={jsonText} onChange={setJsonText} height="420px" />
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
        <Button onClick={onClose}>Cancel</Button>
        {(canSave || (mode === 'xslt' && canXslt)) && (
          <Button variant="contained" onClick={save} disabled={saving}>
            {submitLabel}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
