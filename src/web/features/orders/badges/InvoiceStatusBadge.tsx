import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InvoiceStatusValue } from '../../../../core/orders/statuses';
import { WHOLE_BADGE } from '../../../components/StatusBadge';

const COLORS: Record<InvoiceStatusValue, string> = {
  none: 'gray',
  issued: 'teal',
  partially_storno: 'orange',
  storno: 'grape',
};

/** The order's invoice status, beside (never instead of) its status badge. */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatusValue | null | undefined }) {
  const { t } = useTranslation('orders');
  const value: InvoiceStatusValue = status ?? 'none';
  return (
    <Badge color={COLORS[value] ?? 'gray'} variant="outline" miw={WHOLE_BADGE} data-testid="invoice-status-badge">
      {t(`invoiceStatus.${value}`, { defaultValue: value })}
    </Badge>
  );
}
