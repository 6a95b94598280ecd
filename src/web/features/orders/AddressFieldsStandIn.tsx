import { SimpleGrid, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AddressField, OrderAddress } from './address';

export interface AddressInputProps {
  value: OrderAddress;
  onChange: (next: OrderAddress) => void;
  errors?: Partial<Record<AddressField, ReactNode>>;
  required?: boolean;
}

/**
 * TEMPORARY stand-in for the shared address picker (src/web/components/address/, issue 11), which is
 * being built: plain inputs with the picker's value shape, so the new-order form works end to end
 * until the picker lands and replaces this file.
 */
export function AddressFieldsStandIn({ value, onChange, errors = {}, required }: AddressInputProps) {
  const { t } = useTranslation('orders');
  const field = (name: AddressField, label: string) => (
    <TextInput
      label={label}
      required={required}
      value={value[name]}
      error={errors[name]}
      onChange={(e) => onChange({ ...value, [name]: e.currentTarget.value, ...(name === 'number' ? {} : { [`${name}_id`]: null }) })}
    />
  );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      {field('county', t('form.county'))}
      {field('city', t('form.city'))}
      {field('street', t('form.street'))}
      {field('number', t('form.number'))}
    </SimpleGrid>
  );
}
