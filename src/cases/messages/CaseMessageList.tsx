import { lazy } from 'react';
import type { FormView } from '../../resources/formParts.js';
import { Limits } from '../../../shared/constants.js';
import { DateTimeColumn, TextColumn, TruncatedColumn } from '../../resources/columns.js';
import { SchemaList } from '../../resources/SchemaList.js';
import type { ViewProps } from '../../resources/views.js';

/** A new message's recipients are chosen among the case's people. */
const MESSAGE_FORM: FormView = { inputs: { Recipients: lazy(() => import('./RecipientsInput.js')) } };

/** A case's messages. */
export function CaseMessageList(place: ViewProps) {
  return (
    <SchemaList {...place} resource="case-messages" form={MESSAGE_FORM}>
      <TextColumn source="SentBy.Name" label="Sender" />
      <TextColumn source="RecipientNames" label="Recipients" />
      <DateTimeColumn source="CreatedDate" label="Date" />
      <TruncatedColumn source="Message" label="Message" length={Limits.MESSAGE_PREVIEW_CHARS} />
    </SchemaList>
  );
}
