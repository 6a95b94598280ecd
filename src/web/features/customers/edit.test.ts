import { describe, expect, it } from 'vitest';
import { changedFields, toForm } from './edit';

const saved = toForm({ name: 'Ana Pop', email: null, phone_number: '+40744123456' });

describe('changedFields', () => {
  it('sends nothing when nothing changed (spaces around do not count)', () => {
    expect(changedFields(saved, { ...saved, name: ' Ana Pop ' })).toEqual({});
  });
  it('sends only the changed fields, trimmed', () => {
    expect(changedFields(saved, { ...saved, email: ' ana@example.ro ' })).toEqual({ email: 'ana@example.ro' });
    expect(changedFields(saved, { ...saved, name: 'Ana Popescu', phone_number: '0744 999 888' })).toEqual({
      name: 'Ana Popescu',
      phone_number: '0744 999 888',
    });
  });
  it('sends an emptied email as null and an emptied name as empty (the server says it is required)', () => {
    const withEmail = toForm({ name: 'Ana', email: 'a@b.ro', phone_number: '+40744123456' });
    expect(changedFields(withEmail, { ...withEmail, email: '  ' })).toEqual({ email: null });
    expect(changedFields(withEmail, { ...withEmail, name: '' })).toEqual({ name: '' });
  });
});
