import { Checkbox, NumberInput, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MEASURE_STEP, MIN_MEASURE, packageBody, type Package } from '../../../core/api/packages';
import { FormModal } from '../../components/FormModal';
import { applyServerErrors, useForm } from '../../lib/form';
import type { PackageFormBody } from './api';
import { withReason } from './errors';

/** Create defaults: every measure 1, active (spec part 2, section 5). */
export const emptyPackage = (): PackageFormBody => ({ name: '', description: '', length: 1, width: 1, height: 1, weight: 1, is_active: true });

const toFormValues = (p: Package): PackageFormBody => ({
  name: p.name,
  description: p.description ?? '',
  length: p.length,
  width: p.width,
  height: p.height,
  weight: p.weight,
  is_active: p.is_active,
});

/** Add (pkg null) or edit a package: name, description, length, width, height, weight, Active. */
export function PackageModal({
  opened,
  pkg,
  onClose,
  save,
  saving,
}: {
  opened: boolean;
  pkg: Package | null;
  onClose: () => void;
  save: (id: number | null, body: PackageFormBody) => Promise<unknown>;
  saving: boolean;
}) {
  const { t } = useTranslation('packages');
  const form = useForm<PackageFormBody>({ initialValues: emptyPackage(), schema: packageBody });
  const [error, setError] = useState<unknown>(null);

  const { reset } = form;
  useEffect(() => {
    if (opened) {
      reset(pkg ? toFormValues(pkg) : emptyPackage());
      setError(null);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, pkg]);

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      await save(pkg?.id ?? null, values);
      notifications.show({ color: 'green', message: pkg ? t('updated') : t('created') });
      onClose();
    } catch (e) {
      applyServerErrors(form, e);
      setError(withReason(e, (reason) => t(pkg ? 'errors.update' : 'errors.create', { reason }), t('errors.unknown')));
    }
  });

  const measure = (field: 'length' | 'width' | 'height' | 'weight') => (
    <NumberInput
      label={t(`field.${field}`)}
      required
      min={MIN_MEASURE}
      step={MEASURE_STEP}
      decimalScale={2}
      allowNegative={false}
      decimalSeparator="."
      {...form.getInputProps(field)}
    />
  );

  return (
    <FormModal opened={opened} onClose={onClose} title={pkg ? t('editTitle') : t('addTitle')} onSubmit={submit} submitting={saving} error={error}>
      <TextInput label={t('field.name')} required {...form.getInputProps('name')} />
      <Textarea label={t('field.description')} autosize minRows={2} maxRows={5} {...form.getInputProps('description')} />
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        {measure('length')}
        {measure('width')}
        {measure('height')}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 3 }}>{measure('weight')}</SimpleGrid>
      <Checkbox label={t('field.active')} {...form.getInputProps('is_active', { type: 'checkbox' })} />
    </FormModal>
  );
}
