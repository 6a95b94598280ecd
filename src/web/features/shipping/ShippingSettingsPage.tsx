import { Alert, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AWB_COURIERS } from '../../../core/api/shipping';
import type { Package } from '../../../core/api/packages';
import { PACKAGE_PRESET_NAMES, LABEL_FORMATS, type ShippingSettings } from '../../../core/api/shippingSettings';
import { FormErrorAlert } from '../../components/FormModal';
import { ErrorState, LoadingState, PageHeader } from '../../components/states';
import { usableIntegrations, useCompanyIntegrations } from '../../components/useCompanyIntegrations';
import { SHIPPING_SETTINGS, useShippingSettings } from '../../components/useShippingSettings';
import { api, errorMessage } from '../../lib/api';
import { serverFieldErrors } from '../../lib/form';
import { queryKeys } from '../../lib/queryKeys';
import { useCompanyId } from '../../lib/session';

/** The couriers' own names (brands: the same in both languages). */
const COURIER_NAMES: Record<string, string> = { cargus: 'Cargus', sameday: 'Sameday', dpd: 'DPD', fan: 'FAN Courier' };

interface Values {
  label_format: string;
  default_courier: string | null;
  /** A package's id as text, a preset's name, or null. */
  default_package_id: string | null;
}

const valuesOf = (s: ShippingSettings): Values => ({
  label_format: s.label_format,
  default_courier: s.default_courier,
  default_package_id: s.default_package_id === null ? null : String(s.default_package_id),
});

/**
 * /shipping-settings: the selected company's label format (A4 or a thermal printer's A6) and the
 * courier and package a new AWB starts with. Saved as a whole; the server keeps what is not sent.
 */
export function ShippingSettingsPage() {
  const { t } = useTranslation('shipping');
  const companyId = useCompanyId();
  const queryClient = useQueryClient();
  const settings = useShippingSettings();
  const integrations = useCompanyIntegrations();
  const packages = useQuery({
    queryKey: queryKeys.list('package', companyId, { page: 1, items: 100 }),
    queryFn: ({ signal }) =>
      api
        .get<{ data: Package[] }>('/api/v1/package', { page: 1, items: 100 }, signal)
        .then((r) => r.data.filter((p) => p.is_active)),
    enabled: companyId !== null,
  });
  const [values, setValues] = useState<Values | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    if (settings.data) setValues(valuesOf(settings.data));
  }, [settings.data]);

  const save = useMutation({
    mutationFn: (v: Values) =>
      api.post<{ data: ShippingSettings }>(`/api/v1/company/${companyId}/shipping`, {
        label_format: v.label_format,
        default_courier: v.default_courier,
        default_package_id:
          v.default_package_id === null || !/^\d+$/.test(v.default_package_id)
            ? v.default_package_id
            : Number(v.default_package_id),
      }),
    onSuccess: (res) => {
      queryClient.setQueryData(queryKeys.detail(SHIPPING_SETTINGS, companyId, 'settings'), res.data);
      // A package chosen here is now the packages list's default.
      void queryClient.invalidateQueries({ queryKey: queryKeys.all('package') });
      setErrors({});
      setError(null);
      notifications.show({ color: 'green', message: t('saved') });
    },
    onError: (e) => {
      const fields = serverFieldErrors(e);
      setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])));
      setError(Object.keys(fields).length ? null : e);
    },
  });

  if (companyId === null)
    return (
      <Stack maw={640}>
        <PageHeader title={t('title')} />
        <Text>{t('noCompany')}</Text>
      </Stack>
    );

  const couriers = usableIntegrations(integrations.data, 'courier').filter((i) =>
    (AWB_COURIERS as readonly string[]).includes(i.key),
  );
  const courierData = [
    { value: '', label: t('none') },
    ...couriers.map((i) => ({ value: i.key as string, label: COURIER_NAMES[i.key] ?? i.key })),
  ];
  const packageData = [
    { group: t('none'), items: [{ value: '', label: t('none') }] },
    ...(packages.data?.length
      ? [{ group: t('packagesGroup'), items: packages.data.map((p) => ({ value: String(p.id), label: p.name })) }]
      : []),
    { group: t('presetsGroup'), items: PACKAGE_PRESET_NAMES.map((p) => ({ value: p, label: t(`preset.${p}`) })) },
  ];
  const set = (patch: Partial<Values>) => setValues((v) => (v ? { ...v, ...patch } : v));
  // What failed to load is asked again by Try again: the settings themselves, or the couriers and
  // packages the choices come from (without them the form would offer fewer choices than there are).
  const failed = [settings, integrations, packages].filter((q) => q.isError);
  const loadError = failed.length ? (
    <ErrorState
      message={errorMessage(failed[0].error, t('loadFailed'))}
      onRetry={() => void Promise.all(failed.map((q) => q.refetch()))}
      retrying={failed.some((q) => q.isFetching)}
    />
  ) : null;

  return (
    <Stack maw={640}>
      <PageHeader title={t('title')} />
      <Text c="dimmed" size="sm">
        {t('intro')}
      </Text>
      {values ? loadError : null}
      <Paper withBorder p="md">
        {values ? (
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (!save.isPending) save.mutate(values);
            }}
          >
            <Stack gap="sm">
              <FormErrorAlert error={error} />
              <Select
                label={t('labelFormat')}
                description={t('labelFormatHint')}
                data={LABEL_FORMATS.map((f) => ({ value: f, label: t(`formats.${f}`) }))}
                value={values.label_format}
                onChange={(v) => v && set({ label_format: v })}
                allowDeselect={false}
                error={errors.label_format}
                data-testid="label-format"
              />
              <Select
                label={t('defaultCourier')}
                description={t('defaultCourierHint')}
                data={courierData}
                value={values.default_courier ?? ''}
                onChange={(v) => set({ default_courier: v ? v : null })}
                allowDeselect={false}
                error={errors.default_courier}
                data-testid="default-courier"
              />
              {integrations.isSuccess && couriers.length === 0 ? <Alert color="yellow">{t('noCouriers')}</Alert> : null}
              <Select
                label={t('defaultPackage')}
                description={t('defaultPackageHint')}
                data={packageData}
                value={values.default_package_id ?? ''}
                onChange={(v) => set({ default_package_id: v ? v : null })}
                allowDeselect={false}
                error={errors.default_package_id}
                data-testid="default-package"
              />
              <Group justify="flex-end">
                <Button type="submit" loading={save.isPending}>
                  {t('save')}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : settings.isError ? (
          loadError
        ) : (
          <LoadingState />
        )}
      </Paper>
    </Stack>
  );
}
