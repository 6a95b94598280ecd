import type { Parity } from './numberRanges.js';

/**
 * The shape of the address data the app ships (`src/server/modules/geo/geo-data.json.gz`, written by
 * `npm run geodata:build`). Rows are tuples rather than objects: the file is a third smaller and
 * loads faster. Rows are sorted as they are listed (Romanian collation), and ids are stable
 * official codes where one exists: county = SIRUTA county number (JUD), locality = SIRUTA code.
 */
export interface GeoDataFile {
  /** Editions of the sources, shown in the app's data notice. */
  sources: { siruta: string; postal_codes: string };
  /** [id, name, code] */
  counties: [number, string, string][];
  /** [id, name, county_id, commune (the town or commune a village belongs to) or null, postal code or null (coded by street)] */
  localities: [number, string, number, string | null, string | null][];
  /** [id, locality_id, name with its type, ranges, blocks] */
  streets: [number, number, string, FileRange[], FileBlocks[]][];
}

/** [from, to (null: to the end of the street), parity, postal code] */
export type FileRange = [number, number | null, FileParity, string];
/** [block ids, postal code] */
export type FileBlocks = [string[], string];
export type FileParity = 'o' | 'e' | 'b';

export const PARITY_TO_FILE: Record<Parity, FileParity> = { odd: 'o', even: 'e', both: 'b' };
export const PARITY_FROM_FILE: Record<FileParity, Parity> = { o: 'odd', e: 'even', b: 'both' };
