import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconFlag, IconFlagOff } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { customerUpdateBody, flagBody, type Customer, type CustomerOrder } from '../../../core/api/orders';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FormErrorAlert, FormModal, WhyDisabled } from '../../components/FormModal';
import { ListPage, type Column } from '../../components/ListPage';
import { CompanyRequired, EmptyState, ErrorState, LoadingState, PageHeader } from '../../components/states';
import { StatusBadge } from '../../components/StatusBadge';
import { useUrlDialog } from '../../components/useUrlDialog';
import { ApiError, errorMessage } from '../../lib/api';
import { formatAmount, formatDate, formatDateTime, orDash } from '../../lib/format';
import { applyServerErrors, useForm } from '../../lib/form';
import { useCompanyId } from '../../lib/session';
import { useCustomer, useCustomerChanges, useCustomerOrders } from './api';
import { changedFields, toForm, type CustomerForm } from './edit';
import { Section } from '../../components/Section';
import { paths } from '../../lib/paths';

/** /customers/:id: the customer's details (editable), their flags and their orders with the company. */
export function CustomerDetailPage() {
  const { t } = useTranslation('customers');
  const id = Number(useParams().id);
  const companyId = useCompanyId();
  const customer = useCustomer(id);

  const back = (
    <Button component={Link} to={paths.customers()} variant="subtle" leftSection={<IconArrowLeft size={16} />}>
      {t('back')}
    </Button>
  );
  let body: ReactNode;
  if (companyId === null) body = <CompanyRequired />;
  else if (!Number.isInteger(id) || id <= 0 || (customer.error instanceof ApiError && customer.error.status === 404))
    body = <EmptyState title={t('notFound')} />;
  else if (customer.isLoading) body = <LoadingState />;
  else if (customer.error || !customer.data)
    body = <ErrorState message={errorMessage(customer.error, t('errors.detail'))} onRetry={() => customer.refetch()} />;
  else body = <CustomerView key={customer.data.id} customer={customer.data} />;

  return (
    <Stack gap="md">
      <Group>{back}</Group>
      {body}
    </Stack>
  );
}

function CustomerView({ customer }: { customer: Customer }) {
  const { t, i18n } = useTranslation('customers');
  return (
    <>
      <PageHeader title={customer.name}>
        <Text size="sm" c="dimmed">
          {t('details.since', { date: formatDate(customer.created_at, i18n.language) })}
        </Text>
      </PageHeader>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <DetailsSection customer={customer} />
        <FlagsSection customer={customer} />
      </SimpleGrid>
      <OrdersSection customer={customer} />
    </>
  );
}

/** The totals, then name, email and phone in a form: a failed save keeps what was typed and marks the fields. */
function DetailsSection({ customer }: { customer: Customer }) {
  const { t, i18n } = useTranslation('customers');
  const navigate = useNavigate();
  const { update } = useCustomerChanges(customer.id);
  const [saved, setSaved] = useState<CustomerForm>(() => toForm(customer));
  const form = useForm<CustomerForm>({ initialValues: saved, schema: customerUpdateBody });
  const [error, setError] = useState<unknown>(null);
  const body = changedFields(saved, form.values);
  const changed = Object.keys(body).length > 0;

  const submit = form.onSubmit(async () => {
    if (!changed || update.isPending) return;
    setError(null);
    try {
      const answer = await update.mutateAsync(body);
      notifications.show({ color: 'green', message: t('saved') });
      const next = toForm(answer);
      setSaved(next);
      form.reset(next);
      // Another number is another person: their page is the customer's page now.
      if (answer.id !== customer.id) navigate(paths.customer(answer.id), { replace: true });
    } catch (e) {
      setError(applyServerErrors(form, e));
    }
  });

  return (
    <Section title={t('details.title')}>
      <Group gap="lg" wrap="wrap">
        <Stat label={t('col.orders')} value={String(customer.orders_count)} />
        <Stat label={t('details.spent')} value={formatAmount(customer.total_spent, 'RON', i18n.language)} />
        <Stat
          label={t('details.lastOrder')}
          value={customer.last_order_at === null ? '—' : formatDate(customer.last_order_at, i18n.language)}
        />
      </Group>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label={t('field.name')} required {...form.getInputProps('name')} />
          <TextInput
            label={t('field.email')}
            type="email"
            placeholder={t('field.emailPlaceholder')}
            {...form.getInputProps('email')}
          />
          <TextInput
            label={t('field.phone')}
            type="tel"
            required
            description={t('field.phoneHint')}
            {...form.getInputProps('phone_number')}
          />
          <FormErrorAlert error={error} fallback={t('errors.update')} />
          <Group justify="flex-end" gap="xs">
            <WhyDisabled reason={changed ? null : t('common:form.noChanges')} />
            <Button
              variant="default"
              disabled={!changed || update.isPending}
              onClick={() => {
                form.reset(saved);
                setError(null);
              }}
            >
              {t('reset')}
            </Button>
            <Button type="submit" loading={update.isPending} disabled={!changed}>
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </div>
  );
}

/** Every company's flags (reason, date, whose), newest first; Flag with a reason, or Remove flag for ours. */
function FlagsSection({ customer }: { customer: Customer }) {
  const { t, i18n } = useTranslation('customers');
  const { flag, unflag } = useCustomerChanges(customer.id);
  const flagDialog = useUrlDialog('flag');
  const unflagDialog = useUrlDialog('unflag');
  const [unflagError, setUnflagError] = useState<string | null>(null);
  const flags = [...customer.flags].sort((a, b) => b.created_at - a.created_at);
  const ours = flags.some((f) => f.by_this_company);

  const remove = async () => {
    if (unflag.isPending) return;
    setUnflagError(null);
    try {
      await unflag.mutateAsync();
      notifications.show({ color: 'green', message: t('flags.removed') });
      unflagDialog.close();
    } catch (e) {
      setUnflagError(errorMessage(e, t('errors.unflag')));
    }
  };

  return (
    <Section
      title={t('flags.title')}
      actions={
        ours ? (
          <Button
            variant="light"
            color="gray"
            size="xs"
            leftSection={<IconFlagOff size={16} />}
            onClick={() => {
              setUnflagError(null);
              unflagDialog.open();
            }}
          >
            {t('flags.remove')}
          </Button>
        ) : (
          <Button
            variant="light"
            color="red"
            size="xs"
            leftSection={<IconFlag size={16} />}
            onClick={() => flagDialog.open()}
          >
            {t('flags.flag')}
          </Button>
        )
      }
    >
      {flags.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('flags.none')}
        </Text>
      ) : (
        <Stack gap="xs" role="list" aria-label={t('flags.title')}>
          {flags.map((f, i) => (
            <Paper key={`${f.created_at}-${i}`} withBorder radius="sm" p="xs" role="listitem">
              <Text size="sm">{f.reason?.trim() ? f.reason : t('flags.noReason')}</Text>
              <Group gap={6}>
                <Text size="xs" c="dimmed">
                  {formatDateTime(f.created_at, i18n.language)}
                </Text>
                <Badge size="xs" variant="light" color={f.by_this_company ? 'red' : 'gray'}>
                  {f.by_this_company ? t('flags.ours') : t('flags.others')}
                </Badge>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <FlagDialog
        opened={flagDialog.opened}
        onClose={flagDialog.close}
        send={(reason) => flag.mutateAsync(reason)}
        saving={flag.isPending}
      />
      <ConfirmDialog
        opened={unflagDialog.opened}
        onCancel={unflagDialog.close}
        onConfirm={() => void remove()}
        title={t('flags.removeTitle')}
        message={t('flags.removeMessage', { name: customer.name })}
        confirmLabel={t('flags.remove')}
        loading={unflag.isPending}
        error={unflagError}
      />
    </Section>
  );
}

/** The reason of a new flag: required (the server's message per field in the box and on the field). */
function FlagDialog({
  opened,
  onClose,
  send,
  saving,
}: {
  opened: boolean;
  onClose: () => void;
  send: (reason: string) => Promise<unknown>;
  saving: boolean;
}) {
  const { t } = useTranslation('customers');
  const form = useForm({ initialValues: { reason: '' }, schema: flagBody });
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    if (opened) {
      form.reset({ reason: '' });
      setError(null);
    }
    // Only on opening: a fresh reason each time.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);

  const submit = form.onSubmit(async (values) => {
    if (saving) return;
    setError(null);
    try {
      await send(values.reason.trim());
      notifications.show({ color: 'green', message: t('flags.flagged') });
      onClose();
    } catch (e) {
      setError(applyServerErrors(form, e));
    }
  });

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t('flagDialog.title')}
      onSubmit={submit}
      submitting={saving}
      error={error}
      errorFallback={t('errors.flag')}
      submitLabel={t('flagDialog.submit')}
      size="md"
    >
      <Text size="sm">{t('flagDialog.intro')}</Text>
      <Textarea
        label={t('flagDialog.reason')}
        placeholder={t('flagDialog.reasonPlaceholder')}
        required
        autosize
        minRows={2}
        data-autofocus
        {...form.getInputProps('reason')}
      />
    </FormModal>
  );
}

/** The customer's orders with the company, newest first, paged; each opens the order. */
function OrdersSection({ customer }: { customer: Customer }) {
  const { t, i18n } = useTranslation('customers');
  const list = useCustomerOrders(customer.id);
  const columns: Column<CustomerOrder>[] = [
    {
      key: 'id',
      header: t('orders.col.id'),
      nowrap: true,
      render: (o) => (
        <Anchor component={Link} to={paths.order(o.id)} size="sm" fw={500} aria-label={t('orders.open', { id: o.id })}>
          #{o.id}
        </Anchor>
      ),
    },
    {
      key: 'created_at',
      header: t('orders.col.date'),
      nowrap: true,
      render: (o) => formatDate(o.created_at, i18n.language),
    },
    { key: 'status', header: t('orders.col.status'), render: (o) => <StatusBadge status={o.status} /> },
    {
      key: 'total_value',
      header: t('orders.col.total'),
      align: 'right',
      nowrap: true,
      render: (o) => formatAmount(o.total_value, 'RON', i18n.language),
    },
    { key: 'awb', header: t('orders.col.awb'), render: (o) => orDash(o.awb) },
  ];
  // A list screen of its own under the customer: title, page size, table, count and pages.
  return (
    <ListPage<CustomerOrder>
      title={t('orders.title')}
      list={list}
      columns={columns}
      searchable={false}
      errorFallback={t('errors.orders')}
      empty={<EmptyState title={t('orders.empty')} />}
    />
  );
}
