import type { ApiRecord } from '../../resources/declaration.js';
import { formatMoney } from '../../shared/format.js';
import { BooleanColumn, TextColumn } from '../resources/columns.js';
import { SchemaList } from '../resources/SchemaList.js';
import type { ViewProps } from '../resources/views.js';

const adjustment = (r: ApiRecord) => (r.IsPercentage ? `${String(r.PriceAdjustment)}%` : formatMoney(Number(r.PriceAdjustment)));

function CaseFeeList({ resource, ...place }: ViewProps & { resource: string }) {
  return (
    <SchemaList {...place} resource={resource}>
      <TextColumn source="DaysAfter" label="Days After" />
      <TextColumn source="PriceAdjustment" label="Price Adjustment" text={adjustment} />
      <BooleanColumn source="IsPercentage" label="Percentage" />
    </SchemaList>
  );
}

/** A date range's fees for a case completed, or discontinued, some days after it was received. */
export const CompletedCaseFeeList = (place: ViewProps) => <CaseFeeList {...place} resource="completed-case-fees" />;
export const DiscontinuedCaseFeeList = (place: ViewProps) => <CaseFeeList {...place} resource="discontinued-case-fees" />;
