import { Card, CardContent, LinearProgress } from '@mui/material';
import { useCanAccess, useGetOne } from 'react-admin';
import type { ApiRecord, ResourceDeclaration } from '../../resources/declaration.js';
import orgInvoiceSettings from '../../resources/orgInvoiceSettings.js';
import { Texts } from '../../shared/texts/index.js';
import { ResourceForm } from '../resources/ResourceForm.js';
import { LoadFailed } from '../layout/LoadFailed.js';
import { AccountingNotice } from '../invoices/AccountingNotice.js';

type OrgRecord = ApiRecord & { id: number };

interface GeneralProps {
  declaration: ResourceDeclaration;
  record?: OrgRecord;
  error: unknown;
  onRetry(): void;
}

/**
 * The General tab (spec 002 §2.1): the org's declared form (its General section: name, code, contract type,
 * address, phones, ROI encryption password, Prepend Attachments to ROI), read only without Edit Organization.
 * A failed load says so instead of an empty form.
 */
export function OrgGeneralTab({ declaration, record, error, onRetry }: GeneralProps) {
  const { canAccess: canEdit = false } = useCanAccess({ resource: declaration.name, action: 'edit' });
  if (error && !record) return <LoadFailed error={error} text={Texts.orgs.orgs.generalLoadFailed} onRetry={onRetry} />;
  if (!record) return <LinearProgress aria-label="Loading" />;
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2, sm: 3 }, pb: { xs: 0, sm: 1 } }}>
        <ResourceForm
          key={record.id}
          declaration={declaration}
          record={record}
          readOnly={!canEdit}
          label="General"
          submitLabel={declaration.texts.editSubmit}
          layout="plain"
        />
      </CardContent>
    </Card>
  );
}

/**
 * The Invoices tab (spec 002 §2.1): the accounting-service company — "None" (-1, saved as none) or one of the
 * service's companies (`qbo-customers`, the schema's reference) — and Include Last 4 SSN in Details, saved together.
 */
export function OrgInvoicesTab({ orgId }: { orgId: number }) {
  const { data, error, refetch } = useGetOne<OrgRecord>(orgInvoiceSettings.name, { id: orgId });
  const { canAccess: canEdit = false } = useCanAccess({ resource: orgInvoiceSettings.name, action: 'edit' });
  if (error && !data) return <LoadFailed error={error} text={Texts.orgs.invoices.loadFailed} onRetry={() => void refetch()} />;
  if (!data) return <LinearProgress aria-label="Loading" />;
  return (
    <Card sx={{ maxWidth: 640 }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 }, pb: { xs: 0, sm: 1 } }}>
        <AccountingNotice />
        <ResourceForm
          key={orgId}
          declaration={orgInvoiceSettings}
          record={data}
          readOnly={!canEdit}
          label={orgInvoiceSettings.title}
          submitLabel={orgInvoiceSettings.texts.editSubmit}
          layout="stack"
        />
      </CardContent>
    </Card>
  );
}
