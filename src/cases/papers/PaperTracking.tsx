import { Link } from '@mui/material';
import { CaseTexts } from '../../../shared/texts/cases.js';
import type { CellProps } from '../../resources/columns.js';
import { trackingLink } from './carriers.js';

/**
 * The Tracking Number cell of a case paper (the `casePaperTracking` column slot): a link to the carrier's tracking
 * page (FedEx, UPS or USPS, told by the number's format), opening in a new tab; a number of no known format is text.
 */
export default function PaperTracking({ record }: CellProps) {
  const number = String(record?.FedExTracking ?? '');
  const link = trackingLink(number);
  if (!link) return <>{number}</>;
  return (
    <Link href={link.url} target="_blank" rel="noopener noreferrer" title={CaseTexts.papers.track(link.carrier, number)} onClick={(e) => e.stopPropagation()}>
      {number}
    </Link>
  );
}
