import { useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Tooltip,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Confirm, useCanAccess, useDataProvider, useNotify } from 'react-admin';
import { Limits } from '../../../shared/constants.js';
import { emptyRequiredFields } from '../../../shared/sectionSchema.js';
import { sameSection, type TemplateSectionRef } from '../../../shared/sectionCompleteness.js';
import { Texts } from '../../../shared/texts/index.js';
import { failureOf, uniqueMessages } from '../../../dataProvider/httpClient.js';
import { ErrorBoundary } from '../../layout/ErrorBoundary.js';
import { MOBILE_QUERY } from '../../layout/TopBar.js';
import { endedBySignOut, failureMessage } from '../../resources/writeFailure.js';
import type { ItemDetail, ItemDetailSection } from '../../../schemas/types.js';
import { sectionRef } from '../itemDetail.js';
import { ITEM_SECTIONS, SectionEditor, sectionDefinition } from './SectionEditor.js';

const T = Texts.items.sectionEditor;

export interface ItemSectionsProps {
  /** The item as `GET /api/cases/{caseId}/items/{itemId}` answers it. */
  item: ItemDetail;
  /** The page shows the item read only: no add or remove, and the modal opens with its saves disabled. */
  readOnly: boolean;
  /** After a section was added, saved or removed: the page reloads the item. */
  onChanged: () => void;
}

const itemNumberOf = (item: Pick<ItemDetail, 'DisplayId'>) => String(item.DisplayId).padStart(Limits.ITEM_NUMBER_DIGITS, '0');

/** The sections of the item template that may be added: enabled, and not on the item in any version. */
export const addableSections = (item: Pick<ItemDetail, 'AvailableSections' | 'Sections'>): TemplateSectionRef[] =>
  item.AvailableSections.filter((template) => template.Enabled && !item.Sections.some((section) => sameSection(template, sectionRef(section))));

interface SectionRowProps {
  section: ItemDetailSection;
  viewOnly: boolean;
  removable: boolean;
  busy: boolean;
  onEdit: () => void;
  onRemove: () => void;
}

/** One section of the item: its name, red with 'Required fields are empty!' while unfinished; Edit (or View) and Remove. */
function SectionRow({ section, viewOnly, removable, busy, onEdit, onRemove }: SectionRowProps) {
  const name = section.Section.SectionName;
  const unfinished = emptyRequiredFields(sectionDefinition(section)).length > 0;
  return (
    <Paper
      variant="outlined"
      data-unfinished={unfinished || undefined}
      sx={(theme) => ({
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 2,
        py: 1.25,
        borderLeftWidth: 4,
        borderLeftColor: unfinished ? 'error.main' : 'primary.main',
        ...(unfinished && { borderColor: 'error.main', bgcolor: alpha(theme.palette.error.main, 0.06) }),
      })}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} color={unfinished ? 'error' : undefined}>
          {name}
        </Typography>
        {unfinished && (
          <Typography variant="body2" color="error">
            {Texts.items.requiredFieldsEmpty}
          </Typography>
        )}
      </Box>
      <Button size="small" startIcon={viewOnly ? <VisibilityIcon /> : <EditIcon />} aria-label={`${viewOnly ? 'View' : 'Edit'} ${name}`} onClick={onEdit}>
        {viewOnly ? 'View' : 'Edit'}
      </Button>
      {removable && (
        <Tooltip title="Remove">
          <span>
            <IconButton size="small" color="error" aria-label={`Remove ${name}`} disabled={busy} onClick={onRemove}>
              <DeleteOutlineIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      )}
    </Paper>
  );
}

/**
 * The Sections panel of the item page (spec 001 §2 "Item page"): each section of the item in its order, red with
 * 'Required fields are empty!' while a required field has no value; Edit opens the section's modal (read only when
 * the item is); Add Section offers the item template's enabled sections the item lacks; Remove asks first, since the
 * section's data goes with it. Changes go through the `item-sections` resource of the data provider.
 */
export function ItemSections({ item, readOnly, onChanged }: ItemSectionsProps) {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const { canAccess: canAdd = false } = useCanAccess({ resource: ITEM_SECTIONS, action: 'create' });
  const { canAccess: canEdit = false } = useCanAccess({ resource: ITEM_SECTIONS, action: 'edit' });
  const { canAccess: canRemove = false } = useCanAccess({ resource: ITEM_SECTIONS, action: 'delete' });
  const locked = readOnly || Boolean(item.LockedReason);
  const [editing, setEditing] = useState<number | null>(null);
  const [removing, setRemoving] = useState<ItemDetailSection | null>(null);
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState(false);
  const sections = useMemo(() => [...item.Sections].sort((a, b) => a.DisplayOrder - b.DisplayOrder || a.Id - b.Id), [item.Sections]);
  const editedSection = sections.find((s) => s.Id === editing);
  const nothingToAdd = addableSections(item).length === 0;
  const toast = (message: string, type: 'success' | 'error') => notify(message, { type });

  const remove = async (section: ItemDetailSection) => {
    setBusy(true);
    try {
      const { data } = await dataProvider.delete(ITEM_SECTIONS, {
        id: section.Id,
        previousData: { id: section.Id, Id: section.Id, Item_Id: item.Id, Case_Id: item.Case_Id },
      });
      if (endedBySignOut(data)) return;
      toast(T.removed(section.Section.SectionName, itemNumberOf(item)), 'success');
      onChanged();
    } catch (error) {
      const message = failureMessage(error);
      if (message) toast(message, 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={1.5}>
      {sections.length === 0 ? (
        <Typography color="text.secondary">{T.empty}</Typography>
      ) : (
        <Stack component="ul" spacing={1} aria-label="Sections of the item" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {sections.map((section) => (
            <Box component="li" key={section.Id} aria-label={section.Section.SectionName}>
              {/* One section that cannot be shown (an unreadable stored definition) leaves the others usable. */}
              <ErrorBoundary message={T.displayFailed} resetKey={section.Definition} inline>
                <SectionRow
                  section={section}
                  viewOnly={locked || !canEdit}
                  removable={!locked && canRemove}
                  busy={busy}
                  onEdit={() => setEditing(section.Id)}
                  onRemove={() => setRemoving(section)}
                />
              </ErrorBoundary>
            </Box>
          ))}
        </Stack>
      )}
      {!locked && canAdd && (
        <Box>
          {/* Nothing left to add: the button stays in its place, and says why it is disabled. */}
          <Tooltip title={nothingToAdd ? T.noneToAdd : ''}>
            <span>
              <Button variant="outlined" startIcon={<AddIcon />} disabled={busy || nothingToAdd} onClick={() => setAdding(true)}>
                Add Section
              </Button>
            </span>
          </Tooltip>
        </Box>
      )}
      {adding && (
        <AddSectionDialog
          item={item}
          onClose={() => setAdding(false)}
          onAdded={() => {
            setAdding(false);
            onChanged();
          }}
        />
      )}
      {editedSection && (
        <ErrorBoundary message={T.displayFailed} resetKey={editedSection.Id}>
          <SectionEditor
            key={editedSection.Id}
            item={item}
            section={editedSection}
            readOnly={locked || !canEdit}
            onClose={() => setEditing(null)}
            onSaved={onChanged}
          />
        </ErrorBoundary>
      )}
      <Confirm
        isOpen={Boolean(removing)}
        title={Texts.global.confirmTitle}
        content={T.removeBody}
        confirm="Remove"
        cancel="Cancel"
        confirmColor="warning"
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          const section = removing;
          setRemoving(null);
          if (section) void remove(section);
        }}
      />
    </Stack>
  );
}

/** Add Section: one of the item template's enabled sections the item lacks (spec 001 §5 "Add section: section required"). */
function AddSectionDialog({ item, onClose, onAdded }: { item: ItemDetail; onClose: () => void; onAdded: () => void }) {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const phone = useMediaQuery(MOBILE_QUERY);
  const options = addableSections(item);
  const [chosen, setChosen] = useState<number | ''>('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const add = async () => {
    if (chosen === '') {
      setError(T.sectionRequired);
      return;
    }
    const section = options.find((s) => s.Id === chosen);
    setBusy(true);
    try {
      const { data } = await dataProvider.create(ITEM_SECTIONS, { data: { Item_Id: item.Id, Case_Id: item.Case_Id, Section_Id: chosen } });
      if (endedBySignOut(data)) return;
      notify(T.added(section?.SectionName ?? '', itemNumberOf(item)), { type: 'success' });
      onAdded();
    } catch (failed) {
      // A refusal of the chosen section shows under the field; any other refusal as a toast. The dialog stays open.
      const { modelState } = failureOf(failed);
      const own = modelState?.Section_Id;
      if (own?.length) setError(uniqueMessages({ Section_Id: own }).join(' '));
      const rest = modelState ? uniqueMessages(Object.fromEntries(Object.entries(modelState).filter(([field]) => field !== 'Section_Id'))) : [];
      const message = modelState ? rest.join(' ') || null : failureMessage(failed);
      if (message) notify(message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" fullScreen={phone} aria-labelledby="add-section-title">
      <DialogTitle id="add-section-title">Add Section</DialogTitle>
      <DialogContent>
        {options.length === 0 ? (
          <Alert severity="info">{T.noneToAdd}</Alert>
        ) : (
          <TextField
            select
            fullWidth
            required
            autoFocus
            label="Section"
            margin="dense"
            value={chosen}
            error={Boolean(error)}
            helperText={error ?? ' '}
            onChange={(event) => {
              setChosen(Number(event.target.value));
              setError(null);
            }}
          >
            {options.map((option) => (
              <MenuItem key={option.Id} value={option.Id}>
                {option.SectionName}
                {option.Required ? ' (required)' : ''}
              </MenuItem>
            ))}
          </TextField>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        {options.length > 0 && (
          <Button variant="contained" disabled={busy} onClick={() => void add()}>
            Add Section
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
