import { Limits } from '../../../shared/constants.js';
import { DateTimeColumn, TextColumn, TruncatedColumn } from '../../resources/columns.js';
import { SchemaList } from '../../resources/SchemaList.js';
import type { ViewProps } from '../../resources/views.js';

/** A case's messages. */
export function CaseMessageList(place: ViewProps) {
  return (
    <SchemaList {...place} resource="case-messages">
      <TextColumn source="SentBy.Name" label="Sender" />
      <TextColumn source="RecipientNames" label="Recipients" />
      <DateTimeColumn source="CreatedDate" label="Date" />
      <TruncatedColumn source="Message" label="Message" length={Limits.MESSAGE_PREVIEW_CHARS} />
    </SchemaList>
  );
}
