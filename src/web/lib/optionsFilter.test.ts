import { describe, expect, it } from 'vitest';
import { foldedOptionsFilter } from './optionsFilter';

const labels = (search: string, limit = 100) =>
  foldedOptionsFilter({
    search,
    limit,
    options: [
      { value: '1', label: 'Târguri și Expoziții' },
      { value: '2', label: 'Bogdan Niță' },
      {
        group: 'Vechi',
        items: [
          { value: '3', label: 'Ştefan Ţepeş' },
          { value: '4', label: 'eMAG' },
        ],
      },
    ],
  }).map((o) => ('group' in o ? `${o.group}: ${o.items.map((i) => i.label).join(', ')}` : o.label));

describe('the selects’ search', () => {
  it('ignores diacritics (comma and cedilla forms), case and word order', () => {
    expect(labels('targuri')).toEqual(['Târguri și Expoziții']);
    expect(labels('NITA bogdan')).toEqual(['Bogdan Niță']);
    expect(labels('ștefan țepeș')).toEqual(['Vechi: Ştefan Ţepeş']);
    expect(labels('emag')).toEqual(['Vechi: eMAG']);
    expect(labels('nothing')).toEqual([]);
  });

  it('keeps every option for an empty search, up to the limit', () => {
    expect(labels('')).toEqual(['Târguri și Expoziții', 'Bogdan Niță', 'Vechi: Ştefan Ţepeş, eMAG']);
    expect(labels('', 3)).toEqual(['Târguri și Expoziții', 'Bogdan Niță', 'Vechi: Ştefan Ţepeş']);
  });
});
