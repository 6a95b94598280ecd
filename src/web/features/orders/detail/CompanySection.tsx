import { SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EditableField } from '../../../components/EditableField';
import type { CustomerDetailField, useOrderActions } from '../api';
import { Section } from '../../../components/Section';
import type { Order } from '../../../../core/api/orders';
import { orFallback } from '../shared/feedback';
import { cleanText } from '../shared/orderView';

const FIELDS: { field: CustomerDetailField; label: string }[] = [
  { field: 'company_name', label: 'company.name' },
  { field: 'vat_number', label: 'company.vat' },
  { field: 'company_address', label: 'company.address' },
  { field: 'company_city', label: 'company.city' },
  { field: 'company_county', label: 'company.county' },
];

/** The customer's company (for an invoice to a firm), each field click-to-edit; empty ones read "—". */
export function CompanySection({ order, actions }: { order: Order; actions: ReturnType<typeof useOrderActions> }) {
  const { t } = useTranslation('orders');
  const c = order.customer_detail;
  return (
    <Section title={t('company.title')} testId="company-section">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        {FIELDS.map(({ field, label }) => (
          <EditableField
            key={field}
            label={t(label)}
            value={cleanText(c?.[field])}
            field={field}
            onSave={(draft) =>
              orFallback(
                actions.updateCustomerDetail.mutateAsync({ [field]: draft.trim() === '' ? null : draft.trim() }),
                t('errors.customer'),
              )
            }
          />
        ))}
      </SimpleGrid>
    </Section>
  );
}
