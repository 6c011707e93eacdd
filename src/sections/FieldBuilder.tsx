import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Chip, Grid, IconButton, MenuItem, Stack, TextField, Tooltip, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import AddIcon from '@mui/icons-material/Add';
import type { FieldList, FieldType, SectionField } from '../../shared/sections.js';
import { FIELD_TYPES } from '../../shared/sections.js';
import { CheckboxInput, DateInput } from '../forms/inputs.js';
import { useLookupLists } from '../session/useLookups.js';
import { FIELD_TYPE_LABELS, LIMITS, NESTED_FIELD_TYPES, mergeMessages, type FieldErrors, type NameState } from './builderModel.js';

interface FieldCardProps {
  field: SectionField;
  names: NameState;
  errors: FieldErrors;
  /** What the server refused, by field id (shown whether or not the builder's own checks are shown). */
  serverErrors: FieldErrors;
  showErrors: boolean;
  disabled?: boolean;
  onLabel: (id: string, label: string) => void;
  onName: (id: string, name: string) => void;
  onChange: (id: string, patch: Partial<SectionField>) => void;
  onRemove: (id: string) => void;
  onAdd: (type: FieldType, parentId: string) => void;
}

function TypeSettings({ field, onChange, disabled, listError }: { field: SectionField; onChange: (patch: Partial<SectionField>) => void; disabled?: boolean; listError?: string }) {
  const lists = useLookupLists();
  switch (field['@type']) {
    case 'date':
      return (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <DateInput label="Disable dates before" value={field['@disableDatesBefore']} disabled={disabled || field['@disableDatesBeforeToday']} onChange={(v) => onChange({ '@disableDatesBefore': v ?? undefined })} />
            <CheckboxInput label="Disable dates before today" checked={field['@disableDatesBeforeToday'] === true} disabled={disabled} onChange={(v) => onChange({ '@disableDatesBeforeToday': v })} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <DateInput label="Disable dates after" value={field['@disableDatesAfter']} disabled={disabled || field['@disableDatesAfterToday']} onChange={(v) => onChange({ '@disableDatesAfter': v ?? undefined })} />
            <CheckboxInput label="Disable dates after today" checked={field['@disableDatesAfterToday'] === true} disabled={disabled} onChange={(v) => onChange({ '@disableDatesAfterToday': v })} />
          </Grid>
          <Grid size={12}>
            <CheckboxInput label="Allow Current" checked={field['@allowCurrent'] === true} disabled={disabled} onChange={(v) => onChange({ '@allowCurrent': v })} />
          </Grid>
        </Grid>
      );
    case 'list':
      return (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
          <TextField select label="List" required fullWidth={false} sx={{ minWidth: 240 }} disabled={disabled} value={field['@listType'] ?? ''} error={Boolean(listError)} helperText={listError} onChange={(e) => onChange({ '@listType': e.target.value })}>
            {lists.map((list) => (
              <MenuItem key={list.TableName} value={list.TableName}>
                {list.FormattedTableName}
              </MenuItem>
            ))}
          </TextField>
          <CheckboxInput label="Allow Multiple Selections" checked={field['@allowMultiple'] === true} disabled={disabled} onChange={(v) => onChange({ '@allowMultiple': v })} />
        </Stack>
      );
    case 'checkbox':
      return <CheckboxInput label="Default to checked?" checked={field['#text'] === 'true'} disabled={disabled} onChange={(v) => onChange({ '#text': v ? 'true' : 'false' })} />;
    case 'textarea':
      return <CheckboxInput label="Allow Stock Phrases" checked={field['@allowStockPhrases'] === true} disabled={disabled} onChange={(v) => onChange({ '@allowStockPhrases': v })} />;
    default:
      return null;
  }
}

/** One field of the builder: name and type, settings, delete; a template field holds its own nested builder. */
function FieldCard(props: FieldCardProps) {
  const { field, names, errors, showErrors, disabled } = props;
  const id = field['@id'];
  const own = mergeMessages(showErrors ? errors[id] : undefined, props.serverErrors[id]);
  const locked = names.locked.has(id);
  return (
    <Card variant="outlined" sx={{ borderLeft: 4, borderLeftColor: own ? 'error.main' : 'secondary.main' }} data-testid="field-card">
      <CardContent>
        <Stack direction="row" alignItems="center" spacing={1} sx={{ mb: 2 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600, flex: 1, wordBreak: 'break-word' }}>
            {field['@name'] || 'New field'}
          </Typography>
          <Chip size="small" label={FIELD_TYPE_LABELS[field['@type'] as FieldType] ?? field['@type']} />
          {!disabled && (
            <Tooltip title="Delete field">
              <IconButton size="small" aria-label={`Delete field ${field['@name'] || field['@label'] || ''}`.trim()} onClick={() => props.onRemove(id)}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              label="Label"
              required
              fullWidth
              disabled={disabled}
              value={field['@label']}
              onChange={(e) => props.onLabel(id, e.target.value)}
              error={Boolean(own?.label)}
              helperText={own?.label}
              slotProps={{ htmlInput: { maxLength: LIMITS.label } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              label="Name"
              required
              fullWidth
              disabled={disabled}
              value={field['@name']}
              onChange={(e) => props.onName(id, e.target.value.replace(/[^a-zA-Z0-9_]/g, ''))}
              error={Boolean(own?.name)}
              helperText={own?.name ?? (locked ? 'Saved fields keep their name.' : undefined)}
              slotProps={{ htmlInput: { readOnly: locked, maxLength: LIMITS.name } }}
            />
          </Grid>
          <Grid size={12}>
            <TextField
              label="Instructions"
              fullWidth
              multiline
              disabled={disabled}
              value={field['@instructions'] ?? ''}
              onChange={(e) => props.onChange(id, { '@instructions': e.target.value })}
              slotProps={{ htmlInput: { maxLength: LIMITS.instructions } }}
            />
          </Grid>
          <Grid size={12}>
            <Stack direction="row" spacing={2} flexWrap="wrap">
              <CheckboxInput label="Required" checked={field['@required'] === true} disabled={disabled} onChange={(v) => props.onChange(id, { '@required': v })} />
              <CheckboxInput label="Show in Report" checked={field['@showInReport'] !== false} disabled={disabled} onChange={(v) => props.onChange(id, { '@showInReport': v })} />
            </Stack>
          </Grid>
          <Grid size={12}>
            <TypeSettings field={field} disabled={disabled} listError={own?.list} onChange={(patch) => props.onChange(id, patch)} />
          </Grid>
        </Grid>
        {own?.other?.map((message) => (
          <Alert key={message} severity="error" sx={{ mt: 2 }}>
            {message}
          </Alert>
        ))}
        {field['@type'] === 'template' && (
          <Box sx={{ mt: 2, pl: { xs: 1, sm: 2 }, borderLeft: 2, borderColor: 'divider' }}>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              Template Fields
            </Typography>
            <FieldBuilder {...props} list={field.Template ?? { fields: { field: [] } }} parentId={id} />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

export interface FieldBuilderProps extends Omit<FieldCardProps, 'field'> {
  list: FieldList;
  /** Set for the fields inside a template field. */
  parentId?: string;
  /** The type chooser of the top level is controlled, so the N key can add the chosen type. */
  selectedType?: FieldType;
  onSelectedType?: (type: FieldType) => void;
}

/** The field builder: field cards and "choose a field type, Add Field" (no template inside a template). */
export function FieldBuilder(props: FieldBuilderProps) {
  const { list, parentId, disabled } = props;
  const types = parentId ? NESTED_FIELD_TYPES : FIELD_TYPES;
  const [localType, setLocalType] = useState<FieldType>('text');
  const type = parentId ? localType : (props.selectedType ?? 'text');
  const setType = parentId ? setLocalType : (props.onSelectedType ?? setLocalType);
  return (
    <Stack spacing={2}>
      {list.fields.field.map((field) => (
        <FieldCard key={field['@id']} {...props} field={field} />
      ))}
      {!disabled && (
        <Stack direction="row" spacing={1} alignItems="center">
          <TextField
            select
            size="small"
            fullWidth={false}
            label={parentId ? 'Template field type' : 'Field type'}
            value={type}
            onChange={(e) => setType(e.target.value as FieldType)}
            sx={{ minWidth: 200 }}
          >
            {types.map((t) => (
              <MenuItem key={t} value={t}>
                {FIELD_TYPE_LABELS[t]}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="outlined" startIcon={<AddIcon />} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }} onClick={() => props.onAdd(type, parentId ?? '')}>
            {parentId ? 'Add Template Field' : 'Add Field'}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
