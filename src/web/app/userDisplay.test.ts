import { describe, expect, it } from 'vitest';
import { resolveSelection } from './companySelection';
import { fullName, initials } from './userDisplay';

describe('user display', () => {
  it('initials are the upper-cased first letters of first and last name', () => {
    expect(initials({ first_name: 'maria', last_name: 'dumitrescu' })).toBe('MD');
    expect(initials({ first_name: 'Ștefan', last_name: 'ionescu' })).toBe('ȘI');
    expect(initials(null)).toBe('');
  });
  it('full name is first name then last name', () => {
    expect(fullName({ first_name: 'Maria', last_name: 'Dumitrescu' })).toBe('Maria Dumitrescu');
    expect(fullName({ first_name: 'Maria', last_name: '' })).toBe('Maria');
  });
});

describe('company selection', () => {
  const companies = [
    { id: 4, name: 'Alfa SRL' },
    { id: 9, name: 'Beta SRL' },
  ];
  it('picks the first company when none is stored', () =>
    expect(resolveSelection(companies, null)).toEqual({ id: 4, name: 'Alfa SRL' }));
  it('keeps the stored company and refreshes its name', () =>
    expect(resolveSelection(companies, { id: 9, name: 'Old name' })).toEqual({ id: 9, name: 'Beta SRL' }));
  it('falls back to the first when the stored one is gone', () =>
    expect(resolveSelection(companies, { id: 77, name: 'Gone' })).toEqual({ id: 4, name: 'Alfa SRL' }));
  it('selects nothing when there are no companies', () =>
    expect(resolveSelection([], { id: 4, name: 'Alfa SRL' })).toBeNull());
});
