/**
 * The buyers and delivery addresses the emulated shops' sample orders come from (WooCommerce,
 * Shopify and eMAG each write them in their own shape). Every address is a real one of the console's
 * address data (modules/geo): its street is one of its locality's, written as a shopper types it,
 * and its postal code is the data's for that number. A demo order then arrives ready to ship, not
 * "to check", which is what a newcomer should see first (connectors/shopSampleAddresses.test.ts
 * reads each one as the console reads a shop's order). The demo's order to check is the intake's
 * own (intake/demo.ts).
 */

/** Given name and family name of a shop's buyer. */
export const SHOP_PEOPLE = [
  ['Ana', 'Popescu'],
  ['Mihai', 'Ionescu'],
  ['Elena', 'Dumitrescu'],
  ['Andrei', 'Stan'],
  ['Ioana', 'Marin'],
  ['Radu', 'Georgescu'],
] as const;

export interface ShopAddress {
  street: string;
  number: string;
  /** Block, staircase, flat: what follows the number ('' for none). */
  details: string;
  city: string;
  county: string;
  /** The county's code, as WooCommerce's states and Shopify's provinces for Romania give it. */
  countyCode: string;
  postalCode: string;
  /** eMAG's id of the locality (its own numbering), which its orders carry beside the names. */
  emagLocalityId: number;
}

const address = (
  street: string,
  number: string,
  details: string,
  city: string,
  county: string,
  countyCode: string,
  postalCode: string,
  emagLocalityId: number,
): ShopAddress => ({ street, number, details, city, county, countyCode, postalCode, emagLocalityId });

/**
 * The first two are in Sibiu, whose streets the emulated couriers know: a shop's first orders
 * include one a courier's AWB is made for. "Nicolae Bălcescu" is how people say the data's
 * "Bălcescu Nicolae": found all the same.
 */
export const SHOP_ADDRESSES: readonly ShopAddress[] = [
  address('Strada Fabricii', '7', '', 'Sibiu', 'Sibiu', 'SB', '550246', 8726),
  address('Strada Nicolae Bălcescu', '10', '', 'Sibiu', 'Sibiu', 'SB', '550159', 8726),
  address('Strada Republicii', '20', 'ap. 4', 'Brașov', 'Brașov', 'BV', '500030', 8520),
  address('Bulevardul Eroilor', '15', 'bl. A, sc. 2', 'Cluj-Napoca', 'Cluj', 'CJ', '400129', 8638),
  address('Strada Alexandru Lăpușneanu', '12', '', 'Iași', 'Iași', 'IS', '700057', 8950),
  address('Bulevardul Mihai Viteazul', '3', '', 'Timișoara', 'Timiș', 'TM', '300222', 9090),
  address('Calea Victoriei', '120', 'ap. 9', 'București, Sector 1', 'București', 'B', '010093', 8800),
];
