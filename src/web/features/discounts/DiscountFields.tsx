import { Badge, Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DISCOUNT_TYPES, type DiscountType } from '../../../core/api/discounts';
import { NumberField } from '../../components/NumberField';
import type { InputProps } from '../../lib/form';
import { TYPE_COLORS } from './format';

/** The type badge of a list row. */
export function DiscountTypeBadge({ type }: { type: DiscountType }) {
  const { t } = useTranslation('discounts');
  return (
    <Badge variant="light" color={TYPE_COLORS[type] ?? 'gray'}>
      {t(`type.${type}`, { defaultValue: type })}
    </Badge>
  );
}

/** Type select: percentage, amount, shipping. */
export function DiscountTypeSelect({
  value,
  onChange,
  error,
}: {
  value: string | null;
  onChange: (v: string | null) => void;
  error?: React.ReactNode;
}) {
  const { t } = useTranslation('discounts');
  return (
    <Select
      label={t('field.type')}
      placeholder={t('field.typePlaceholder')}
      required
      data={DISCOUNT_TYPES.map((type) => ({ value: type, label: t(`type.${type}`) }))}
      value={value}
      onChange={onChange}
      error={error}
      description={value ? t(`typeHint.${value}`) : undefined}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** The value input: percent or RON by type, min 0, step 0.01. Not shown for shipping (no value). */
export function DiscountValueInput({ type, inputProps }: { type: string | null; inputProps: InputProps }) {
  const { t } = useTranslation('discounts');
  if (type === 'shipping') return null;
  const label =
    type === 'percentage' ? t('field.valuePercent') : type === 'amount' ? t('field.valueAmount') : t('field.value');
  return (
    <NumberField
      label={label}
      required
      scale={2}
      step={0.01}
      rightSection={
        type === 'percentage' ? (
          <Text size="xs" c="dimmed">
            %
          </Text>
        ) : undefined
      }
      {...inputProps}
    />
  );
}
