import { Alert, Anchor, Grid, NumberInput, Radio, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBlurCloseDelay } from '../../../components/useBlurCloseDelay';
import type { Order } from '../../../../core/api/orders';
import {
  AWB_COURIERS,
  PACKAGE_PRESETS,
  PACKAGE_STEPS,
  type AwbPayload,
  type PackagePreset,
} from '../../../../core/api/shipping';
import {
  AddressPicker,
  emptyAddress,
  useResolvedAddress,
  type AddressErrors,
  type AddressFacts,
  type AddressPart,
  type AddressValue,
  type GeoSource,
} from '../../../components/address';
import { FormModal } from '../../../components/FormModal';
import { usableIntegrations, useCompanyIntegrations } from '../../../components/useCompanyIntegrations';
import { ApiError, errorMessage } from '../../../lib/api';
import { formatAmount } from '../../../lib/format';
import { useForm } from '../../../lib/form';
import { localeOf } from '../../../lib/i18n';
import { useCompanyPackages } from '../api';
import { courierName, withProviderReason } from '../detail/documents';
import {
  awbFormStart,
  awbPayload,
  defaultPackageOf,
  checkAwb,
  packageChoice,
  presetChoice,
  serverAwbErrors,
  sizeOf,
  PACKAGE_FIELDS,
  type AwbFormValues,
} from './awbForm';

export interface AwbModalProps {
  opened: boolean;
  onClose: () => void;
  order: Order;
  /** Sends the AWB; answers the server's `{data: Order}`. */
  create: (payload: AwbPayload) => Promise<{ data: Order }>;
  saving: boolean;
  /** After a created AWB (the notice and closing are the caller's). */
  onCreated: (order: Order) => void;
}

/** Couriers whose location pickers are their own (spec: Cargus and Sameday); the others use the address data. */
const PICKER_SOURCES: Partial<Record<string, GeoSource>> = { cargus: 'cargus', sameday: 'sameday' };
const NO_FACTS: AddressFacts = { cityCodedByStreet: false, streetNeedsNumber: false };

/**
 * The spec's AWB creation modal: courier (the company's active, configured courier integrations),
 * the shared address picker (the courier's own locations for Cargus and Sameday), address,
 * a size (the spec's presets or the company's packages) with dimensions and weight, observations and
 * package content. Checked in the spec's order before sending, with the server's texts; the server's
 * 422 lands on the same fields and a courier's own refusal is shown as it said it. Nothing typed is
 * lost on an error.
 */
export function AwbModal({ opened, onClose, order, create, saving, onCreated }: AwbModalProps) {
  const { t, i18n } = useTranslation('orders');
  const lang = i18n.language === 'ro' ? 'ro' : 'en';
  const integrations = useCompanyIntegrations(opened);
  const usable = useMemo(
    () =>
      usableIntegrations(integrations.data, 'courier').filter((i) =>
        (AWB_COURIERS as readonly string[]).includes(i.key),
      ),
    [integrations.data],
  );
  const courierKeys = useMemo(() => usable.map((i) => i.key as string), [usable]);
  const packages = useCompanyPackages(opened);

  const defaultPackage = defaultPackageOf(packages.data);
  const form = useForm<AwbFormValues>({ initialValues: awbFormStart(order, courierKeys, defaultPackage) });
  const sizeTouched = useRef(false);
  // Cargus and Sameday pickers list the courier's own places (its ids): the order's address is
  // found there by its names, and a change of courier starts again from it.
  const source: GeoSource = (form.values.courier && PICKER_SOURCES[form.values.courier]) || 'geo';
  const resolved = useResolvedAddress(order.customer_detail, opened, source);
  // Spec: a select's list closes 150 ms after its field loses the focus.
  const courierList = useBlurCloseDelay();
  const packageList = useBlurCloseDelay();
  const [address, setAddress] = useState<AddressValue>(emptyAddress);
  const [addressErrors, setAddressErrors] = useState<AddressErrors>({});
  const [facts, setFacts] = useState<AddressFacts>(NO_FACTS);
  const [error, setError] = useState<unknown>(null);
  const addressTouched = useRef(false);
  const fieldsRef = useRef<HTMLDivElement>(null);

  // Each opening starts from the order as it is now.
  useEffect(() => {
    if (!opened) return;
    form.reset(awbFormStart(order, courierKeys, defaultPackage));
    sizeTouched.current = false;
    setAddress(resolved.data ?? emptyAddress);
    setAddressErrors({});
    setError(null);
    addressTouched.current = false;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on opening
  }, [opened]);
  // What arrives after the opening fills what the user has not touched yet.
  useEffect(() => {
    if (opened && resolved.data && !addressTouched.current) setAddress(resolved.data);
  }, [opened, resolved.data]);
  const lastSource = useRef(source);
  useEffect(() => {
    if (lastSource.current === source) return;
    lastSource.current = source;
    addressTouched.current = false;
    setAddress(resolved.data ?? emptyAddress);
    setAddressErrors({});
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the source changes
  }, [source]);
  // The company's default package fills the four numbers once the packages arrive, unless the user chose a size.
  useEffect(() => {
    if (!opened || !defaultPackage || sizeTouched.current || form.values.package) return;
    form.setFieldValue('package', packageChoice(defaultPackage.id));
    form.setFieldValue('package_width', defaultPackage.width);
    form.setFieldValue('package_height', defaultPackage.height);
    form.setFieldValue('package_length', defaultPackage.length);
    form.setFieldValue('package_weight', defaultPackage.weight);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- when the packages arrive
  }, [opened, defaultPackage]);
  useEffect(() => {
    if (opened && form.values.courier === null && courierKeys.length) {
      const start = awbFormStart(order, courierKeys).courier;
      if (start) form.setFieldValue('courier', start);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- when the couriers arrive
  }, [opened, courierKeys]);

  const courier = form.values.courier;
  const chosen = usable.find((i) => i.key === courier) ?? null;
  const cargus = courier === 'cargus';
  const requiredParts: AddressPart[] = [
    'county',
    'city',
    ...(cargus && facts.cityCodedByStreet ? (['street'] as const) : []),
    ...(cargus && facts.streetNeedsNumber ? (['street_number'] as const) : []),
  ];
  const busy = order.awb_state ? t(order.awb_state === 'pending' ? 'detail.awbPending' : 'detail.awbUnknown') : null;

  const number = (n: number) => n.toLocaleString(localeOf(i18n.language), { maximumFractionDigits: 2 });
  const sizeLabel = (
    name: string,
    s: { package_width: number; package_height: number; package_length: number; package_weight: number },
  ) =>
    t('awbModal.packageOption', {
      name,
      size: [s.package_width, s.package_height, s.package_length].map(number).join('×'),
      weight: number(s.package_weight),
    });
  const sizeOptions = [
    {
      group: t('awbModal.presetsGroup'),
      items: (Object.keys(PACKAGE_PRESETS) as PackagePreset[]).map((p) => ({
        value: presetChoice(p),
        label: sizeLabel(t(`awbModal.preset.${p}`), PACKAGE_PRESETS[p]),
      })),
    },
    ...(packages.data?.length
      ? [
          {
            group: t('awbModal.packagesGroup'),
            items: packages.data.map((p) => ({
              value: packageChoice(p.id),
              label: sizeLabel(p.name, {
                package_width: p.width,
                package_height: p.height,
                package_length: p.length,
                package_weight: p.weight,
              }),
            })),
          },
        ]
      : []),
  ];

  const chooseSize = (choice: string | null) => {
    sizeTouched.current = true;
    form.setFieldValue('package', choice);
    const size = sizeOf(choice, packages.data ?? []);
    if (size) for (const f of PACKAGE_FIELDS) form.setFieldValue(f, size[f]);
  };

  const changeAddress = (next: AddressValue) => {
    addressTouched.current = true;
    setAddress(next);
    setAddressErrors({});
  };

  /** Moves the focus to the first field marked invalid (after the messages are drawn). */
  const focusFirstError = () =>
    setTimeout(
      () => fieldsRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]:not([disabled])')?.focus(),
      0,
    );

  const submit = async () => {
    const payload = awbPayload(order, form.values, address);
    const check = checkAwb(form.values, address, payload, courierKeys, facts, lang);
    if (check) {
      form.setErrors(check.fields);
      setAddressErrors(check.address);
      setError(check.other.length ? new ApiError(422, t('awbModal.fixErrors'), { customer: check.other }) : null);
      focusFirstError();
      return;
    }
    setError(null);
    try {
      const answer = await create(payload);
      onCreated(answer.data);
    } catch (e) {
      if (e instanceof ApiError && e.status === 422) {
        const server = serverAwbErrors(e.errors);
        form.setErrors(server.fields);
        setAddressErrors(server.address);
      }
      setError(withProviderReason(e, t('errors.awbCreate')));
      focusFirstError();
    }
  };

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t('awbModal.title', { id: order.id })}
      onSubmit={() => void submit()}
      submitting={saving}
      error={error}
      errorFallback={t('errors.awbCreate')}
      submitLabel={t('awbModal.submit')}
      submitDisabled={Boolean(busy)}
      size="xl"
    >
      <Stack gap="sm" ref={fieldsRef} data-testid="awb-form">
        {busy ? (
          <Alert color="yellow" role="status">
            {busy}
          </Alert>
        ) : null}
        <Text size="sm" c="dimmed">
          {t('awbModal.recipient', {
            name: order.customer_detail?.name ?? '—',
            phone: order.customer_detail?.phone_number ?? '—',
          })}
        </Text>
        <Radio.Group
          label={t('awbModal.codChoice')}
          description={t('awbModal.codPaidBy', { method: t(`payment.${order.payment_method ?? 'cash_on_delivery'}`) })}
          value={form.values.cod}
          onChange={(v) => form.setFieldValue('cod', v === 'none' ? 'none' : 'total')}
          error={form.errors.cash_on_delivery}
          data-testid="awb-cod"
        >
          <Stack gap={6} mt={6}>
            <Radio
              value="total"
              label={t('awbModal.codTotal', { amount: formatAmount(order.total_value, 'RON', i18n.language) })}
            />
            <Radio value="none" label={t('awbModal.codNone')} />
          </Stack>
        </Radio.Group>
        {integrations.isSuccess && usable.length === 0 ? (
          <Alert color="orange" role="alert" title={t('awbModal.noCouriers')}>
            <Anchor component={Link} to="/integrations">
              {t('awbModal.setUpCouriers')}
            </Anchor>
          </Alert>
        ) : null}
        <Select
          {...courierList}
          label={t('awbModal.courier')}
          placeholder={t('awbModal.courierPlaceholder')}
          withAsterisk
          data-autofocus={courier ? undefined : true}
          data={usable.map((i) => ({
            value: i.key,
            label: i.emulated ? t('awbModal.emulatedOption', { name: courierName(i.key, t) }) : courierName(i.key, t),
          }))}
          value={courier}
          onChange={(v) => form.setFieldValue('courier', v)}
          error={
            form.errors.courier ??
            (integrations.isError
              ? t('awbModal.couriersFailed', {
                  reason: errorMessage(integrations.error, t('common:errors.unexpected')),
                })
              : undefined)
          }
          description={chosen?.emulated ? t('awbModal.emulatedHint', { name: courierName(chosen.key, t) }) : undefined}
          comboboxProps={{ withinPortal: true }}
        />
        {source !== 'geo' && courier ? (
          <Text size="xs" c="dimmed" data-testid="awb-locations">
            {t('awbModal.locationsOf', { name: courierName(courier, t) })}
          </Text>
        ) : null}
        <AddressPicker
          value={address}
          onChange={changeAddress}
          errors={addressErrors}
          required={requiredParts}
          enabled={opened}
          source={source}
          onFacts={setFacts}
        />
        <TextInput
          label={t('awbModal.address')}
          placeholder={t('awbModal.addressPlaceholder')}
          withAsterisk={Boolean(courier) && !cargus}
          maxLength={255}
          {...form.getInputProps('address')}
        />
        <Select
          {...packageList}
          label={t('awbModal.package')}
          placeholder={t('awbModal.packagePlaceholder')}
          data={sizeOptions}
          value={form.values.package}
          onChange={chooseSize}
          clearable
          error={
            packages.isError
              ? t('awbModal.packagesFailed', { reason: errorMessage(packages.error, t('common:errors.unexpected')) })
              : undefined
          }
          comboboxProps={{ withinPortal: true }}
        />
        {defaultPackage && form.values.package === packageChoice(defaultPackage.id) ? (
          <Text size="xs" c="dimmed" data-testid="awb-default-package">
            {t('awbModal.defaultPackage', { name: defaultPackage.name })}
          </Text>
        ) : null}
        <Grid gap="sm">
          {PACKAGE_FIELDS.map((f) => (
            <Grid.Col key={f} span={{ base: 6, sm: 3 }}>
              <NumberInput
                label={t(`awbModal.${f.replace('package_', '')}`)}
                withAsterisk
                min={0}
                step={PACKAGE_STEPS[f]}
                decimalScale={2}
                hideControls={false}
                {...form.getInputProps(f)}
              />
            </Grid.Col>
          ))}
        </Grid>
        <Textarea
          label={t('awbModal.observations')}
          placeholder={t('awbModal.observationsPlaceholder')}
          autosize
          minRows={2}
          maxLength={500}
          {...form.getInputProps('observations')}
        />
        <TextInput label={t('awbModal.content')} maxLength={255} {...form.getInputProps('package_content')} />
      </Stack>
    </FormModal>
  );
}
