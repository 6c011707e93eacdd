/** A carrier's tracking page for a tracking number (docs/decisions.md "Case papers"). */
export interface TrackingLink {
  carrier: 'FedEx' | 'UPS' | 'USPS';
  url: string;
}

interface Carrier {
  carrier: TrackingLink['carrier'];
  /** The number formats of the carrier, on the number without spaces and dashes, in capitals. */
  formats: readonly RegExp[];
  url(number: string): string;
}

/**
 * Tried in order: UPS (1Z + 16 letters or digits); USPS (international S10: two letters, nine digits, US; Intelligent
 * Mail barcodes: 20–22 digits from 91–95, with or without the 420 + ZIP routing prefix); FedEx (Express 12 digits,
 * Ground 15, SmartPost 96 + 20 digits, and 20 digits otherwise).
 */
const CARRIERS: readonly Carrier[] = [
  { carrier: 'UPS', formats: [/^1Z[0-9A-Z]{16}$/], url: (n) => `https://www.ups.com/track?tracknum=${n}` },
  {
    carrier: 'USPS',
    formats: [/^[A-Z]{2}\d{9}US$/, /^9[1-5]\d{18,20}$/, /^420\d{5}(\d{4})?9[1-5]\d{18,20}$/],
    url: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
  },
  { carrier: 'FedEx', formats: [/^\d{12}$/, /^\d{15}$/, /^96\d{20}$/, /^\d{20}$/], url: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}` },
];

/** The tracking page of a number whose format names its carrier; null for anything else (it then shows as plain text). */
export function trackingLink(trackingNumber: string | null | undefined): TrackingLink | null {
  const number = (trackingNumber ?? '').replace(/[\s-]/g, '').toUpperCase();
  if (!number) return null;
  for (const { carrier, formats, url } of CARRIERS) {
    if (formats.some((format) => format.test(number))) return { carrier, url: url(encodeURIComponent(number)) };
  }
  return null;
}
