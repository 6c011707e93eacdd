import { useState } from 'react';
import { Button, Checkbox, Chip, FormControlLabel, MenuItem, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Texts } from '../../shared/texts/index.js';
import type { SectionTemplate } from '../../dataProvider/configuration.js';

const T = Texts.configuration.itemTypeScreen;

/**
 * Choose a section template (enabled, latest version per name, not yet added) and whether it is required, then
 * Add Section. Clicking Add without a choice shows the spec's "Adding a section requires choosing one".
 */
export function SectionPicker({
  options,
  onAdd,
  busy,
  loading,
}: {
  options: readonly SectionTemplate[];
  /** Answers true when the section was added (the picker then clears). */
  onAdd: (section: SectionTemplate, required: boolean) => Promise<boolean> | boolean;
  busy?: boolean;
  loading?: boolean;
}) {
  const [chosen, setChosen] = useState<number | ''>('');
  const [required, setRequired] = useState(false);
  const [error, setError] = useState<string>();
  const selected = options.find((s) => s.Id === chosen);

  const add = async () => {
    if (!selected) {
      setError(T.sectionRequired);
      return;
    }
    setError(undefined);
    if (await onAdd(selected, required)) {
      setChosen('');
      setRequired(false);
    }
  };

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} alignItems={{ xs: 'stretch', sm: 'flex-start' }}>
      <TextField
        select
        size="small"
        label="Section Template"
        value={selected ? chosen : ''}
        onChange={(e) => {
          setChosen(e.target.value === '' ? '' : Number(e.target.value));
          setError(undefined);
        }}
        error={Boolean(error)}
        helperText={error ?? (!loading && options.length === 0 ? T.noSectionsAvailable : undefined)}
        sx={{ flex: 1, minWidth: 220 }}
      >
        <MenuItem value="">
          <em>Select…</em>
        </MenuItem>
        {options.map((s) => (
          <MenuItem key={s.Id} value={s.Id}>
            {s.SectionName} (v{s.Version})
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={<Checkbox size="small" checked={required} onChange={(e) => setRequired(e.target.checked)} />}
        label="Required"
        sx={{ mr: 0, height: { sm: 48 } }}
      />
      <Button variant="outlined" startIcon={<AddIcon />} onClick={add} disabled={busy} sx={{ height: { sm: 48 }, whiteSpace: 'nowrap' }}>
        Add Section
      </Button>
    </Stack>
  );
}

/** A section's name and version, as the section tables show it. */
export function SectionNameCell({ name, version }: { name: string; version?: number }) {
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {name}
      </Typography>
      {version !== undefined && <Chip size="small" variant="outlined" label={`v${version}`} />}
    </Stack>
  );
}

/** The Required box of a section row, named after the section for screen readers. */
export function RequiredBox({ name, checked, disabled, onChange }: { name: string; checked: boolean; disabled?: boolean; onChange(checked: boolean): void }) {
  return <Checkbox size="small" checked={checked} disabled={disabled} slotProps={{ input: { 'aria-label': `Required ${name}` } }} onChange={(e) => onChange(e.target.checked)} />;
}
