/**
 * Child of bench/geo.ts: the alternative not taken, a migration filling tables with the same data.
 * Times the inserts into a fresh SQLite file (what `008_geo` would do on every new database, and
 * what every API test file would pay on its fresh schema) and reports the file's growth.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { readGeoDataFile } from '../src/server/modules/geo/index.js';
import { foldForSearch } from '../src/core/geo/text.js';

const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-geo-')), 'geo.db');
const db = new Database(file);
db.pragma('journal_mode = WAL');
const data = readGeoDataFile();
const t0 = performance.now();
db.exec(`
  create table geo_counties (id integer primary key, name text not null, code text not null);
  create table geo_localities (id integer primary key, county_id integer not null, name text not null, commune text, postal_code text, search text not null);
  create index geo_localities_county on geo_localities (county_id, search);
  create table geo_streets (id integer primary key, locality_id integer not null, name text not null, search text not null);
  create index geo_streets_locality on geo_streets (locality_id, search);
  create table geo_ranges (street_id integer not null, from_no integer not null, to_no integer, parity text not null, postal_code text not null);
  create index geo_ranges_street on geo_ranges (street_id);
`);
db.transaction(() => {
  const c = db.prepare('insert into geo_counties values (?, ?, ?)');
  for (const row of data.counties) c.run(...row);
  const l = db.prepare('insert into geo_localities values (?, ?, ?, ?, ?, ?)');
  for (const [id, name, county, commune, code] of data.localities)
    l.run(id, county, name, commune, code, foldForSearch(`${name} ${commune ?? ''}`));
  const s = db.prepare('insert into geo_streets values (?, ?, ?, ?)');
  const r = db.prepare('insert into geo_ranges values (?, ?, ?, ?, ?)');
  for (const [id, locality, name, ranges] of data.streets) {
    s.run(id, locality, name, foldForSearch(name));
    for (const [from, to, parity, code] of ranges) r.run(id, from, to, parity, code);
  }
})();
const fillMs = performance.now() - t0;
db.pragma('wal_checkpoint(TRUNCATE)');
db.close();
console.log(JSON.stringify({ fillMs, dbMB: fs.statSync(file).size / 2 ** 20 }));
fs.rmSync(path.dirname(file), { recursive: true, force: true });
