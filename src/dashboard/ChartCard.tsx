import { useId, useState, type ReactNode } from 'react';
import { Box, Button, Card, CardContent, Link, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import TableChartOutlinedIcon from '@mui/icons-material/TableChartOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { DashboardTexts as T } from './dashboardTexts.js';

/** Out of sight but read by screen readers. */
const visuallyHidden = { border: 0, clip: 'rect(0 0 0 0)', height: '1px', margin: '-1px', overflow: 'hidden', padding: 0, position: 'absolute', whiteSpace: 'nowrap', width: '1px' } as const;

/** A row of a chart's table: its cells (the first names the row) and the list behind it. */
export interface NumbersRow {
  key: string | number;
  cells: readonly (string | number)[];
  to?: string;
}

/**
 * A chart's numbers as a table with a caption: always in the page for screen readers (visually hidden), shown to
 * everyone by "Show numbers". The first cell of a row links to the list behind it.
 */
function NumbersTable({ caption, columns, rows, shown }: { caption: string; columns: readonly string[]; rows: readonly NumbersRow[]; shown: boolean }) {
  return (
    <Box sx={shown ? { mt: 1, overflowX: 'auto' } : visuallyHidden}>
      <Table size="small">
        <caption style={shown ? { captionSide: 'top', textAlign: 'left', padding: 0 } : undefined}>{caption}</caption>
        <TableHead>
          <TableRow>
            {columns.map((c, i) => (
              <TableCell key={c} align={i === 0 ? 'left' : 'right'} component="th" scope="col">
                {c}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key}>
              {row.cells.map((cell, i) =>
                i === 0 ? (
                  <TableCell key={i} component="th" scope="row">
                    {row.to ? (
                      <Link component={RouterLink} to={row.to}>
                        {cell}
                      </Link>
                    ) : (
                      cell
                    )}
                  </TableCell>
                ) : (
                  <TableCell key={i} align="right">
                    {cell}
                  </TableCell>
                ),
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** A dashboard chart: its title, the chart (hidden from screen readers, who get the table), and its numbers. */
export function ChartCard({ title, chart, columns, rows, wide = false }: { title: string; chart: ReactNode; columns: readonly string[]; rows: readonly NumbersRow[]; wide?: boolean }) {
  const [shown, setShown] = useState(false);
  const id = useId();
  return (
    <Card component="section" aria-labelledby={id} variant="outlined" sx={{ gridColumn: { xs: 'auto', lg: wide ? '1 / -1' : 'auto' }, minWidth: 0 }}>
      <CardContent>
        <Stack direction="row" alignItems="center" justifyContent="space-between" spacing={1}>
          <Typography id={id} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          <Button size="small" startIcon={<TableChartOutlinedIcon />} onClick={() => setShown(!shown)} aria-expanded={shown}>
            {shown ? T.hideTable : T.showTable}
          </Button>
        </Stack>
        {rows.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
            {T.nothing}
          </Typography>
        ) : (
          <Box aria-hidden sx={{ width: '100%' }}>
            {chart}
          </Box>
        )}
        <NumbersTable caption={title} columns={columns} rows={rows} shown={shown} />
      </CardContent>
    </Card>
  );
}
