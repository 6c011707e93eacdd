import { Box } from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { ItemTexts } from '../../shared/texts/items.js';
import { itemNumber } from '../../resources/caseItems.js';
import type { CellProps } from '../resources/columns.js';

/** The items table's Item No cell: the number padded to three digits, with a paperclip when the item has attachments. */
export default function ItemNumberCell({ record }: CellProps) {
  if (!record) return null;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontVariantNumeric: 'tabular-nums', fontWeight: 500 }}>
      {itemNumber(record)}
      {record.HasAttachments === true && <AttachFileIcon titleAccess={ItemTexts.table.hasAttachments} sx={{ fontSize: 16, color: 'text.secondary', transform: 'rotate(45deg)' }} />}
    </Box>
  );
}
