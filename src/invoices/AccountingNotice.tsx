import { Alert } from '@mui/material';
import { useGetOne } from 'react-admin';
import accountingStatus from '../../resources/accountingStatus.js';
import type { AccountingStatus } from '../../schemas/types.js';
import { InvoiceTexts } from '../../shared/texts/invoices.js';

/**
 * Where the accounting service stands (the `accounting-status` record), said where invoices are made and where an
 * org's company is chosen: none set up (invoices recorded in Dossier only, no surprise); on the invoicing screen
 * also set up but not authorised (Create Invoice would be refused until someone connects it; the Invoices tab offers
 * the connection itself). Nothing while it loads, when it could not be read (the screens around it say their own
 * failures) or when connected.
 */
export function AccountingNotice({ unauthorised = false }: { unauthorised?: boolean }) {
  const { data } = useGetOne<AccountingStatus & { id: string }>(accountingStatus.name, { id: accountingStatus.name });
  if (data?.Status === 'notConfigured') {
    return (
      <Alert severity="info" sx={{ mb: 2 }}>
        {InvoiceTexts.accounting.notConfigured}
      </Alert>
    );
  }
  if (unauthorised && data?.Status === 'notAuthorised') {
    return (
      <Alert severity="warning" sx={{ mb: 2 }}>
        {InvoiceTexts.accounting.notAuthorised}
      </Alert>
    );
  }
  return null;
}
