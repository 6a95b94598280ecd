import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { WhyDisabled } from '../../components/FormModal';
import { NumberField } from '../../components/NumberField';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconMinus, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DEFAULT_PAYMENT_METHOD, PAYMENT_METHODS, type PaymentMethod } from '../../../core/api/orders';
import { fromBani } from '../../../core/money';
import { AddressPicker, emptyAddress } from '../../components/address';
import { CompanySourceSelect } from '../../components/CompanySourceSelect';
import { PHONE_QUERY } from '../../components/ListPage';
import { ProductSelect } from '../../components/ProductSelect';
import type { ProductOption } from '../../components/useProductOptions';
import { CompanyRequired, PageHeader } from '../../components/states';
import { api, ApiError, errorMessage } from '../../lib/api';
import { useIdempotentCall } from '../../lib/idempotency';
import { formatAmount } from '../../lib/format';
import { focusFirstError, useForm } from '../../lib/form';
import { queryKeys } from '../../lib/queryKeys';
import { useCompanyId } from '../../lib/session';
import { ADDRESS_FIELDS } from './new/address';
import { ORDERS_PATH } from './api';
import { Section } from '../../components/Section';
import { createdId, missingFields, newOrderPayload, placeServerErrors, type NewOrderValues } from './new/newOrder';
import {
  addLine,
  decrease,
  increase,
  lineBani,
  removeLine,
  runningTotals,
  setQuantity,
  type DraftLine,
} from './new/newOrderLines';
import { paths } from '../../lib/paths';

const BLANK: NewOrderValues = {
  name: '',
  phone_number: '',
  email: '',
  address: emptyAddress,
  block: '',
  staircase: '',
  apartment: '',
  source: null,
  payment_method: DEFAULT_PAYMENT_METHOD,
  details: '',
  lines: [],
};

/** /orders/new: customer, delivery address, product lines with a running total, source and details. */
export function NewOrderPage() {
  const { t } = useTranslation('orders');
  const companyId = useCompanyId();
  if (companyId === null)
    return (
      <>
        <PageHeader title={t('form.title')} />
        <CompanyRequired />
      </>
    );
  // A new company: a new, empty form (a draft never goes to another company).
  return <NewOrderForm key={companyId} companyId={companyId} />;
}

function NewOrderForm({ companyId }: { companyId: number }) {
  const { t, i18n } = useTranslation('orders');
  const navigate = useNavigate();
  const qc = useQueryClient();
  const check = (v: NewOrderValues) =>
    missingFields(v, {
      required: t('form.required'),
      atLeastOneProduct: t('form.atLeastOneProduct'),
      invalidEmail: t('server:invalid_email'),
    });
  const form = useForm<NewOrderValues>({ initialValues: BLANK, validate: check });
  // A refused submit (the form's own checks or the server's 422) moves the focus to the first field in error.
  const formRef = useRef<HTMLFormElement>(null);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) focusFirstError(formRef.current);
  }, [refusals]);
  const [picked, setPicked] = useState<ProductOption | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const { values, errors } = form;
  const phone = useMediaQuery(PHONE_QUERY, false) ?? false;

  // One Idempotency-Key per submission: a double click (two submits before the button is
  // disabled) or a retry of the same order sends the same key, and the server makes one order.
  const send = useIdempotentCall((payload: ReturnType<typeof newOrderPayload>, idempotencyKey: string) =>
    api.post<unknown>(ORDERS_PATH, payload, { idempotencyKey }),
  );
  const create = useMutation({
    mutationFn: (v: NewOrderValues) => send(newOrderPayload(v)),
    onSuccess: async (answer) => {
      await Promise.all(
        ['order', 'customer', 'product'].map((r) => qc.invalidateQueries({ queryKey: queryKeys.all(r) })),
      );
      const id = createdId(answer);
      notifications.show({ color: 'green', message: t('form.created', { id: id ?? '' }) });
      void navigate(id ? paths.order(id) : paths.orders());
    },
    onError: (e, v) => {
      // Everything typed stays; the server's messages go beside their fields.
      form.setErrors(placeServerErrors(e, v.lines));
      setFailure(e);
      setRefusals((n) => n + 1);
    },
  });

  const setLines = (next: DraftLine[]) => {
    form.setValues((prev) => ({ ...prev, lines: next }));
    if (errors.products && next.length > 0) form.setFieldError('products', null);
  };
  const addPicked = () => {
    if (!picked) return;
    const p = picked.product;
    setLines(
      addLine(values.lines, {
        product_id: p.id,
        sku: p.sku,
        name: picked.label,
        price: p.selling_price,
        currency: p.currency,
      }),
    );
    setPicked(null);
  };
  const submitChecked = form.onSubmit((v) => {
    if (create.isPending) return;
    setFailure(null);
    create.mutate(v);
  });
  const submit = (e: React.FormEvent) => {
    submitChecked(e);
    // The form's own checks found something: the errors render with this count, then the focus moves.
    if (Object.keys(check(values)).length > 0) setRefusals((n) => n + 1);
  };

  const quantityControls = (l: DraftLine) => (
    <Group gap={4} wrap="nowrap" justify="center">
      <ActionIcon
        variant="default"
        aria-label={t('form.decrease', { name: l.name })}
        onClick={() => setLines(decrease(values.lines, l.product_id))}
      >
        <IconMinus size={14} />
      </ActionIcon>
      <NumberField
        aria-label={`${t('form.quantity')}: ${l.name}`}
        w={72}
        min={1}
        scale={0}
        value={l.quantity}
        onChange={(v) => setLines(setQuantity(values.lines, l.product_id, v))}
      />
      <ActionIcon
        variant="default"
        aria-label={t('form.increase', { name: l.name })}
        onClick={() => setLines(increase(values.lines, l.product_id))}
      >
        <IconPlus size={14} />
      </ActionIcon>
    </Group>
  );
  const removeButton = (l: DraftLine) => (
    <Tooltip label={t('form.removeLine', { name: l.name })}>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={t('form.removeLine', { name: l.name })}
        onClick={() => setLines(removeLine(values.lines, l.product_id))}
      >
        <IconTrash size={16} />
      </ActionIcon>
    </Tooltip>
  );
  const totals = runningTotals(values.lines);
  const addressErrors = {
    county: errors.county,
    city: errors.city,
    street: errors.street,
    street_number: errors.number,
  };

  return (
    <form onSubmit={submit} noValidate ref={formRef}>
      <PageHeader title={t('form.title')}>
        <Button component={Link} to={paths.orders()} variant="default" leftSection={<IconArrowLeft size={16} />}>
          {t('form.back')}
        </Button>
      </PageHeader>
      <Stack gap="md">
        <Section title={t('form.customer')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t('form.name')}
              placeholder={t('form.namePlaceholder')}
              required
              autoComplete="off"
              {...form.getInputProps('name')}
            />
            <TextInput
              label={t('form.phone')}
              placeholder={t('form.phonePlaceholder')}
              required
              type="tel"
              autoComplete="off"
              {...form.getInputProps('phone_number')}
            />
            <TextInput
              label={t('form.email')}
              placeholder={t('form.emailPlaceholder')}
              type="email"
              autoComplete="off"
              {...form.getInputProps('email')}
            />
          </SimpleGrid>
          <Text size="sm" fw={600} mt="xs">
            {t('form.address')}
          </Text>
          <AddressPicker
            required
            value={values.address}
            errors={addressErrors}
            onChange={(address) => {
              form.setValues((prev) => ({ ...prev, address }));
              // A changed part of the address drops its error, as any other field does.
              for (const { field, part } of ADDRESS_FIELDS)
                if (address[part] !== values.address[part] && errors[field]) form.setFieldError(field, null);
            }}
          />
          <SimpleGrid cols={{ base: 3 }} spacing="sm">
            <TextInput label={t('form.block')} autoComplete="off" maxLength={20} {...form.getInputProps('block')} />
            <TextInput
              label={t('form.staircase')}
              autoComplete="off"
              maxLength={20}
              {...form.getInputProps('staircase')}
            />
            <TextInput
              label={t('form.apartment')}
              autoComplete="off"
              maxLength={20}
              {...form.getInputProps('apartment')}
            />
          </SimpleGrid>
        </Section>

        <Section title={t('form.products')}>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <ProductSelect
              mode="sellable"
              serverSearch
              label={t('form.product')}
              placeholder={t('form.productPlaceholder')}
              clearable
              value={picked ? String(picked.id) : null}
              onChange={(_, option) => setPicked(option)}
              failedText={(reason) => t('errors.products', { reason })}
              noneText={t('form.noProducts')}
              noMatchText={(search) => t('form.noProductMatch', { search })}
              error={errors.products ? true : undefined}
              style={{ flex: 1, minWidth: 240 }}
            />
            <Button variant="light" leftSection={<IconPlus size={16} />} onClick={addPicked} disabled={!picked}>
              {t('form.addLine')}
            </Button>
            <WhyDisabled reason={picked ? null : t('common:form.choose', { fields: t('form.product') })} />
          </Group>
          {errors.products ? (
            <Text c="red" size="sm" role="alert">
              {errors.products}
            </Text>
          ) : null}
          {values.lines.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('form.noLines')}
            </Text>
          ) : phone ? (
            // A phone gets one card per line: price, quantity controls and remove stay on screen.
            <Stack gap="xs" role="list" aria-label={t('form.products')}>
              {values.lines.map((l) => (
                <Paper key={l.product_id} withBorder p="xs" radius="sm" role="listitem">
                  <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                    <div style={{ minWidth: 0 }}>
                      <Text size="sm" fw={500}>
                        {l.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {l.sku} · {formatAmount(l.price, l.currency, i18n.language)}
                      </Text>
                      {errors[`line.${l.product_id}`] ? (
                        <Text size="xs" c="red">
                          {errors[`line.${l.product_id}`]}
                        </Text>
                      ) : null}
                    </div>
                    <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                      {formatAmount(fromBani(lineBani(l)), l.currency, i18n.language)}
                    </Text>
                  </Group>
                  <Group justify="space-between" mt={6} wrap="nowrap">
                    {quantityControls(l)}
                    {removeButton(l)}
                  </Group>
                </Paper>
              ))}
            </Stack>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table verticalSpacing="xs" aria-label={t('form.products')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('form.product')}</Table.Th>
                    <Table.Th ta="right">{t('form.price')}</Table.Th>
                    <Table.Th ta="center">{t('form.quantity')}</Table.Th>
                    <Table.Th ta="right">{t('form.lineTotal')}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {values.lines.map((l) => (
                    <Table.Tr key={l.product_id}>
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {l.name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {l.sku}
                        </Text>
                        {errors[`line.${l.product_id}`] ? (
                          <Text size="xs" c="red">
                            {errors[`line.${l.product_id}`]}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {formatAmount(l.price, l.currency, i18n.language)}
                      </Table.Td>
                      <Table.Td>{quantityControls(l)}</Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {formatAmount(fromBani(lineBani(l)), l.currency, i18n.language)}
                      </Table.Td>
                      <Table.Td ta="right">{removeButton(l)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <Group justify="flex-end" gap="xs" align="baseline">
            <Text size="sm" c="dimmed">
              {t('form.runningTotal')}
            </Text>
            <Text fw={700} fz="lg" data-testid="running-total">
              {totals.length === 0
                ? formatAmount(0, 'RON', i18n.language)
                : totals.map((x) => formatAmount(fromBani(x.bani), x.currency, i18n.language)).join(' + ')}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" ta="right">
            {t('form.totalHint')}
          </Text>
        </Section>

        <Section title={t('form.source')}>
          <CompanySourceSelect
            companyId={companyId}
            query={{ page: 1, items: 100 }}
            hints={{ needsCompany: '', failed: t('errors.sources'), none: t('form.noSources') }}
            label={t('form.source')}
            placeholder={t('form.sourcePlaceholder')}
            value={values.source}
            onChange={(v) => form.setFieldValue('source', v)}
            error={errors.source}
            maw={420}
          />
        </Section>

        <Section title={t('payment.label')}>
          <Stack gap={4}>
            <SegmentedControl
              aria-label={t('payment.label')}
              data={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`payment.${m}`) }))}
              value={values.payment_method}
              onChange={(v) => form.setFieldValue('payment_method', v as PaymentMethod)}
              maw={480}
              fullWidth
            />
            <Text size="xs" c="dimmed">
              {t('payment.hint')}
            </Text>
            {errors.payment_method ? (
              <Text size="xs" c="red" role="alert">
                {errors.payment_method}
              </Text>
            ) : null}
          </Stack>
        </Section>

        <Section title={t('form.additional')}>
          <Textarea
            label={t('form.details')}
            placeholder={t('form.detailsPlaceholder')}
            autosize
            minRows={3}
            {...form.getInputProps('details')}
          />
        </Section>

        {failure ? (
          <Alert color="red" role="alert" title={failureTitle(failure, t('form.fixErrors'), t('errors.create'))}>
            {Object.values(errors).some(Boolean) ? t('form.fixErrors') : null}
          </Alert>
        ) : null}

        <Group justify="flex-end">
          <Button type="submit" size="md" loading={create.isPending} disabled={create.isPending}>
            {create.isPending ? t('form.creating') : t('form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A 422 says which fields; anything else gives the server's reason or "Failed to create order". */
function failureTitle(e: unknown, fieldsText: string, fallback: string): string {
  if (e instanceof ApiError && e.status === 422) return e.message || fieldsText;
  return errorMessage(e, fallback);
}
