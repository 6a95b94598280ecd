import { describe, expect, it } from 'vitest';
import { sqliteReaders } from './config.js';

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
