/**
 * `npm run geodata:build [raw-folder]`: converts the raw SIRUTA and Poșta Română files (default
 * ../shared/geodata, see its README) into src/server/modules/geo/geo-data.json.gz, the address data
 * the app ships. Run it again when a new edition of the sources arrives; no network is used.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { convert } from './convert.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// The raw files sit next to the project (../shared/geodata) or next to its worktree folder.
const rawDir = path.resolve(
  process.argv[2] ??
    [path.join(root, '../shared/geodata'), path.join(root, '../../shared/geodata')].find((d) => fs.existsSync(d)) ??
    '../shared/geodata',
);
const out = path.join(root, 'src/server/modules/geo/geo-data.json.gz');

const read = (name: string) => {
  const file = path.join(rawDir, name);
  if (!fs.existsSync(file)) {
    console.error(`Missing ${file}. Pass the folder of the raw files: npm run geodata:build -- <folder>`);
    process.exit(1);
  }
  return fs.readFileSync(file, 'utf8');
};

const report = convert({
  siruta: read('siruta.csv'),
  countyCodes: read('siruta-judete.csv'),
  postalCodes: read('coduri_postale.sql'),
  sources: { siruta: 'SIRUTA 2025 S1', postal_codes: 'Infocod 2013' },
});
const json = JSON.stringify(report.data);
const gz = gzipSync(json, { level: 9 });
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, gz);

const { counties, localities, streets } = report.data;
const coded = new Set(streets.map((s) => s[1])).size;
console.log(
  `${counties.length} counties, ${localities.length} localities (${coded} coded by street), ${streets.length} streets, ${streets.reduce((n, s) => n + s[3].length, 0)} number ranges, ${streets.reduce((n, s) => n + s[4].length, 0)} block lists`,
);
console.log(
  `${path.relative(root, out)}: ${(gz.length / 1024).toFixed(0)} kB (${(json.length / 1024).toFixed(0)} kB of JSON)`,
);
if (report.irregular.length)
  console.log(
    `${report.irregular.length} number fields in no known form were left out, e.g.:\n  ${report.irregular.slice(0, 8).join('\n  ')}`,
  );
if (report.unmatchedCities.length)
  console.log(`Cities coded by street with no SIRUTA locality (left out): ${report.unmatchedCities.join(', ')}`);
