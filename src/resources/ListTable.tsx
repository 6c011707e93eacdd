import { useMemo, useState, type ReactElement, type ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { alpha, useTheme, type Theme } from '@mui/material/styles';
import { DataTable, DataTableClasses, useListContext, type DataTableProps } from 'react-admin';
import type { ApiRecord, ResourceDeclaration } from '../../resources/declaration.js';
import type { ColumnView } from '../../dataProvider/resourceAdapter.js';
import { ListCells, useSavingRows, type ColumnProps, type Row } from './columns.js';
import { LinkedCell } from './tableColumns.js';
import type { ColumnChoices } from './columnChoices.js';
import { useResourceTexts, type ListParts } from './views.js';
import { MORE_LEFT, MORE_RIGHT, useScrollCue } from './useScrollCue.js';

/** The class of the row actions' cells (header and rows): they stay in view at the table's right edge. */
const ROW_ACTIONS = 'Dossier-rowActions';

/** How wide, and how dark, the shadow is at an edge beyond which the table goes on. */
const EDGE = 12;
const SHADE = 0.16;

function EmptyText({ text }: { text: string }) {
  const { error, isPending } = useListContext();
  if (error || isPending) return null;
  return (
    <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
      {text}
    </Typography>
  );
}

/** A row's `rowTone`: its cells tinted in the theme colour (a layer over the cell's own background), its left edge marked. */
function toneSx(theme: Theme, tone: 'error' | 'warning' | undefined): Record<string, { backgroundImage?: string; borderLeft?: number; borderLeftColor?: string }> {
  if (!tone) return {};
  const tint = alpha(theme.palette[tone].main, 0.1);
  return {
    '& > td': { backgroundImage: `linear-gradient(${tint}, ${tint})` },
    '& > td:first-of-type': { borderLeft: 4, borderLeftColor: theme.palette[tone].main },
  };
}

/** A colour laid over a cell's own background (a hovered or selected row's tint on an opaque sticky cell). */
const layer = (color: string) => ({ backgroundImage: `linear-gradient(${color}, ${color})` });

/**
 * How every declared table scrolls when it is wider than its card (a phone, a table of many columns): sideways inside
 * the card, its row actions kept in view at the right edge (sticky, on an opaque background that still shows the row's
 * hover and selection), and a shadow at each edge beyond which more of it lies — along the row actions when columns
 * pass under them, at the card's edge otherwise.
 */
function tableSx(theme: Theme, { dense, tight, sticky }: { dense: boolean; tight: boolean; sticky: boolean }) {
  const { action, primary } = theme.palette;
  const dark = alpha(theme.palette.common.black, SHADE);
  const wrapper = `.${DataTableClasses.tableWrapper}`;
  const dataCells = '& .MuiTableCell-root:not(.MuiTableCell-paddingNone):not(.MuiTableCell-paddingCheckbox)';
  return {
    position: 'relative',
    [`& > ${wrapper}`]: { overflowX: 'auto' },
    // The edges' shadows lie over the scroll box (its parent draws them: what a scroll box draws itself scrolls away).
    '&::before, &::after': { content: '""', position: 'absolute', top: 0, bottom: 0, width: EDGE, pointerEvents: 'none', opacity: 0, transition: 'opacity 150ms', zIndex: 3 },
    '&::before': { left: 0, background: `linear-gradient(to right, ${dark}, transparent)` },
    '&::after': { right: 0, background: `linear-gradient(to left, ${dark}, transparent)` },
    [`&:has(> ${wrapper}[${MORE_LEFT}])::before`]: { opacity: 1 },
    ...(!sticky && { [`&:has(> ${wrapper}[${MORE_RIGHT}])::after`]: { opacity: 1 } }),
    // A dense table (many columns) keeps its cells tight; a sub-resource's table does on a phone.
    ...(dense && { [dataCells]: { px: 1, '&:first-of-type': { pl: 2 }, '&:last-of-type': { pr: 2 } } }),
    ...(tight && !dense && { [dataCells]: { px: { xs: 1, sm: 2 } } }),
    ...(sticky && {
      [`& .${ROW_ACTIONS}`]: { position: 'sticky', right: 0, zIndex: 2 },
      [`& td.${ROW_ACTIONS}`]: { bgcolor: 'background.paper', zIndex: 1 },
      [`& .MuiTableRow-hover:hover > td.${ROW_ACTIONS}`]: layer(action.hover),
      [`& .Mui-selected > td.${ROW_ACTIONS}`]: layer(alpha(primary.main, action.selectedOpacity)),
      [`& .Mui-selected.MuiTableRow-hover:hover > td.${ROW_ACTIONS}`]: layer(alpha(primary.main, action.selectedOpacity + action.hoverOpacity)),
      [`& [${MORE_RIGHT}] .${ROW_ACTIONS}`]: { boxShadow: `inset ${EDGE}px 0 ${EDGE - 4}px -${EDGE - 4}px ${dark}` },
    }),
  };
}

export interface ListTableProps {
  declaration: ResourceDeclaration;
  /** The view's columns (`columnElements`): each a header from its props and a cell it draws itself. */
  columns: readonly ReactElement<ColumnProps>[];
  parent?: ApiRecord;
  /** The table's accessible name. */
  label: string;
  /** What the server decided of the columns for this user (left out, named otherwise). */
  view: ColumnView;
  choices: ColumnChoices;
  /** The cells' toggles save (the user may edit). */
  canEdit: boolean;
  bulkActionButtons: ReactNode | false;
  rowClick: DataTableProps<Row>['rowClick'];
  expand?: ReactNode;
  expandSingle: boolean;
  /** The row actions' cell of a record; none, no Actions column. */
  rowActions: ReactNode | null;
  /** How the view draws its rows: compact, an accent on the left edge, a tone for a row that needs the eye. */
  look: Pick<ListParts, 'dense' | 'rowAccent' | 'rowTone'>;
}

/**
 * The table of a declared list: react-admin's DataTable with the view's columns as the server and the user's column
 * choices leave them, the row actions last, the empty text, and the declaration's row marks (hidden records greyed,
 * `rowAccent`, `rowTone`).
 */
export function ListTable({ declaration, columns, parent, label, view, choices, canEdit, bulkActionButtons, rowClick, expand, expandSingle, rowActions, look }: ListTableProps) {
  const texts = useResourceTexts(declaration);
  const theme = useTheme();
  const saving = useSavingRows();
  const [table, setTable] = useState<HTMLTableElement | null>(null);
  useScrollCue(table);
  const accent = look.rowAccent;
  const cells = useMemo(() => ({ declaration, parent, canEdit, ...saving }), [declaration, parent, canEdit, saving]);
  return (
    <ListCells.Provider value={cells}>
      <DataTable
        ref={setTable}
        aria-label={label}
        size={look.dense ? 'small' : 'medium'}
        storeKey={choices.storeKey}
        hiddenColumns={choices.hiddenByDefault}
        sx={tableSx(theme, { dense: Boolean(look.dense), tight: Boolean(parent), sticky: rowActions !== null })}
        bulkActionButtons={bulkActionButtons}
        rowClick={rowClick}
        expand={expand}
        expandSingle={expandSingle}
        empty={<EmptyText text={texts.empty} />}
        rowSx={(record: Row) => ({
          '& td': record.Hidden ? { color: 'text.disabled' } : {},
          ...(accent && { '& > td:first-of-type': { borderLeft: 4, borderLeftColor: accent(record) } }),
          ...toneSx(theme, look.rowTone?.(record)),
        })}
      >
        {columns.map((cell, index) => {
          const column = cell.props;
          if (view.hidden?.includes(column.source)) return null;
          const { link } = column;
          return (
            <DataTable.Col
              // Two columns may read one field (a range's start date and its status).
              key={`${index}-${column.source}`}
              source={column.source}
              label={view.labels?.[column.source] ?? column.label}
              disableSort={column.sortable === false}
              sx={{
                ...(column.phone === false && { display: { xs: 'none', sm: 'table-cell' } }),
                ...(column.nowrap && { whiteSpace: 'nowrap' }),
              }}
              render={(record: Row) =>
                link ? (
                  <LinkedCell link={link} record={record} resource={declaration.name}>
                    {cell}
                  </LinkedCell>
                ) : (
                  cell
                )
              }
            />
          );
        })}
        {rowActions !== null && (
          <DataTable.Col
            className={ROW_ACTIONS}
            label={
              <Box component="span" sx={{ display: 'block', textAlign: 'right' }}>
                Actions
              </Box>
            }
            disableSort
            render={() => rowActions}
          />
        )}
      </DataTable>
    </ListCells.Provider>
  );
}
