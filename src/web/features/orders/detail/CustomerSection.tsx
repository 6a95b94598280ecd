import { Anchor, Button, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconFlag, IconFlagOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EditableField } from '../../../components/EditableField';
import type { useOrderActions } from '../api';
import { CustomerFlags } from '../badges/CustomerFlags';
import { Section } from '../../../components/Section';
import { PAYMENT_METHODS, type Order } from '../../../../core/api/orders';
import { notifyFailed, orFallback } from '../shared/feedback';
import { cleanText } from '../shared/orderView';

type Actions = ReturnType<typeof useOrderActions>;

/**
 * The customer of the order, each field click-to-edit: name, email, address, city and county go to
 * customer-detail (only the changed field), the phone to the customer, notes and details to the order.
 * Flag customer, or Remove flag once this company flagged them (a second flag would add nothing).
 */
export function CustomerSection({
  order,
  actions,
  onFlag,
  onUnflag,
  flaggedByUs,
}: {
  order: Order;
  actions: Actions;
  onFlag: () => void;
  onUnflag: () => void;
  flaggedByUs: boolean;
}) {
  const { t } = useTranslation('orders');
  const c = order.customer_detail;
  const failed = t('errors.customer');
  const detail = (field: 'name' | 'email' | 'address' | 'city' | 'county') => (draft: string) =>
    orFallback(
      actions.updateCustomerDetail.mutateAsync({
        [field]: draft.trim() === '' && field !== 'name' ? null : draft.trim(),
      }),
      failed,
    );
  const required = (d: string) => (d.trim() ? null : t('form.required'));

  return (
    <Section
      title={
        <Group gap={6} component="span">
          {t('customer.title')}
          <CustomerFlags flags={c?.flags} size="md" />
        </Group>
      }
      actions={
        flaggedByUs ? (
          <Button size="xs" variant="default" leftSection={<IconFlagOff size={14} />} onClick={onUnflag}>
            {t('customer.unflag')}
          </Button>
        ) : (
          <Button size="xs" color="red" variant="light" leftSection={<IconFlag size={14} />} onClick={onFlag}>
            {t('customer.flag')}
          </Button>
        )
      }
      testId="customer-section"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        <EditableField
          label={t('customer.name')}
          value={cleanText(c?.name)}
          field="name"
          validate={required}
          onSave={detail('name')}
        />
        <EditableField
          label={t('customer.phone')}
          value={cleanText(c?.phone_number)}
          field="phone_number"
          validate={required}
          display={(v) => <Anchor href={`tel:${v}`}>{v}</Anchor>}
          disabled={!c?.customer_id}
          onSave={(draft) =>
            orFallback(actions.updatePhone.mutateAsync({ customerId: c!.customer_id!, phone: draft.trim() }), failed)
          }
        />
        <EditableField label={t('customer.email')} value={cleanText(c?.email)} field="email" onSave={detail('email')} />
        <EditableField
          label={t('customer.address')}
          value={cleanText(c?.address)}
          field="address"
          onSave={detail('address')}
        />
        <EditableField label={t('customer.city')} value={cleanText(c?.city)} field="city" onSave={detail('city')} />
        <EditableField
          label={t('customer.county')}
          value={cleanText(c?.county)}
          field="county"
          onSave={detail('county')}
        />
        {/* The postal code follows the address (the courier's rule picks it): shown, not typed. */}
        <Stack gap={2}>
          <Text size="xs" c="dimmed" fw={500}>
            {t('customer.postalCode')}
          </Text>
          <Text size="sm" data-testid="customer-postal-code">
            {cleanText(c?.zip_code) ?? '—'}
          </Text>
        </Stack>
        {/* How the order is paid: the AWB's cash on delivery starts from it. */}
        <Select
          label={t('payment.label')}
          description={t('payment.hint')}
          data={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`payment.${m}`) }))}
          value={order.payment_method}
          allowDeselect={false}
          disabled={actions.updateOrder.isPending}
          data-testid="payment-method"
          onChange={(v) => {
            if (v && v !== order.payment_method)
              actions.updateOrder.mutate(
                { payment_method: v },
                { onError: (e) => notifyFailed(e, t('errors.update')) },
              );
          }}
          comboboxProps={{ withinPortal: true }}
        />
        <EditableField
          label={t('customer.observations')}
          value={cleanText(order.observations)}
          field="observations"
          multiline
          onSave={(draft) => orFallback(actions.updateOrder.mutateAsync({ observations: draft }), t('errors.update'))}
        />
        <EditableField
          label={t('customer.details')}
          value={cleanText(order.details)}
          field="details"
          multiline
          onSave={(draft) => orFallback(actions.updateOrder.mutateAsync({ details: draft }), t('errors.update'))}
        />
      </SimpleGrid>
    </Section>
  );
}
