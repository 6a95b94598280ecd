import { Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddressPicker, emptyAddress, type AddressValue } from '../../components/address';

/** One line of an address as a courier label writes it: street and number, city, county, postal code. */
export function addressLine(a: AddressValue): string {
  const street = [a.street, a.street_number].filter(Boolean).join(' ');
  return [street, a.city, a.county, a.postal_code].filter(Boolean).join(', ');
}

/**
 * /sameday-location, the spec's courier location page: looks up an address in the address data the
 * couriers' pickers use (county, city, street, number) and shows its postal code.
 */
export function LocationPage() {
  const { t } = useTranslation('address');
  const [address, setAddress] = useState<AddressValue>(emptyAddress);
  return (
    <Stack gap="md" maw={900}>
      <Title order={2}>{t('lookup.title')}</Title>
      <Text c="dimmed" size="sm">
        {t('lookup.intro')}
      </Text>
      <Paper withBorder p="md" radius="md">
        <AddressPicker value={address} onChange={setAddress} />
      </Paper>
      {address.city_id !== null && (
        <Text aria-live="polite" data-testid="address-line">
          {addressLine(address)}
        </Text>
      )}
    </Stack>
  );
}
