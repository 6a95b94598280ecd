import { Checkbox, Group, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { companyBody, type Company } from '../../../core/api/companies';
import { FormModal } from '../../components/FormModal';
import { NumberField } from '../../components/NumberField';
import { useModalForm, type EntityModalProps } from '../../components/useModalForm';

export interface CompanyFormValues {
  name: string;
  vat_number: string;
  administrator_name: string;
  vat_payer: boolean;
  active: boolean;
  address: string;
  city: string;
  county: string;
  /** Lei per euro, four decimals at most ('' for none). */
  eur_rate: number | string;
}

export const emptyCompany: CompanyFormValues = {
  name: '',
  vat_number: '',
  administrator_name: '',
  vat_payer: false,
  active: true,
  address: '',
  city: '',
  county: '',
  eur_rate: '',
};

export function toFormValues(c: Company): CompanyFormValues {
  return {
    name: c.name,
    vat_number: c.vat_number,
    administrator_name: c.administrator_name,
    vat_payer: c.vat_payer,
    active: c.active,
    address: c.address ?? '',
    city: c.city ?? '',
    county: c.county ?? '',
    eur_rate: c.eur_rate === null || c.eur_rate === undefined ? '' : String(c.eur_rate),
  };
}

/** Add (entity null) or edit a company. `save` answers when the server accepted it. */
export function CompanyModal({
  opened,
  entity: company,
  onClose,
  save,
  saving,
}: EntityModalProps<Company, CompanyFormValues>) {
  const { t } = useTranslation('companies');
  const { form, modal } = useModalForm({
    opened,
    entity: company,
    onClose,
    saving,
    blank: emptyCompany,
    toValues: toFormValues,
    schema: companyBody,
    save: (values) => save(company?.id ?? null, values),
    savedMessage: () => (company ? t('updated') : t('created')),
  });

  return (
    <FormModal
      {...modal}
      title={company ? t('editTitle') : t('addTitle')}
      errorFallback={company ? t('errors.update') : t('errors.create')}
    >
      <TextInput label={t('field.name')} required {...form.getInputProps('name')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('field.vat_number')}
          description={t('field.vat_number_hint')}
          required
          {...form.getInputProps('vat_number')}
        />
        <TextInput label={t('field.administrator_name')} required {...form.getInputProps('administrator_name')} />
      </SimpleGrid>
      <TextInput label={t('field.address')} {...form.getInputProps('address')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('field.city')} {...form.getInputProps('city')} />
        <TextInput label={t('field.county')} {...form.getInputProps('county')} />
      </SimpleGrid>
      <NumberField
        label={t('field.eur_rate')}
        description={t('field.eur_rate_hint')}
        scale={4}
        w={{ base: '100%', sm: 260 }}
        {...form.getInputProps('eur_rate')}
      />
      <Group>
        <Checkbox label={t('field.vat_payer')} {...form.getInputProps('vat_payer', { type: 'checkbox' })} />
        <Checkbox label={t('field.active')} {...form.getInputProps('active', { type: 'checkbox' })} />
      </Group>
    </FormModal>
  );
}
