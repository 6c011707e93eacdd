import { useMemo, useState, type ReactNode } from 'react';
import {
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  Typography,
  type SxProps,
} from '@mui/material';

export interface Column<T> {
  key: string;
  label: ReactNode;
  render: (row: T) => ReactNode;
  /** Sort by this value; omitted = not sortable. */
  sortValue?: (row: T) => string | number | null | undefined;
  align?: 'left' | 'right' | 'center';
  width?: number | string;
}

export interface DataTableProps<T> {
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => string | number;
  /** Rows per page; the pager shows only when there are more rows. */
  pageSize?: number;
  empty: string;
  defaultSort?: { key: string; order: 'asc' | 'desc' };
  label: string;
  rowSx?: (row: T) => SxProps | undefined;
  onRowClick?: (row: T) => void;
  /** Content under a row (expanded editors). */
  renderDetail?: (row: T) => ReactNode | null;
  size?: 'small' | 'medium';
}

/** The frame around a DataTable inside a form or an expanded row: outlined, rounded, narrower cells on a phone. */
export const FRAMED_TABLE_SX = {
  border: 1,
  borderColor: 'divider',
  borderRadius: 1,
  overflow: 'hidden',
  '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } },
} as const;

/**
 * A table for lists the browser holds whole: sortable columns, the spec's empty text, and paging that appears
 * only when the rows exceed the page size (no page-size selector).
 */
export function DataTable<T>({ rows, columns, rowKey, pageSize, empty, defaultSort, label, rowSx, onRowClick, renderDetail, size = 'small' }: DataTableProps<T>) {
  const [sort, setSort] = useState(defaultSort);
  const [page, setPage] = useState(0);
  const sorted = useMemo(() => {
    const column = columns.find((c) => c.key === sort?.key);
    if (!column?.sortValue || !sort) return rows;
    const direction = sort.order === 'asc' ? 1 : -1;
    return [...rows].sort((a, b) => direction * String(column.sortValue!(a) ?? '').localeCompare(String(column.sortValue!(b) ?? ''), undefined, { numeric: true }));
  }, [rows, columns, sort]);
  const paged = pageSize && sorted.length > pageSize;
  const lastPage = pageSize ? Math.max(0, Math.ceil(sorted.length / pageSize) - 1) : 0;
  const current = Math.min(page, lastPage);
  const visible = paged ? sorted.slice(current * pageSize!, (current + 1) * pageSize!) : sorted;
  return (
    <>
      <TableContainer>
        <Table size={size} aria-label={label}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.key} align={column.align} sx={{ width: column.width }}>
                  {column.sortValue ? (
                    <TableSortLabel
                      active={sort?.key === column.key}
                      direction={sort?.key === column.key ? sort.order : 'asc'}
                      onClick={() => setSort({ key: column.key, order: sort?.key === column.key && sort.order === 'asc' ? 'desc' : 'asc' })}
                    >
                      {column.label}
                    </TableSortLabel>
                  ) : (
                    column.label
                  )}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {visible.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length}>
                  <Typography color="text.secondary" sx={{ py: 1.5, textAlign: 'center' }}>
                    {empty}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
            {visible.map((row) => {
              const detail = renderDetail?.(row);
              return [
                <TableRow
                  key={rowKey(row)}
                  hover
                  sx={{ ...(onRowClick ? { cursor: 'pointer' } : {}), ...(rowSx?.(row) as object) }}
                  onClick={onRowClick ? () => onRowClick(row) : undefined}
                >
                  {columns.map((column) => (
                    <TableCell key={column.key} align={column.align}>
                      {column.render(row)}
                    </TableCell>
                  ))}
                </TableRow>,
                detail ? (
                  <TableRow key={`${rowKey(row)}-detail`}>
                    <TableCell colSpan={columns.length} sx={{ bgcolor: 'background.default', p: 2 }}>
                      {detail}
                    </TableCell>
                  </TableRow>
                ) : null,
              ];
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {paged && (
        <TablePagination component="div" count={sorted.length} page={current} rowsPerPage={pageSize!} rowsPerPageOptions={[]} onPageChange={(_e, next) => setPage(next)} />
      )}
    </>
  );
}
