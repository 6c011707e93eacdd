import type { ReactNode } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import { formatDate } from '../../../shared/format.js';
import { CURRENT_DATE_VALUE, normalizeSectionDefinition, type FieldList, type SectionField } from '../../../shared/sections.js';
import { MULTI_VALUE_SEPARATOR } from '../../../shared/sectionSchema.js';
import { useLookupItems } from '../../session/useLookups.js';

/** What the preview shows for a field without a value. */
export const NOT_ENTERED = '—';

const Empty = () => (
  <Typography component="span" color="text.disabled">
    {NOT_ENTERED}
  </Typography>
);

/** The descriptions of a lookup list's items chosen by Short (a list field's values). */
function LookupValues({ listType, shorts }: { listType: string | undefined; shorts: string[] }) {
  const items = useLookupItems(listType, { includeHidden: true });
  if (!shorts.length) return <Empty />;
  return <>{shorts.map((short) => items.find((item) => item.Short === short)?.Description ?? short).join(MULTI_VALUE_SEPARATOR)}</>;
}

function AddressValue({ field }: { field: SectionField }) {
  if (!field.line1 && !field.line2 && !field.city && !field.region && !field.postalCode) return <Empty />;
  return (
    <>
      {field.line1 && <Box component="span" sx={{ display: 'block' }}>{field.line1}</Box>}
      {field.line2 && <Box component="span" sx={{ display: 'block' }}>{field.line2}</Box>}
      <Box component="span" sx={{ display: 'block' }}>
        {field.city}
        {field.city && field.region ? ', ' : ''}
        {field.region}
        {field.postalCode ? `${field.city || field.region ? ' ' : ''}${field.postalCode}` : ''}
      </Box>
    </>
  );
}

function TextValue({ text, multiline }: { text: string | undefined; multiline?: boolean }) {
  if (!text || !text.trim()) return <Empty />;
  return (
    <Box component="span" sx={multiline ? { whiteSpace: 'pre-wrap' } : undefined}>
      {text}
    </Box>
  );
}

/** The value of one field as a reader sees it. */
function FieldValue({ field }: { field: SectionField }): ReactNode {
  const text = field['#text'];
  switch (field['@type']) {
    case 'checkbox':
      return text === 'true' ? 'Yes' : 'No';
    case 'text':
    case 'phoneNumber':
      return <TextValue text={text} />;
    case 'textarea':
      return <TextValue text={text} multiline />;
    case 'date':
      return text === CURRENT_DATE_VALUE ? 'Current' : text ? formatDate(text) || text : <Empty />;
    case 'address':
      return <AddressValue field={field} />;
    case 'list':
      return <LookupValues listType={field['@listType']} shorts={(text ?? '').split(MULTI_VALUE_SEPARATOR).filter(Boolean)} />;
    default:
      return (
        <Typography component="span" color="warning.main">
          Missing field for type {field['@type']}
        </Typography>
      );
  }
}

/** A template field's entries, each with its own fields (recursively). */
function Entries({ field }: { field: SectionField }) {
  const entries = field.entries ?? [];
  if (!entries.length) return <Empty />;
  return (
    <Stack spacing={1} sx={{ mt: 0.5 }}>
      {entries.map((entry, index) => (
        <Box key={index} sx={{ borderLeft: 2, borderColor: 'divider', pl: 1.5 }} role="group" aria-label={`${field['@label']} ${index + 1}`}>
          <Typography variant="caption" color="text.secondary">
            {field['@label']} {index + 1}
          </Typography>
          <FieldRows definition={entry} />
        </Box>
      ))}
    </Stack>
  );
}

function FieldRows({ definition }: { definition: FieldList }) {
  const fields = normalizeSectionDefinition(definition)?.fields?.field ?? [];
  return (
    <Box component="dl" sx={{ m: 0 }}>
      {fields.map((field) => (
        <Box key={field['@id'] || field['@name']} sx={{ py: 0.5 }}>
          <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
            {field['@label']}:
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {field['@type'] === 'template' ? <Entries field={field} /> : <FieldValue field={field} />}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/**
 * A section's entered values as a reader sees them — each field's label and its value, read only — built from the
 * same definition the form edits, so it follows every keystroke (the edit modal's preview, spec 001 §2).
 */
export function SectionPreview({ definition }: { definition: FieldList }) {
  if (!definition.fields?.field?.length) return <Typography color="text.secondary">This section has no fields.</Typography>;
  return <FieldRows definition={definition} />;
}
