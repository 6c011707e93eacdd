import { TablePagination } from '@mui/material';
import { useListContext } from 'react-admin';

/**
 * The pager of a react-admin list, shown only when there is more than one page; without an exact total (a search
 * that only knows whether more pages follow) it says "more than N".
 */
export function ListPager() {
  const { total, page, perPage, setPage, hasNextPage, hasPreviousPage } = useListContext();
  const known = typeof total === 'number';
  if (known ? total <= perPage : !hasNextPage && !hasPreviousPage) return null;
  return (
    <TablePagination
      component="div"
      count={known ? total : -1}
      page={page - 1}
      rowsPerPage={perPage}
      rowsPerPageOptions={[]}
      onPageChange={(_event, next) => setPage(next + 1)}
      slotProps={{ actions: { nextButton: { disabled: known ? page * perPage >= total : !hasNextPage } } }}
    />
  );
}
