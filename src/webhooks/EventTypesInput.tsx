import { CheckboxGroupInput } from 'react-admin';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES } from '../../shared/webhooks.js';
import { useSchemaInput } from '../resources/SchemaInput.js';
import type { ViewProps } from '../resources/views.js';

const CHOICES = WEBHOOK_EVENT_TYPES.map((type) => ({ id: type, name: WEBHOOK_EVENT_LABELS[type] }));

/** The events a webhook hears, as checkboxes (a form view's input for EventTypes). */
export default function EventTypesInput(_props: ViewProps) {
  const { source, label, isRequired, readOnly } = useSchemaInput();
  return <CheckboxGroupInput source={source} label={label} isRequired={isRequired} readOnly={readOnly} choices={CHOICES} row={false} />;
}
