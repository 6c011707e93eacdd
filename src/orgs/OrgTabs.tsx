import { useCallback } from 'react';
import { Card, CardContent, LinearProgress } from '@mui/material';
import { useCanAccess, useGetOne } from 'react-admin';
import type { ApiRecord, ResourceDeclaration } from '../../resources/declaration.js';
import orgInvoiceSettings, { NO_COMPANY } from '../../resources/orgInvoiceSettings.js';
import accountingStatus from '../../resources/accountingStatus.js';
import type { AccountingStatus } from '../../schemas/types.js';
import { Texts } from '../../shared/texts/index.js';
import { ResourceForm } from '../resources/ResourceForm.js';
import { useResourceTexts } from '../resources/views.js';
import { ORG_FORM, ORG_INVOICE_SETTINGS_FORM } from './orgFormView.js';
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
  const texts = useResourceTexts(declaration);
  if (error && !record) return <LoadFailed error={error} text={Texts.orgs.orgs.generalLoadFailed} onRetry={onRetry} />;
  if (!record) return <LinearProgress aria-label="Loading" />;
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2, sm: 3 }, pb: { xs: 0, sm: 1 } }}>
        <ResourceForm
          {...ORG_FORM}
          key={record.id}
          declaration={declaration}
          record={record}
          readOnly={!canEdit}
          label="General"
          submitLabel={texts.editSubmit}
          layout="plain"
        />
      </CardContent>
    </Card>
  );
}

/** The schema's words for a missing company. */
const COMPANY_REQUIRED = orgInvoiceSettings.schema.properties.QboId['x-messages']?.required ?? '';

/**
 * The Invoices tab (spec 002 §2.1): the accounting-service company — "None" (-1, saved as none) or one of the
 * service's companies (`qbo-customers`, the schema's reference) — and Include Last 4 SSN in Details, saved together
 * once something changed. The company is required while the accounting service is connected, as the server checks:
 * "None" is then refused under the field before anything is sent; without a service set up or authorised it is the
 * only choice and saves (docs/decisions.md).
 */
export function OrgInvoicesTab({ orgId }: { orgId: number }) {
  const { data, error, refetch } = useGetOne<OrgRecord>(orgInvoiceSettings.name, { id: orgId });
  const { canAccess: canEdit = false } = useCanAccess({ resource: orgInvoiceSettings.name, action: 'edit' });
  const { data: status } = useGetOne<AccountingStatus & { id: string }>(accountingStatus.name, { id: accountingStatus.name });
  const connected = status?.Status === 'connected';
  const texts = useResourceTexts(orgInvoiceSettings);
  const rules = useCallback(
    (values: ApiRecord): Record<string, string> => (connected && [undefined, null, '', NO_COMPANY].includes(values.QboId as string) ? { QboId: COMPANY_REQUIRED } : {}),
    [connected],
  );
  if (error && !data) return <LoadFailed error={error} text={Texts.orgs.invoices.loadFailed} onRetry={() => void refetch()} />;
  if (!data) return <LinearProgress aria-label="Loading" />;
  return (
    <Card sx={{ maxWidth: 640 }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 }, pb: { xs: 0, sm: 1 } }}>
        <AccountingNotice />
        <ResourceForm
          {...ORG_INVOICE_SETTINGS_FORM}
          key={orgId}
          declaration={orgInvoiceSettings}
          record={data}
          readOnly={!canEdit}
          label={orgInvoiceSettings.title}
          submitLabel={texts.editSubmit}
          layout="stack"
          rules={rules}
        />
      </CardContent>
    </Card>
  );
}
