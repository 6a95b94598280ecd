import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { existingAppKey, sqliteReaders } from './config.js';

describe('SQLITE_READERS', () => {
  it('is 2 by default, 0 turns the read pool off, and anything but a whole number is refused', () => {
    expect(sqliteReaders({})).toBe(2);
    expect(sqliteReaders({ SQLITE_READERS: '0' })).toBe(0);
    expect(sqliteReaders({ SQLITE_READERS: '4' })).toBe(4);
    expect(sqliteReaders({ SQLITE_READERS: '' })).toBe(2);
    for (const bad of ['-1', '1.5', 'two', ' ', '65'])
      expect(() => sqliteReaders({ SQLITE_READERS: bad })).toThrow('SQLITE_READERS');
  });
});

describe('the existing app key (app-key:rotate re-seals to it)', () => {
  it('is APP_KEY, else the key generated into DATA_DIR, else none: it is never generated here', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-key-'));
    try {
      expect(existingAppKey({ APP_KEY: 'k1', DATA_DIR: dir })).toBe('k1');
      expect(existingAppKey({ DATA_DIR: dir })).toBeNull();
      expect(fs.existsSync(path.join(dir, 'app.key'))).toBe(false);
      fs.writeFileSync(path.join(dir, 'app.key'), 'k2\n');
      expect(existingAppKey({ DATA_DIR: dir })).toBe('k2');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
