import { Alert, Button, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMapPinExclamation } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AddressCheck, Order } from '../../../../core/api/orders';
import { WhyDisabled } from '../../../components/FormModal';
import { api, errorMessage } from '../../../lib/api';
import { invalidateOrders, ORDERS_PATH, unwrap } from '../api';

/** The body of `POST /order/{id}/address-check` (core/api/intake.ts addressCheckBody). */
type AddressAnswer =
  | { confirm: true }
  | { county_id?: number; city_id?: number; street_id?: number }
  | { county: string; city: string; street: string; number: string };

/** The id field a candidate of the part that stopped the reading is chosen by. */
const CANDIDATE_FIELD: Partial<Record<AddressCheck['part'], 'county_id' | 'city_id' | 'street_id'>> = {
  county: 'county_id',
  city: 'city_id',
  street: 'street_id',
};

/**
 * An order "to check" (its address, arrived as text, could not be placed on one street of the
 * address data): why, in the reader's language; the places it could mean, each to choose; the
 * address to correct and check again; or "The address is right" (a street the data does not know
 * yet). A bulk AWB skips the order until one of them is done. Nothing shows for other orders.
 */
export function AddressCheckPanel({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const qc = useQueryClient();
  const check = order.address_check ?? null;
  const d = order.customer_detail;
  const [address, setAddress] = useState({ county: '', city: '', street: '', number: '' });
  const [error, setError] = useState<string | null>(null);
  const whyId = useId();
  useEffect(() => {
    setAddress({
      county: d?.county ?? '',
      city: d?.city ?? '',
      street: d?.street ?? '',
      number: d?.street_number ?? '',
    });
  }, [d?.county, d?.city, d?.street, d?.street_number]);
  const send = useMutation({
    mutationFn: (body: AddressAnswer) =>
      api.post<Order | { data: Order }>(`${ORDERS_PATH}/${order.id}/address-check`, body).then(unwrap),
    onSettled: () => invalidateOrders(qc),
  });
  if (!check) return null;

  const answer = async (body: AddressAnswer, done: string) => {
    setError(null);
    try {
      const after = await send.mutateAsync(body);
      if (after.address_check)
        notifications.show({
          color: 'yellow',
          message: t('addressCheck.still', { reason: after.address_check.message }),
        });
      else notifications.show({ color: 'green', message: done });
    } catch (e) {
      setError(errorMessage(e, t('addressCheck.errors.save')));
    }
  };
  const field = CANDIDATE_FIELD[check.part];
  const changed =
    address.county !== (d?.county ?? '') ||
    address.city !== (d?.city ?? '') ||
    address.street !== (d?.street ?? '') ||
    address.number !== (d?.street_number ?? '');
  const input = (key: keyof typeof address, label: string) => (
    <TextInput
      size="xs"
      label={label}
      value={address[key]}
      onChange={(e) => {
        const value = e.currentTarget.value;
        setAddress((a) => ({ ...a, [key]: value }));
      }}
      style={{ flex: '1 1 140px' }}
    />
  );

  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconMapPinExclamation size={20} />}
      title={t('addressCheck.title')}
      data-testid="address-check"
    >
      <Stack gap="sm">
        <Text size="sm">
          {check.message} {t('addressCheck.why')}
        </Text>
        {check.candidates.length > 0 && field ? (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t('addressCheck.candidates')}
            </Text>
            <List size="sm" spacing={4} listStyleType="none" withPadding={false}>
              {check.candidates.map((c) => (
                <List.Item key={c.id}>
                  <Group gap="xs" wrap="wrap">
                    <Text size="sm">
                      {c.name}
                      {c.commune ? ` (${c.commune})` : ''}
                      {c.postal_code ? ` · ${c.postal_code}` : ''}
                    </Text>
                    <Button
                      size="compact-xs"
                      variant="light"
                      aria-label={t('addressCheck.chooseLabel', { name: c.name })}
                      disabled={send.isPending}
                      onClick={() => void answer({ [field]: c.id }, t('addressCheck.corrected'))}
                    >
                      {t('addressCheck.choose')}
                    </Button>
                  </Group>
                </List.Item>
              ))}
            </List>
          </Stack>
        ) : null}
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void answer(
              {
                county: address.county.trim(),
                city: address.city.trim(),
                street: address.street.trim(),
                number: address.number.trim(),
              },
              t('addressCheck.corrected'),
            );
          }}
        >
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              {t('addressCheck.correct')}
            </Text>
            <Group gap="xs" align="end" wrap="wrap">
              {input('county', t('addressCheck.county'))}
              {input('city', t('addressCheck.city'))}
              {input('street', t('addressCheck.street'))}
              {input('number', t('addressCheck.number'))}
            </Group>
            {error ? (
              <Text size="sm" c="red" role="alert">
                {error}
              </Text>
            ) : null}
            <Group gap="xs" wrap="wrap">
              <Button
                size="xs"
                type="submit"
                disabled={!changed}
                aria-describedby={changed ? undefined : whyId}
                loading={send.isPending && 'street' in (send.variables ?? {})}
              >
                {t('addressCheck.save')}
              </Button>
              <Button
                size="xs"
                variant="default"
                disabled={send.isPending}
                onClick={() => void answer({ confirm: true }, t('addressCheck.confirmed'))}
              >
                {t('addressCheck.confirm')}
              </Button>
              {/* A disabled Save says why: the address is the one that failed the reading until it is changed. */}
              <WhyDisabled id={whyId} reason={changed ? null : t('common:form.noChanges')} />
            </Group>
          </Stack>
        </form>
      </Stack>
    </Alert>
  );
}
