/**
 * How many options the address pickers list, in a module of their own without Zod: the web app's
 * address hooks load with the signed-in frame (its About dialog), and core/api/geo.ts would bring
 * all of Zod into the dashboard's first download.
 */

/** The most options a select lists at once (the spec's searchable select). */
export const GEO_MAX_OPTIONS = 100;
/** The most options of a lazy search (Bucharest streets, searched from 3 characters). */
export const GEO_LAZY_OPTIONS = 50;
/** A lazy street search starts at this many characters. */
export const GEO_LAZY_MIN_CHARS = 3;
