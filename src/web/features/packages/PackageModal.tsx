import { Checkbox, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MEASURE_STEP, MIN_MEASURE, packageBody, type Package } from '../../../core/api/packages';
import { FormModal } from '../../components/FormModal';
import { NumberField } from '../../components/NumberField';
import { useModalForm, type EntityModalProps } from '../../components/useModalForm';
import { withReason } from '../../lib/api';
import type { PackageFormBody } from './api';

/** Create defaults: every measure 1 (the smallest allowed), active. */
export const emptyPackage = (): PackageFormBody => ({
  name: '',
  description: '',
  length: 1,
  width: 1,
  height: 1,
  weight: 1,
  is_active: true,
  is_default: false,
});

const toFormValues = (p: Package): PackageFormBody => ({
  name: p.name,
  description: p.description ?? '',
  length: p.length,
  width: p.width,
  height: p.height,
  weight: p.weight,
  is_active: p.is_active,
  is_default: p.is_default,
});

/** Add (entity null) or edit a package: name, description, length, width, height, weight, Active. */
export function PackageModal({
  opened,
  entity: pkg,
  onClose,
  save,
  saving,
}: EntityModalProps<Package, PackageFormBody>) {
  const { t } = useTranslation('packages');
  const { form, modal } = useModalForm({
    opened,
    entity: pkg,
    onClose,
    saving,
    blank: emptyPackage(),
    toValues: toFormValues,
    schema: packageBody,
    save: (values) => save(pkg?.id ?? null, values),
    savedMessage: () => (pkg ? t('updated') : t('created')),
    // "Failed to create package: {reason}" above the field messages.
    onError: (e) =>
      withReason(e, (reason) => t(pkg ? 'errors.update' : 'errors.create', { reason }), t('errors.unknown')),
  });

  const measure = (field: 'length' | 'width' | 'height' | 'weight') => (
    <NumberField
      label={t(`field.${field}`)}
      required
      min={MIN_MEASURE}
      step={MEASURE_STEP}
      scale={2}
      {...form.getInputProps(field)}
    />
  );

  return (
    <FormModal {...modal} title={pkg ? t('editTitle') : t('addTitle')}>
      <TextInput label={t('field.name')} required {...form.getInputProps('name')} />
      <Textarea
        label={t('field.description')}
        autosize
        minRows={2}
        maxRows={5}
        {...form.getInputProps('description')}
      />
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        {measure('length')}
        {measure('width')}
        {measure('height')}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 3 }}>{measure('weight')}</SimpleGrid>
      <Checkbox label={t('field.active')} {...form.getInputProps('is_active', { type: 'checkbox' })} />
      <Checkbox
        label={t('field.default')}
        description={t('field.defaultHint')}
        {...form.getInputProps('is_default', { type: 'checkbox' })}
      />
    </FormModal>
  );
}
