/** A small seeded random generator, so the demo data is the same on every fresh start. */
export class SeededRandom {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
  chance(probability: number): boolean {
    return this.next() < probability;
  }
}

export const FIRST_NAMES = [
  'James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth', 'William',
  'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Charles', 'Karen', 'Daniel', 'Lisa',
  'Matthew', 'Nancy', 'Anthony', 'Betty', 'Mark', 'Sandra', 'Donald', 'Ashley', 'Steven', 'Kimberly', 'Andrew',
  'Emily', 'Joshua', 'Donna', 'Kevin', 'Michelle', 'Brian', 'Carol', 'Tomas', 'Aisha', 'Wei', 'Priya', 'Diego',
];

export const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
  'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee',
  'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson', 'Walker', 'Young',
  'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores', 'Green', 'Adams', 'Nelson', 'Baker',
  'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts', 'Okafor', 'Kowalski', 'Haddad', 'Patel',
];

/** Cities with their state and coordinates, for addresses and investigator distances. */
export const CITIES: readonly { city: string; state: string; lat: number; lon: number; zip: string }[] = [
  { city: 'Atlanta', state: 'GA', lat: 33.749, lon: -84.388, zip: '30303' },
  { city: 'Columbia', state: 'SC', lat: 34.0007, lon: -81.0348, zip: '29201' },
  { city: 'Charleston', state: 'SC', lat: 32.7765, lon: -79.9311, zip: '29401' },
  { city: 'Raleigh', state: 'NC', lat: 35.7796, lon: -78.6382, zip: '27601' },
  { city: 'Charlotte', state: 'NC', lat: 35.2271, lon: -80.8431, zip: '28202' },
  { city: 'Richmond', state: 'VA', lat: 37.5407, lon: -77.436, zip: '23219' },
  { city: 'Arlington', state: 'VA', lat: 38.8816, lon: -77.091, zip: '22201' },
  { city: 'Washington', state: 'DC', lat: 38.9072, lon: -77.0369, zip: '20001' },
  { city: 'Baltimore', state: 'MD', lat: 39.2904, lon: -76.6122, zip: '21202' },
  { city: 'Philadelphia', state: 'PA', lat: 39.9526, lon: -75.1652, zip: '19103' },
  { city: 'Nashville', state: 'TN', lat: 36.1627, lon: -86.7816, zip: '37203' },
  { city: 'Jacksonville', state: 'FL', lat: 30.3322, lon: -81.6557, zip: '32202' },
  { city: 'Tampa', state: 'FL', lat: 27.9506, lon: -82.4572, zip: '33602' },
  { city: 'Dallas', state: 'TX', lat: 32.7767, lon: -96.797, zip: '75201' },
  { city: 'Denver', state: 'CO', lat: 39.7392, lon: -104.9903, zip: '80202' },
  { city: 'Chicago', state: 'IL', lat: 41.8781, lon: -87.6298, zip: '60601' },
];

export const STREETS = [
  'Main St', 'Oak Ave', 'Maple Dr', 'Cedar Ln', 'Pine St', 'Elm St', 'Washington Blvd', 'Lake Rd', 'Hill St',
  'Park Ave', 'Church St', 'Market St', 'Broad St', 'Sunset Blvd', 'River Rd',
];
