import { Alert, Anchor, Grid, Group, Radio, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { NumberField } from '../../../components/NumberField';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
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
import { useCompanyPackages, useLockers } from '../api';
import { hasLockers, type Locker } from '../../../../core/api/lockers';
import { useCounties } from '../../../components/address/useGeo';
import { foldedFilter } from '../../../components/address/options';
import { courierName, withProviderReason } from '../shared/documents';
import {
  awbFormStart,
  awbPayload,
  defaultPackageOf,
  checkAwb,
  packageChoice,
  presetChoice,
  serverAwbErrors,
  sizeOf,
  toLocker,
  PACKAGE_FIELDS,
  shippingDefaultsOf,
  type AwbFormValues,
} from './awbForm';
import { useShippingSettings } from '../../../components/useShippingSettings';
import { foldForSearch } from '../../../../core/geo/text';
import { paths } from '../../../lib/paths';

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

/** How a point reads in the list: its name (and that it takes no cash on delivery), then where it is. */
function lockerLabel(l: Locker, t: TFunction<'orders'>): string {
  const name = l.cash_on_delivery ? l.name : t('awbModal.lockerNoCod', { name: l.name });
  return `${name} · ${[l.address, l.city].filter(Boolean).join(', ')}`;
}

/** The list with the chosen point kept in it when another city's answer no longer holds it. */
const withChosenLocker = (list: Locker[], chosen: Locker | null) =>
  !chosen || list.some((l) => l.id === chosen.id) ? list : [chosen, ...list];

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
  const settings = useShippingSettings(opened);
  const defaults = useMemo(() => shippingDefaultsOf(settings.data), [settings.data]);
  const form = useForm<AwbFormValues>({ initialValues: awbFormStart(order, courierKeys, defaultPackage, defaults) });
  const sizeTouched = useRef(false);
  // Cargus and Sameday pickers list the courier's own places (its ids): the order's address is
  // found there by its names, and a change of courier starts again from it.
  const source: GeoSource = (form.values.courier && PICKER_SOURCES[form.values.courier]) || 'geo';
  const resolved = useResolvedAddress(order.customer_detail, opened, source);
  // Spec: a select's list closes 150 ms after its field loses the focus.
  const courierList = useBlurCloseDelay();
  const packageList = useBlurCloseDelay();
  const lockerCountyList = useBlurCloseDelay();
  const lockerCityList = useBlurCloseDelay();
  const lockerList = useBlurCloseDelay();
  const [address, setAddress] = useState<AddressValue>(emptyAddress);
  const [addressErrors, setAddressErrors] = useState<AddressErrors>({});
  const [facts, setFacts] = useState<AddressFacts>(NO_FACTS);
  const [error, setError] = useState<unknown>(null);
  const addressTouched = useRef(false);
  // The point's county and city narrow the courier's list; the point chosen is kept whole for its COD rule.
  const [lockerCounty, setLockerCounty] = useState<string | null>(null);
  const [lockerCity, setLockerCity] = useState<string | null>(null);
  const [locker, setLocker] = useState<Locker | null>(null);
  const fieldsRef = useRef<HTMLDivElement>(null);

  // Each opening starts from the order as it is now.
  useEffect(() => {
    if (!opened) return;
    form.reset(awbFormStart(order, courierKeys, defaultPackage, defaults));
    sizeTouched.current = false;
    setAddress(resolved.data ?? emptyAddress);
    setAddressErrors({});
    setError(null);
    addressTouched.current = false;
    setLockerCounty(null);
    setLockerCity(null);
    setLocker(null);
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
      const start = awbFormStart(order, courierKeys, null, defaults).courier;
      if (start) form.setFieldValue('courier', start);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- when the couriers or the defaults arrive
  }, [opened, courierKeys, defaults]);
  // A preset default size fills the numbers once the settings arrive, unless a size is there or chosen.
  useEffect(() => {
    if (!opened || !defaults.preset || defaultPackage || sizeTouched.current || form.values.package) return;
    const start = awbFormStart(order, courierKeys, null, defaults);
    for (const f of ['package', ...PACKAGE_FIELDS] as const) form.setFieldValue(f, start[f]);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- when the defaults arrive
  }, [opened, defaults]);

  const courier = form.values.courier;
  const chosen = usable.find((i) => i.key === courier) ?? null;
  // A point belongs to one courier: another courier starts the choice again (DPD has none).
  const lockerCourier = courier && hasLockers(courier) ? courier : null;
  const toPoint = toLocker(form.values);
  const lastCourier = useRef(courier);
  useEffect(() => {
    if (lastCourier.current === courier) return;
    lastCourier.current = courier;
    setLocker(null);
    form.setFieldValue('locker_id', null);
    if (!lockerCourier) form.setFieldValue('deliver', 'address');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the courier changes
  }, [courier]);
  const counties = useCounties(opened && toPoint, 'geo');
  // A locker search starts in the order's county (its name as the address data spells it).
  useEffect(() => {
    if (!toPoint || lockerCounty !== null || !counties.data) return;
    const wanted = foldForSearch(order.customer_detail?.county ?? '');
    const match = wanted ? counties.data.find((c) => foldForSearch(c.name) === wanted) : undefined;
    if (match) setLockerCounty(match.name);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- when delivering to a point is chosen, or the counties arrive
  }, [toPoint, counties.data]);
  const lockers = useLockers(toPoint ? lockerCourier : null, lockerCounty, lockerCity);
  // A point that does not collect cash on delivery takes the parcel only without it.
  const noCodAtPoint = toPoint && locker !== null && !locker.cash_on_delivery;
  const chooseLocker = (id: string | null) => {
    const point = lockers.data?.data.find((l) => l.id === id) ?? null;
    setLocker(point);
    form.setFieldValue('locker_id', point?.id ?? null);
    if (point && !point.cash_on_delivery) form.setFieldValue('cod', 'none');
  };
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
          description={
            noCodAtPoint
              ? t('awbModal.codNotAtPoint')
              : t('awbModal.codPaidBy', { method: t(`payment.${order.payment_method ?? 'cash_on_delivery'}`) })
          }
          value={form.values.cod}
          onChange={(v) => form.setFieldValue('cod', v === 'none' ? 'none' : 'total')}
          error={form.errors.cash_on_delivery}
          data-testid="awb-cod"
        >
          <Stack gap={6} mt={6}>
            <Radio
              value="total"
              disabled={noCodAtPoint}
              label={t('awbModal.codTotal', { amount: formatAmount(order.total_value, 'RON', i18n.language) })}
            />
            <Radio value="none" label={t('awbModal.codNone')} />
          </Stack>
        </Radio.Group>
        {integrations.isSuccess && usable.length === 0 ? (
          <Alert color="orange" role="alert" title={t('awbModal.noCouriers')}>
            <Anchor component={Link} to={paths.integrations()}>
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
        {lockerCourier ? (
          <Radio.Group
            label={t('awbModal.deliverTo')}
            value={form.values.deliver}
            onChange={(v) => form.setFieldValue('deliver', v === 'locker' ? 'locker' : 'address')}
            data-testid="awb-deliver-to"
          >
            <Group gap="lg" mt={6}>
              <Radio value="address" label={t('awbModal.toAddress')} />
              <Radio value="locker" label={t('awbModal.toLocker')} />
            </Group>
          </Radio.Group>
        ) : null}
        {toPoint && lockerCourier ? (
          <>
            <Grid gap="sm">
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <Select
                  {...lockerCountyList}
                  label={t('awbModal.lockerCounty')}
                  withAsterisk
                  data={(counties.data ?? []).map((c) => c.name)}
                  value={lockerCounty}
                  // A required choice: picking the chosen county again keeps it.
                  allowDeselect={false}
                  onChange={(v) => {
                    setLockerCounty(v);
                    setLockerCity(null);
                    chooseLocker(null);
                  }}
                  searchable
                  filter={foldedFilter}
                  comboboxProps={{ withinPortal: true }}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <Select
                  {...lockerCityList}
                  label={t('awbModal.lockerCity')}
                  placeholder={t('awbModal.lockerCityPlaceholder')}
                  data={lockers.data?.meta.cities ?? []}
                  value={lockerCity}
                  onChange={(v) => {
                    setLockerCity(v);
                    if (locker && v && locker.city !== v) chooseLocker(null);
                  }}
                  disabled={!lockerCounty}
                  searchable
                  clearable
                  filter={foldedFilter}
                  comboboxProps={{ withinPortal: true }}
                />
              </Grid.Col>
            </Grid>
            <Select
              {...lockerList}
              label={t('awbModal.locker')}
              placeholder={t('awbModal.lockerPlaceholder')}
              withAsterisk
              data={withChosenLocker(lockers.data?.data ?? [], locker).map((l) => ({
                value: l.id,
                label: lockerLabel(l, t),
              }))}
              value={form.values.locker_id}
              onChange={chooseLocker}
              disabled={!lockerCounty}
              searchable
              filter={foldedFilter}
              nothingFoundMessage={t('awbModal.noLockers')}
              error={
                form.errors.locker_id ??
                (lockers.isError
                  ? t('awbModal.lockersFailed', {
                      reason: errorMessage(lockers.error, t('common:errors.unexpected')),
                    })
                  : undefined)
              }
              description={
                lockers.data
                  ? lockers.data.meta.total === 0
                    ? t('awbModal.noLockers')
                    : t('awbModal.lockersOf', { count: lockers.data.meta.total, name: courierName(lockerCourier, t) })
                  : undefined
              }
              comboboxProps={{ withinPortal: true }}
              data-testid="awb-locker"
            />
          </>
        ) : null}
        {!toPoint && source !== 'geo' && courier ? (
          <Text size="xs" c="dimmed" data-testid="awb-locations">
            {t('awbModal.locationsOf', { name: courierName(courier, t) })}
          </Text>
        ) : null}
        {toPoint ? null : (
          <>
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
          </>
        )}
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
              <NumberField
                label={t(`awbModal.${f.replace('package_', '')}`)}
                withAsterisk
                step={PACKAGE_STEPS[f]}
                scale={2}
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
