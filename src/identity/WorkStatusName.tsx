import { Box, Tooltip } from '@mui/material';
import type { UserRow } from '../../dataProvider/identity.js';
import type { CellProps } from '../resources/columns.js';

/** Work status colours by the status's Short. */
export const WORK_STATUS_COLORS: Record<string, string> = {
  AVAILABLE: '#2e7d32',
  BUSY: '#ed8c00',
  UNAVAILABLE: '#c62828',
  LEAVE: '#9e9e9e',
};

/** The users list's First Name cell: the work-status dot, then the name. */
export default function WorkStatusName({ record }: CellProps) {
  const user = record as Partial<UserRow> | undefined;
  const status = user?.WorkStatus;
  const label = status ? (status.Description ?? status.Short) : '';
  return (
    <Box component="span" sx={{ display: 'flex', alignItems: 'center' }}>
      {status && (
        <Tooltip title={label}>
          <Box
            component="span"
            role="img"
            aria-label={`Work status: ${label}`}
            sx={{ display: 'inline-block', width: 10, height: 10, borderRadius: '50%', flexShrink: 0, bgcolor: WORK_STATUS_COLORS[status.Short] ?? 'grey.400', mr: 1 }}
          />
        </Tooltip>
      )}
      {user?.FirstName}
    </Box>
  );
}
