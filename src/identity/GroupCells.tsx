import { Box, Chip, Stack, Typography, useMediaQuery } from '@mui/material';
import { Texts } from '../../shared/texts/index.js';
import { MOBILE_QUERY } from '../layout/TopBar.js';
import type { CellProps } from '../resources/columns.js';

type Tag = { Id?: number; Name: string };

/** The groups list's Name cell: the name, its description under it, and on a phone its tags (the Tags column is hidden there). */
export default function GroupName({ record }: CellProps) {
  const phone = useMediaQuery(MOBILE_QUERY);
  if (!record) return null;
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {String(record.Name ?? '')}
      </Typography>
      {typeof record.Description === 'string' && record.Description && (
        <Typography variant="caption" color="text.secondary" component="div">
          {record.Description}
        </Typography>
      )}
      {phone && Array.isArray(record.Tags) && record.Tags.length > 0 && (
        <Box sx={{ mt: 0.5 }}>
          <GroupTagChips record={record} />
        </Box>
      )}
    </Box>
  );
}

/** The groups list's Tags cell: one chip a tag. */
export function GroupTagChips({ record }: CellProps) {
  const tags = (record?.Tags ?? []) as Tag[];
  if (!tags.length) {
    return (
      <Typography variant="caption" color="text.secondary">
        {Texts.identity.screens.noTags}
      </Typography>
    );
  }
  return (
    <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
      {tags.map((t) => (
        <Chip key={t.Id ?? t.Name} size="small" label={t.Name} color="secondary" variant="outlined" />
      ))}
    </Stack>
  );
}
