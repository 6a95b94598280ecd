import {
  Alert,
  Badge,
  Button,
  Divider,
  Group,
  Paper,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconTruckDelivery } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SamedayPlace } from '../../../core/api/samedayLocations';
import { AddressPicker, emptyAddress, type AddressValue } from '../../components/address';
import { foldedFilter } from '../../components/address/options';
import { CompanyRequired, ErrorState, LoadingState } from '../../components/states';
import { ApiError, errorMessage } from '../../lib/api';
import { orDash } from '../../lib/format';
import { useCompanyId } from '../../lib/session';
import { useSamedayLocations } from './api';
import { paths } from '../../lib/paths';

/** One line of an address as a courier label writes it: street and number, city, county, postal code. */
export function addressLine(a: AddressValue): string {
  const street = [a.street, a.street_number].filter(Boolean).join(' ');
  return [street, a.city, a.county, a.postal_code].filter(Boolean).join(', ');
}

/**
 * /sameday-location, the spec's courier location page: the company's Sameday pickup points and
 * Sameday's lockers narrowed by county and city, then the address lookup the couriers' pickers use
 * (county, city, street, number → postal code).
 */
export function LocationPage() {
  const companyId = useCompanyId();
  return (
    <Stack gap="xl" maw={1100}>
      {/* A new company starts with no county chosen. */}
      <SamedayPlaces key={companyId ?? 'none'} companyId={companyId} />
      <Divider />
      <AddressLookup />
    </Stack>
  );
}

function SamedayPlaces({ companyId }: { companyId: number | null }) {
  const { t } = useTranslation('locations');
  const [county, setCounty] = useState<string | null>(null);
  const [city, setCity] = useState<string | null>(null);
  const query = useSamedayLocations({ county, city });

  let body;
  if (companyId === null) body = <CompanyRequired />;
  else if (query.isPending) body = <LoadingState />;
  else if (query.isError && query.error instanceof ApiError && query.error.status === 409) {
    // Sameday is not set up for the company: the server says so; the way there is one click.
    body = (
      <Alert color="yellow" icon={<IconTruckDelivery size={18} />} title={query.error.message}>
        <Button component={Link} to={paths.integrations()} size="xs" variant="light" color="yellow">
          {t('setUp')}
        </Button>
      </Alert>
    );
  } else if (query.isError)
    body = <ErrorState message={errorMessage(query.error, t('errors.fetch'))} onRetry={() => void query.refetch()} />;
  else {
    const { data, meta } = query.data;
    body = (
      <>
        <Group align="flex-end" gap="md" wrap="wrap">
          <Select
            label={t('filter.county')}
            placeholder={t('filter.countyPlaceholder')}
            data={meta.counties}
            value={county}
            onChange={(v) => {
              setCounty(v);
              setCity(null);
            }}
            searchable
            clearable
            filter={foldedFilter}
            w={260}
          />
          <Select
            label={t('filter.city')}
            placeholder={county ? t('filter.cityPlaceholder') : t('filter.cityNeedsCounty')}
            data={meta.cities}
            value={city}
            onChange={setCity}
            disabled={!county}
            searchable
            clearable
            filter={foldedFilter}
            w={260}
          />
        </Group>
        <PlacesSection
          title={t('pickupPoints')}
          places={data.pickup_points}
          empty={t('noPickupPoints')}
          testId="pickup-points"
        />
        <PlacesSection
          title={t('lockers')}
          places={data.lockers}
          empty={county ? t('noLockers') : t('lockersNeedCounty')}
          note={
            meta.lockers_total > data.lockers.length
              ? t('lockersCapped', { shown: data.lockers.length, count: meta.lockers_total })
              : null
          }
          withPostalCode
          testId="lockers"
        />
      </>
    );
  }

  return (
    <Stack gap="md">
      <Title order={2}>{t('title')}</Title>
      <Text c="dimmed" size="sm">
        {t('intro')}
      </Text>
      {body}
    </Stack>
  );
}

function PlacesSection(props: {
  title: string;
  places: SamedayPlace[];
  empty: string;
  note?: string | null;
  withPostalCode?: boolean;
  testId: string;
}) {
  const { t } = useTranslation('locations');
  return (
    <Paper withBorder p="md" radius="md" data-testid={props.testId}>
      <Stack gap="sm">
        <Title order={3} size="h4">
          {props.title} ({props.places.length})
        </Title>
        {props.note ? (
          <Text size="sm" c="dimmed">
            {props.note}
          </Text>
        ) : null}
        {props.places.length === 0 ? (
          <Text size="sm" c="dimmed">
            {props.empty}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={420} type="auto">
            <Table striped highlightOnHover stickyHeader>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('col.name')}</Table.Th>
                  <Table.Th>{t('col.address')}</Table.Th>
                  <Table.Th>{t('col.city')}</Table.Th>
                  <Table.Th>{t('col.county')}</Table.Th>
                  {props.withPostalCode ? <Table.Th>{t('col.postalCode')}</Table.Th> : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {props.places.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <span>{p.name}</span>
                        {p.is_default ? (
                          <Badge size="xs" variant="light">
                            {t('default')}
                          </Badge>
                        ) : null}
                      </Group>
                    </Table.Td>
                    <Table.Td>{p.address}</Table.Td>
                    <Table.Td>{orDash(p.city)}</Table.Td>
                    <Table.Td>{orDash(p.county)}</Table.Td>
                    {props.withPostalCode ? <Table.Td>{orDash(p.postal_code)}</Table.Td> : null}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        )}
      </Stack>
    </Paper>
  );
}

/** The address lookup: the shared picker, and the address as a courier label writes it. */
function AddressLookup() {
  const { t } = useTranslation('address');
  const [address, setAddress] = useState<AddressValue>(emptyAddress);
  return (
    <Stack gap="md">
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
