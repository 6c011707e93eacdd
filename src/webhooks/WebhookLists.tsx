import { useState } from 'react';
import { Button } from '@mui/material';
import ReplayIcon from '@mui/icons-material/Replay';
import { useCanAccess, useDataProvider, useNotify, useRefresh } from 'react-admin';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';
import { WebhookTexts } from '../../shared/texts/webhooks.js';
import { WEBHOOK_DELIVERY_STATUS_LABELS, WEBHOOK_EVENT_LABELS, type WebhookEventType } from '../../shared/webhooks.js';
import { BooleanColumn, ChipColumn, DateTimeColumn, TextColumn, TruncatedColumn } from '../resources/columns.js';
import { SchemaList } from '../resources/SchemaList.js';
import { endedBySignOut, failureMessage } from '../resources/writeFailure.js';
import type { ViewProps } from '../resources/views.js';
import { WEBHOOK_FORM } from './webhookFormView.js';

const T = WebhookTexts;
const C = T.log.columns;
const eventLabel = (type: unknown) => WEBHOOK_EVENT_LABELS[type as WebhookEventType] ?? String(type ?? '');

/** Admin › Webhooks: the endpoints; a row expands into its delivery log. */
export function WebhookList(place: ViewProps) {
  return (
    <SchemaList {...place} resource="webhooks" form={WEBHOOK_FORM} rowClick="expand" label={() => T.title}>
      <TextColumn source="Url" label="URL" />
      <TextColumn source="Description" label="Description" phone={false} />
      <TextColumn source="EventTypes" label="Events" sortable={false} phone={false} text={(r) => ((r.EventTypes ?? []) as string[]).map(eventLabel).join(', ')} />
      <TextColumn source="OrgName" label="Organization" sortable={false} phone={false} text={(r) => (r.OrgName ? String(r.OrgName) : T.wholeFirm)} />
      <BooleanColumn source="Active" label="Active" />
      <TextColumn source="Pending" label="Pending" sortable={false} phone={false} />
      <TextColumn source="Failed" label="Failed" sortable={false} phone={false} />
    </SchemaList>
  );
}

/** Queues a delivered or failed delivery again (the contract's `redeliver`), then reads the log again. */
export function RedeliverButton({ declaration, record }: ViewProps) {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const { canAccess = false } = useCanAccess({ resource: 'webhooks', action: 'redeliver' });
  const [sending, setSending] = useState(false);
  if (!record || !canAccess || record.Status === 'pending') return null;
  const redeliver = async () => {
    setSending(true);
    try {
      const answer = await dataProvider.callOperation('webhooks', 'redeliver', Number(record.Endpoint_Id), Number(record.Id));
      if (endedBySignOut(answer)) return;
      notify(T.log.redelivered, { type: 'success' });
      refresh();
    } catch (error) {
      notify(failureMessage(error) ?? T.log.redeliverFailed, { type: 'error' });
    } finally {
      setSending(false);
    }
  };
  return (
    <Button size="small" startIcon={<ReplayIcon fontSize="small" />} disabled={sending} onClick={() => void redeliver()} aria-label={`${T.log.redeliver} ${declaration.recordRepresentation(record)}`}>
      {T.log.redeliver}
    </Button>
  );
}

/** A webhook's delivery log, newest first: the event, when it was raised, status, attempts, answer, response time, last error. */
export function DeliveryLogList(place: ViewProps) {
  return (
    <SchemaList {...place} resource="webhook-deliveries" rowActions={RedeliverButton} label={() => T.log.title}>
      <TextColumn source="EventType" label={C.event} sortable={false} text={(r) => eventLabel(r.EventType)} />
      <DateTimeColumn source="CreatedDate" label={C.created} sortable={false} phone={false} />
      <ChipColumn source="Status" label={C.status} sortable={false} labels={WEBHOOK_DELIVERY_STATUS_LABELS} colors={{ pending: 'warning', delivered: 'success', failed: 'error' }} />
      <TextColumn source="Attempts" label={C.attempts} sortable={false} />
      <TextColumn source="LastStatusCode" label={C.code} sortable={false} phone={false} />
      <TextColumn source="ResponseMs" label={C.responseMs} sortable={false} phone={false} text={(r) => (r.ResponseMs == null ? '' : `${String(r.ResponseMs)} ms`)} />
      <TruncatedColumn source="LastError" label={C.error} sortable={false} phone={false} length={60} />
    </SchemaList>
  );
}
