import { useEffect, useState, type ReactNode } from 'react';
import { Box, Button, IconButton, Paper, Stack, TablePagination, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { PageSizes } from '../../shared/constants.js';
import type { ModelState } from './userModel.js';

/** A titled block of the user form. */
export function FormSection({ title, note, action, error, children }: { title: string; note?: ReactNode; action?: ReactNode; error?: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 1.5, sm: 2 }, borderRadius: 2 }}>
      <Stack direction="row" alignItems="center" spacing={1} sx={{ mb: 1.5, minHeight: 32 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
            {title}
          </Typography>
          {note && (
            <Typography variant="caption" color="text.secondary" component="div">
              {note}
            </Typography>
          )}
        </Box>
        {action}
      </Stack>
      {error && (
        <Typography role="alert" color="error" variant="body2" sx={{ mb: 1 }}>
          {error}
        </Typography>
      )}
      {children}
    </Paper>
  );
}

/** First row index that has an error under `field[i]`. */
function firstErrorRow(errors: ModelState, field: string): number {
  const rows = Object.keys(errors)
    .map((key) => new RegExp(`^${field}\\[(\\d+)\\]`).exec(key))
    .filter((m): m is RegExpExecArray => Boolean(m))
    .map((m) => Number(m[1]));
  return rows.length ? Math.min(...rows) : -1;
}

/**
 * The rows of a sub-list (emails, phones, credentials, clearances) edited in place: 5 per page, add and remove,
 * the spec's empty text. A page with a row in error comes into view when errors arrive.
 */
export function EntryList<E>({
  title,
  field,
  entries,
  onChange,
  newEntry,
  renderEntry,
  empty,
  addLabel,
  note,
  error,
  errors,
  disabled,
  itemLabel,
}: {
  title: string;
  field: string;
  entries: E[];
  onChange: (entries: E[]) => void;
  newEntry: () => E;
  renderEntry: (entry: E, index: number, update: (patch: Partial<E>) => void) => ReactNode;
  empty: string;
  addLabel: string;
  note?: ReactNode;
  error?: string;
  errors: ModelState;
  disabled?: boolean;
  itemLabel: string;
}) {
  const pageSize = PageSizes.SUB_TABLE;
  const [page, setPage] = useState(0);
  const lastPage = Math.max(0, Math.ceil(entries.length / pageSize) - 1);
  const current = Math.min(page, lastPage);
  const errorRow = firstErrorRow(errors, field);
  useEffect(() => {
    if (errorRow >= 0) setPage(Math.floor(errorRow / pageSize));
  }, [errorRow, pageSize, errors]);
  const update = (index: number) => (patch: Partial<E>) => onChange(entries.map((e, i) => (i === index ? { ...e, ...patch } : e)));
  const visible = entries.slice(current * pageSize, (current + 1) * pageSize);
  return (
    <FormSection
      title={title}
      note={note}
      error={error}
      action={
        !disabled && (
          <Button
            size="small"
            startIcon={<AddIcon />}
            onClick={() => {
              onChange([...entries, newEntry()]);
              setPage(Math.floor(entries.length / pageSize));
            }}
          >
            {addLabel}
          </Button>
        )
      }
    >
      {entries.length === 0 ? (
        <Typography color="text.secondary" variant="body2" sx={{ py: 1 }}>
          {empty}
        </Typography>
      ) : (
        <Stack spacing={1.5} role="list" aria-label={title}>
          {visible.map((entry, offset) => {
            const index = current * pageSize + offset;
            return (
              <Stack key={index} role="listitem" aria-label={`${itemLabel} ${index + 1}`} direction="row" spacing={1} alignItems="flex-start">
                <Box sx={{ flex: 1, minWidth: 0 }}>{renderEntry(entry, index, update(index))}</Box>
                {!disabled && (
                  <Tooltip title="Remove">
                    <IconButton aria-label={`Remove ${itemLabel} ${index + 1}`} onClick={() => onChange(entries.filter((_e, i) => i !== index))} sx={{ mt: 1 }}>
                      <DeleteOutlineIcon />
                    </IconButton>
                  </Tooltip>
                )}
              </Stack>
            );
          })}
        </Stack>
      )}
      {entries.length > pageSize && (
        <TablePagination component="div" count={entries.length} page={current} rowsPerPage={pageSize} rowsPerPageOptions={[]} onPageChange={(_e, next) => setPage(next)} />
      )}
    </FormSection>
  );
}
