import type { Customer } from '../../../core/api/orders';
import type { CustomerUpdate } from './api';

export interface CustomerForm {
  name: string;
  email: string;
  phone_number: string;
}

export const toForm = (c: Pick<Customer, 'name' | 'email' | 'phone_number'>): CustomerForm => ({
  name: c.name,
  email: c.email ?? '',
  phone_number: c.phone_number,
});

/**
 * The body of a save: only the fields the user changed (trimmed), since a phone sent unchanged
 * would still be a change of number to the server, and an email emptied is sent as null (removed).
 * An empty object: nothing to save.
 */
export function changedFields(saved: CustomerForm, values: CustomerForm): CustomerUpdate {
  const body: CustomerUpdate = {};
  if (values.name.trim() !== saved.name.trim()) body.name = values.name.trim();
  if (values.email.trim() !== saved.email.trim()) body.email = values.email.trim() === '' ? null : values.email.trim();
  if (values.phone_number.trim() !== saved.phone_number.trim()) body.phone_number = values.phone_number.trim();
  return body;
}
