import { SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { NumberField } from '../../../components/NumberField';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal';
import { ApiError } from '../../../lib/api';
import { notifyDone } from '../shared/feedback';
import type { OrderProduct } from '../../../../core/api/orders';
import { discountInput, type DiscountDraft } from './discountInput';

const BLANK: DiscountDraft = { lineId: null, type: 'amount', value: '' };

/**
 * Add a discount by hand: one of the order's products (or none: the whole order), a type (amount or
 * percentage only) and a value with step 0.01. Without a type and a number: "Please provide valid inputs".
 */
export function AddDiscountDialog({
  opened,
  onClose,
  lines,
  onAdd,
  saving,
}: {
  opened: boolean;
  onClose: () => void;
  lines: OrderProduct[];
  onAdd: (body: NonNullable<ReturnType<typeof discountInput>>) => Promise<unknown>;
  saving: boolean;
}) {
  const { t } = useTranslation('orders');
  const [draft, setDraft] = useState<DiscountDraft>(BLANK);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    if (opened) {
      setDraft(BLANK);
      setError(null);
    }
  }, [opened]);

  const submit = async () => {
    const body = discountInput(draft);
    if (!body) {
      setError(new ApiError(422, t('errors.invalidInputs')));
      return;
    }
    setError(null);
    try {
      await onAdd(body);
      notifyDone(t('discounts.added'));
      onClose();
    } catch (e) {
      setError(e);
    }
  };
  const fieldError = (f: string) => (error instanceof ApiError ? error.errors[f]?.[0] : undefined);

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t('discounts.addTitle')}
      onSubmit={() => void submit()}
      submitting={saving}
      error={error}
      errorFallback={t('errors.discountCreate')}
      size="md"
    >
      <Select
        label={t('discounts.product')}
        placeholder={t('discounts.productPlaceholder')}
        description={t('discounts.productHint')}
        clearable
        searchable
        data={lines.map((l) => ({ value: String(l.id), label: `${l.product.name} (${l.product.sku})` }))}
        value={draft.lineId}
        onChange={(v) => setDraft((d) => ({ ...d, lineId: v }))}
        error={fieldError('order_product_id')}
        comboboxProps={{ withinPortal: true }}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('discounts.type')}
        </Text>
        <SegmentedControl
          aria-label={t('discounts.type')}
          data={[
            { value: 'amount', label: t('discounts.amount') },
            { value: 'percentage', label: t('discounts.percentage') },
          ]}
          value={draft.type ?? ''}
          onChange={(v) => setDraft((d) => ({ ...d, type: v as DiscountDraft['type'] }))}
        />
      </Stack>
      <NumberField
        label={t('discounts.value')}
        required
        scale={2}
        max={draft.type === 'percentage' ? 100 : undefined}
        rightSection={
          <Text size="xs" c="dimmed">
            {draft.type === 'percentage' ? '%' : 'RON'}
          </Text>
        }
        value={draft.value}
        onChange={(v) => setDraft((d) => ({ ...d, value: v }))}
        error={fieldError('value')}
        data-autofocus
      />
    </FormModal>
  );
}
