import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, AlertTitle, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Grid, Paper, Tab, Tabs, Typography, useMediaQuery } from '@mui/material';
import { useDataProvider, useNotify } from 'react-admin';
import { Timing } from '../../../shared/constants.js';
import { isoDay } from '../../../shared/format.js';
import { lookupListsOf, sectionValues, type LookupValues } from '../../../shared/sectionValues.js';
import { definitionOf } from '../../../shared/sectionCompleteness.js';
import { applyFormData, definitionToFormData, emptyRequiredFields } from '../../../shared/sectionSchema.js';
import { normalizeSectionDefinition, type FieldList } from '../../../shared/sections.js';
import { ItemTexts } from '../../../shared/texts/items.js';
import { failureOf, uniqueMessages } from '../../../dataProvider/httpClient.js';
import { SectionForm } from '../../forms/SectionForm.js';
import { MOBILE_QUERY } from '../../layout/TopBar.js';
import { endedBySignOut, failureMessage } from '../../resources/writeFailure.js';
import type { ItemDetail, ItemDetailSection } from '../../../schemas/types.js';
import { SectionPreview } from './SectionPreview.js';
import { useStockPhraseSource } from './useStockPhraseSource.js';
import { useLookupLists } from '../../session/useLookups.js';
import { ErrorBoundary } from '../../layout/ErrorBoundary.js';

const T = ItemTexts.sectionEditor;
export const ITEM_SECTIONS = 'item-sections';

const NO_FIELDS: FieldList = { fields: { field: [] } };

/** A definition's values in one comparable text: the form's reading of it, keys in order. */
function valuesKey(definition: FieldList): string {
  const canonical = applyFormData(definition, definitionToFormData(definition));
  return JSON.stringify(canonical, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b))) : value,
  );
}

/** A section's stored definition (JSON text) as a field list; an unreadable one has no fields. */
export const sectionDefinition = (section: Pick<ItemDetailSection, 'Definition'>): FieldList =>
  normalizeSectionDefinition(definitionOf(section.Definition) ?? NO_FIELDS);

/** One of the modal's two columns on a laptop (of 12 in all), under its small heading. */
function EditorColumn({ title, width, children }: { title: string; width: number; children: ReactNode }) {
  return (
    <Grid size={{ xs: 12, md: width }}>
      <Typography variant="overline" color="text.secondary" component="h3">
        {title}
      </Typography>
      {children}
    </Grid>
  );
}

export interface SectionEditorProps {
  item: Pick<ItemDetail, 'Id' | 'Case_Id' | 'LockedReason'>;
  section: ItemDetailSection;
  /** Opened to be read: the form is disabled and both save buttons too. */
  readOnly: boolean;
  onClose: () => void;
  /** After each save that went through (the page reloads the item). */
  onSaved: () => void;
}

type Then = 'stay' | 'close';

/**
 * The edit modal of one section of an item (spec 001 §2 "Item page", §4 "Section editing"): the section's form
 * beside a live preview of its values (on a phone, tabs). 'Save and Update' saves and stays, 'Save and Close' saves
 * and closes, and a change is saved on its own 30 seconds after the last one. Leaving with unsaved changes asks
 * twice: the close button first turns into the warning, Escape first warns in a toast; the second time discards.
 */
export function SectionEditor({ item, section, readOnly, onClose, onSaved }: SectionEditorProps) {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const phone = useMediaQuery(MOBILE_QUERY);
  const stockPhrases = useStockPhraseSource();
  const name = section.Section.SectionName;
  // The modal edits its own copy: a reload of the item after a save does not reset what is being typed.
  const [draft, setDraft] = useState<FieldList>(() => sectionDefinition(section));
  const [savedKey, setSavedKey] = useState(() => valuesKey(sectionDefinition(section)));
  const [saving, setSaving] = useState(false);
  const [closeWarned, setCloseWarned] = useState(false);
  const [escapeWarned, setEscapeWarned] = useState(false);
  const [tab, setTab] = useState<'form' | 'preview'>('form');
  const draftKey = useMemo(() => valuesKey(draft), [draft]);
  const changed = !readOnly && draftKey !== savedKey;
  const missing = useMemo(() => emptyRequiredFields(draft), [draft]);
  const toast = (message: string, type: 'success' | 'error' | 'warning' | 'info') => notify(message, { type });
  // The values are checked by the server's own rules (shared/sectionValues.ts) before they are sent: the same
  // sentences, and no call for a value the server would refuse.
  const lists = useLookupLists();
  // Only when every list the section uses is at hand; otherwise the server alone judges the values.
  const lookups: LookupValues | null = useMemo(() => {
    const used = lookupListsOf(section.Definition);
    const known = new Map(lists.map((l) => [l.TableName, new Set(l.Types.filter((t) => !t.Hidden).map((t) => t.Short))]));
    return used.every((name) => known.has(name)) ? known : null;
  }, [lists, section.Definition]);

  const save = async (then: Then) => {
    if (readOnly || saving) return;
    const sent = draft;
    const errors = lookups ? sectionValues(section.Definition, JSON.stringify(sent), { lookups, today: isoDay(new Date()) }).errors : [];
    if (errors.length) {
      toast([...new Set(errors)].join(' '), 'error');
      return;
    }
    setSaving(true);
    try {
      const { data } = await dataProvider.update(ITEM_SECTIONS, {
        id: section.Id,
        data: { Item_Id: item.Id, Case_Id: item.Case_Id, Definition: JSON.stringify(sent) },
        previousData: { id: section.Id, Id: section.Id, Item_Id: item.Id, Case_Id: item.Case_Id, Section_Id: section.Section_Id, Definition: section.Definition },
      });
      if (endedBySignOut(data)) return;
      setSavedKey(valuesKey(sent));
      setCloseWarned(false);
      setEscapeWarned(false);
      toast(T.updated(name), 'success');
      onSaved();
      if (then === 'close') onClose();
    } catch (error) {
      // Spec 001 §8 "section update: the joined Definition errors"; the modal stays open.
      const definitionErrors = failureOf(error).modelState?.Definition;
      const message = definitionErrors?.length ? uniqueMessages({ Definition: definitionErrors }).join(' ') : failureMessage(error);
      if (message) toast(message, 'error');
    } finally {
      setSaving(false);
    }
  };

  // Auto-save: 30 s after the last change, when there is something to save (the timer restarts with each change).
  const saveLater = useRef(save);
  useEffect(() => {
    saveLater.current = save;
  });
  useEffect(() => {
    if (!changed || saving) return;
    const timer = setTimeout(() => void saveLater.current('stay'), Timing.SECTION_AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [draftKey, changed, saving]);

  const discard = () => {
    toast(T.discarded, 'info');
    onClose();
  };
  const closeClicked = () => {
    if (!changed) onClose();
    else if (closeWarned) discard();
    else setCloseWarned(true);
  };
  const escapePressed = () => {
    if (!changed) onClose();
    else if (escapeWarned) discard();
    else {
      setEscapeWarned(true);
      toast(T.unsavedEscape, 'warning');
    }
  };

  const form = (
    <SectionForm
      id={`item-section-${section.Id}`}
      sectionName={name}
      definition={draft}
      disabled={readOnly}
      stockPhrases={readOnly ? undefined : stockPhrases}
      onChange={(next) => {
        setDraft(next);
        setCloseWarned(false);
        setEscapeWarned(false);
      }}
    />
  );
  const preview = (
    <Paper variant="outlined" sx={{ p: 2, position: { md: 'sticky' }, top: 0 }} aria-label="Preview" role="region">
      {missing.length > 0 && (
        <Alert severity="error" role="status" sx={{ mb: 1.5 }}>
          <AlertTitle>{ItemTexts.requiredFieldsEmpty}</AlertTitle>
          {missing.join(', ')}
        </Alert>
      )}
      <SectionPreview definition={draft} />
    </Paper>
  );

  return (
    <Dialog
      open
      fullWidth
      maxWidth="lg"
      fullScreen={phone}
      aria-labelledby="item-section-editor-title"
      onClose={(_event, reason) => {
        if (reason === 'escapeKeyDown') escapePressed();
        else if (!changed) onClose();
      }}
    >
      <DialogTitle id="item-section-editor-title">{name}</DialogTitle>
      <DialogContent dividers>
        {item.LockedReason && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {item.LockedReason}
          </Alert>
        )}
        {/* A field the form or the preview cannot show says so in the modal; Close still closes it. */}
        <ErrorBoundary message={T.displayFailed} resetKey={section.Id} inline>
          {phone ? (
            <>
              <Tabs value={tab} onChange={(_event, value: 'form' | 'preview') => setTab(value)} variant="fullWidth" sx={{ mb: 2 }}>
                <Tab value="form" label="Form" />
                <Tab value="preview" label="Preview" />
              </Tabs>
              {/* The form stays mounted behind the preview tab, so nothing typed is lost. */}
              <Box sx={{ display: tab === 'form' ? 'block' : 'none' }}>{form}</Box>
              {tab === 'preview' && preview}
            </>
          ) : (
            <Grid container spacing={3}>
              <EditorColumn title="Form" width={7}>
                {form}
              </EditorColumn>
              <EditorColumn title="Preview" width={5}>
                {preview}
              </EditorColumn>
            </Grid>
          )}
        </ErrorBoundary>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={closeClicked} color={closeWarned ? 'warning' : 'inherit'} variant={closeWarned ? 'outlined' : 'text'}>
          {closeWarned ? T.unsavedClose : 'Close'}
        </Button>
        <Box sx={{ flex: 1 }} />
        <Button variant="outlined" disabled={readOnly || saving} onClick={() => void save('stay')}>
          Save and Update
        </Button>
        <Button variant="contained" disabled={readOnly || saving} onClick={() => void save('close')}>
          Save and Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
