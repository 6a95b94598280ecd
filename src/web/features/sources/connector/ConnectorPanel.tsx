import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Code,
  Group,
  Loader,
  PasswordInput,
  Radio,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Connector } from '../../../../core/api/connectors';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorState } from '../../../components/states';
import { ApiError, errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import {
  SYNC_FOLLOW_FOR_MS,
  syncMark,
  useConnector,
  useConnectorActions,
  useConnectorForm,
  type SyncFollow,
} from './api';
import {
  connectBody,
  demoKeysText,
  isShopType,
  SHOP_FIELDS,
  SHOP_LABELS,
  SHOP_TYPES,
  shopPlace,
  shopTitle,
  type ShopType,
} from './shopForms';

/**
 * A source's shop connector: the form to connect a shop (WooCommerce, Shopify or eMAG Marketplace,
 * each with its own fields; when the shops are emulated, the demo keys they take, and the webhook
 * address the console registers), or the connected shop's state, "Sync now", the updates
 * waiting or failed with the shop's words, the webhook address, and Disconnect.
 */
export function ConnectorPanel({ sourceId }: { sourceId: number }) {
  const { t } = useTranslation('connectors');
  // The sync the panel follows after "Sync now" (see refreshEvery), none before.
  const [follow, setFollow] = useState<SyncFollow | null>(null);
  const connector = useConnector(sourceId, { follow });
  return (
    <Stack gap="sm" data-testid="shop-connector">
      <Title order={5}>{t('title')}</Title>
      {connector.isLoading ? (
        <Loader size="sm" />
      ) : connector.error ? (
        <ErrorState
          message={errorMessage(connector.error, t('errors.fetch'))}
          onRetry={() => void connector.refetch()}
        />
      ) : connector.data ? (
        <Connected
          sourceId={sourceId}
          connector={connector.data}
          onSyncStarted={() => setFollow({ mark: syncMark(connector.data), until: Date.now() + SYNC_FOLLOW_FOR_MS })}
        />
      ) : (
        <ConnectForm sourceId={sourceId} />
      )}
    </Stack>
  );
}

function ConnectForm({ sourceId }: { sourceId: number }) {
  const { t } = useTranslation('connectors');
  const { connect } = useConnectorActions(sourceId);
  const form = useConnectorForm(sourceId, true);
  const [type, setType] = useState<ShopType>('woocommerce');
  const [values, setValues] = useState<Record<string, string>>({});
  const [cancelInShop, setCancelInShop] = useState(true);
  const [error, setError] = useState<ApiError | null>(null);
  const fieldError = (field: string) => error?.errors[field]?.join(' ');
  const demo = form.data?.demo?.[type] ?? null;
  const demoText = demoKeysText(type, demo);
  const webhookUrl = form.data?.webhook_urls[type];
  const set = (name: string, value: string) => setValues((v) => ({ ...v, [name]: value }));
  const submit = async () => {
    setError(null);
    try {
      await connect.mutateAsync(connectBody(type, values, cancelInShop));
      notifications.show({ color: 'green', message: t('connected') });
    } catch (e) {
      setError(e instanceof ApiError ? e : new ApiError(0, errorMessage(e, t('errors.connect'))));
    }
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack gap="xs">
        <Text size="sm">{t('help')}</Text>
        <Radio.Group
          label={t('chooseShop')}
          value={type}
          onChange={(v) => {
            if (!isShopType(v)) return;
            setType(v);
            setError(null);
          }}
        >
          <Group gap="md" mt={4}>
            {SHOP_TYPES.map((k) => (
              <Radio key={k} value={k} label={SHOP_LABELS[k]} />
            ))}
          </Group>
        </Radio.Group>
        {form.data?.emulated && demoText ? (
          <Alert color="blue" title={t('emulated')}>
            <Stack gap={6} align="flex-start">
              <Text size="sm">
                {t(type === 'shopify' ? 'emulatedHelpShopify' : 'emulatedHelp', {
                  keys: demoText,
                  shop: SHOP_LABELS[type],
                  // React escapes the text itself; i18next's escaping would show "&#x2F;" for the slash.
                  interpolation: { escapeValue: false },
                })}
              </Text>
              <Button size="xs" variant="light" onClick={() => setValues((v) => ({ ...v, ...demo }))}>
                {t('useDemoKeys')}
              </Button>
            </Stack>
          </Alert>
        ) : null}
        {error && Object.keys(error.errors).length === 0 ? (
          <Alert color="red" role="alert">
            {error.message}
          </Alert>
        ) : null}
        {error && error.errors.type ? (
          <Alert color="red" role="alert">
            {error.errors.type.join(' ')}
          </Alert>
        ) : null}
        {SHOP_FIELDS[type].map((f) => {
          const props = {
            label: t(f.label),
            placeholder: f.placeholder ? t(f.placeholder) : undefined,
            description: f.help ? t(f.help) : undefined,
            value: values[f.name] ?? '',
            onChange: (e: ChangeEvent<HTMLInputElement>) => set(f.name, e.currentTarget.value),
            error: fieldError(f.name),
            required: true,
            autoComplete: 'off',
          };
          return f.secret ? (
            <PasswordInput key={`${type}-${f.name}`} {...props} />
          ) : (
            <TextInput key={`${type}-${f.name}`} {...props} />
          );
        })}
        <Checkbox
          label={t('cancelInShop')}
          checked={cancelInShop}
          onChange={(e) => setCancelInShop(e.currentTarget.checked)}
        />
        {webhookUrl ? (
          <Text size="xs" c="dimmed">
            {t('webhookBefore', { shop: SHOP_LABELS[type] })}{' '}
            <Code style={{ wordBreak: 'break-all' }}>{webhookUrl}</Code>
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={connect.isPending}>
            {t('connect')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Connected({
  sourceId,
  connector,
  onSyncStarted,
}: {
  sourceId: number;
  connector: Connector;
  onSyncStarted: () => void;
}) {
  const { t, i18n } = useTranslation('connectors');
  const { sync, disconnect } = useConnectorActions(sourceId);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const act = async (run: () => Promise<unknown>, done: string, fallback: string) => {
    setError(null);
    try {
      await run();
      notifications.show({ color: 'green', message: done });
    } catch (e) {
      setError(errorMessage(e, fallback));
    }
  };
  return (
    <Stack gap="xs">
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      <Table variant="vertical" withTableBorder>
        <Table.Tbody>
          <Table.Tr>
            {/* Narrower headings on a phone: at 180 px the values' badges ("Magazin emulat") were cut. */}
            <Table.Th w={{ base: 120, sm: 180 }}>{t('type')}</Table.Th>
            <Table.Td>
              <Group gap="xs">
                <Text size="sm">{shopTitle(connector, t)}</Text>
                {connector.emulated ? <Badge color="blue">{t('emulated')}</Badge> : null}
              </Group>
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('state')}</Table.Th>
            <Table.Td>
              <Badge color={connector.state === 'ok' ? 'green' : 'red'}>
                {connector.state === 'ok' ? t('stateOk') : t('stateError')}
              </Badge>
            </Table.Td>
          </Table.Tr>
          {connector.last_error ? (
            <Table.Tr>
              <Table.Th>{t('lastError')}</Table.Th>
              <Table.Td>
                <Text size="sm" c="red">
                  {connector.last_error}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : null}
          <Table.Tr>
            <Table.Th>{t('lastSync')}</Table.Th>
            <Table.Td>
              {connector.last_sync_at ? formatDateTime(connector.last_sync_at, i18n.language) : t('never')}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('ordersIn')}</Table.Th>
            <Table.Td>{connector.orders_in}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('updatesWaiting')}</Table.Th>
            <Table.Td>{connector.updates_waiting}</Table.Td>
          </Table.Tr>
          {connector.webhook_url ? (
            <Table.Tr>
              <Table.Th>{t('webhookUrl')}</Table.Th>
              <Table.Td>
                <Code style={{ wordBreak: 'break-all' }}>{connector.webhook_url}</Code>
                <Text size="xs" c="dimmed">
                  {t('webhookHelp')}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : null}
        </Table.Tbody>
      </Table>
      {connector.updates_failed.length > 0 ? (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('updatesFailed')}
          </Text>
          {connector.updates_failed.map((u) => (
            <Alert key={u.id} color={u.state === 'skipped' ? 'gray' : 'red'} p="xs">
              <Text size="sm">{t(`kind.${u.kind}`, { ref: u.ref })}</Text>
              {u.kind !== 'shop_cancel' && (u.last_error || u.state === 'skipped') ? (
                <Text size="xs" c="dimmed">
                  {u.state === 'skipped' ? t('skipped') : u.last_error}
                </Text>
              ) : null}
            </Alert>
          ))}
        </Stack>
      ) : null}
      <Group justify="flex-end" gap="xs">
        <Button variant="light" color="red" loading={disconnect.isPending} onClick={() => setConfirming(true)}>
          {t('disconnect')}
        </Button>
        <Button
          variant="light"
          loading={sync.isPending}
          onClick={() => void act(() => sync.mutateAsync().then(onSyncStarted), t('syncStarted'), t('errors.sync'))}
        >
          {t('sync')}
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirming}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void act(() => disconnect.mutateAsync(), t('disconnected'), t('errors.disconnect'));
        }}
        loading={disconnect.isPending}
        title={t('disconnect')}
        // A shop's address names it; an eMAG account's user alone would not, so it goes with the marketplace's name.
        message={t('disconnectConfirm', {
          url: connector.type === 'emag' ? shopTitle(connector, t) : shopPlace(connector, t),
        })}
        confirmLabel={t('disconnect')}
      />
    </Stack>
  );
}
