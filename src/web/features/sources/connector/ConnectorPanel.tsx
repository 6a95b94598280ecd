import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Code,
  Group,
  Loader,
  PasswordInput,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Connector } from '../../../../core/api/connectors';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorState } from '../../../components/states';
import { ApiError, errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { useConnector, useConnectorActions } from './api';

/**
 * A source's shop connector: the form to connect a WooCommerce shop (saying, when the shops are
 * emulated, which demo keys they take), or the connected shop's state, "Sync now", the updates
 * waiting or failed with the shop's words, the webhook address, and Disconnect.
 */
export function ConnectorPanel({ sourceId }: { sourceId: number }) {
  const { t } = useTranslation('connectors');
  const connector = useConnector(sourceId);
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
        <Connected sourceId={sourceId} connector={connector.data} />
      ) : (
        <ConnectForm sourceId={sourceId} />
      )}
    </Stack>
  );
}

function ConnectForm({ sourceId }: { sourceId: number }) {
  const { t } = useTranslation('connectors');
  const { connect } = useConnectorActions(sourceId);
  const [storeUrl, setStoreUrl] = useState('');
  const [key, setKey] = useState('');
  const [secret, setSecret] = useState('');
  const [cancelInShop, setCancelInShop] = useState(true);
  const [error, setError] = useState<ApiError | null>(null);
  const fieldError = (field: string) => error?.errors[field]?.join(' ');
  const submit = async () => {
    setError(null);
    try {
      await connect.mutateAsync({
        type: 'woocommerce',
        store_url: storeUrl,
        consumer_key: key,
        consumer_secret: secret,
        cancel_in_shop: cancelInShop,
      });
      notifications.show({ color: 'green', message: t('connected') });
    } catch (e) {
      setError(e instanceof ApiError ? e : new ApiError(0, errorMessage(e, t('errors.connect'))));
    }
  };
  return (
    <Stack gap="xs">
      <Text size="sm">{t('help')}</Text>
      <Alert color="blue" title={t('emulated')}>
        {t('emulatedHelp', { keys: 'ck_demo / cs_demo' })}
      </Alert>
      {error && Object.keys(error.errors).length === 0 ? (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      ) : null}
      <TextInput
        label={t('storeUrl')}
        placeholder={t('storeUrlPlaceholder')}
        value={storeUrl}
        onChange={(e) => setStoreUrl(e.currentTarget.value)}
        error={fieldError('store_url')}
        required
      />
      <TextInput
        label={t('consumerKey')}
        value={key}
        onChange={(e) => setKey(e.currentTarget.value)}
        error={fieldError('consumer_key')}
        description={t('keysHelp')}
        required
      />
      <PasswordInput
        label={t('consumerSecret')}
        value={secret}
        onChange={(e) => setSecret(e.currentTarget.value)}
        error={fieldError('consumer_secret')}
        required
      />
      <Checkbox
        label={t('cancelInShop')}
        checked={cancelInShop}
        onChange={(e) => setCancelInShop(e.currentTarget.checked)}
      />
      <Group justify="flex-end">
        <Button onClick={() => void submit()} loading={connect.isPending}>
          {t('connect')}
        </Button>
      </Group>
    </Stack>
  );
}

function Connected({ sourceId, connector }: { sourceId: number; connector: Connector }) {
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
            <Table.Th w={180}>{t('type')}</Table.Th>
            <Table.Td>
              <Group gap="xs">
                <Text size="sm">WooCommerce · {connector.store_url}</Text>
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
          <Table.Tr>
            <Table.Th>{t('webhookUrl')}</Table.Th>
            <Table.Td>
              <Code style={{ wordBreak: 'break-all' }}>{connector.webhook_url}</Code>
              <Text size="xs" c="dimmed">
                {t('webhookHelp')}
              </Text>
            </Table.Td>
          </Table.Tr>
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
          onClick={() => void act(() => sync.mutateAsync(), t('syncStarted'), t('errors.sync'))}
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
        message={t('disconnectConfirm', { url: connector.store_url })}
        confirmLabel={t('disconnect')}
      />
      <ConfirmDialog
        opened={confirming}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void act(() => disconnect.mutateAsync(), t('disconnected'), t('errors.disconnect'));
        }}
        loading={disconnect.isPending}
        title={t('disconnect')}
        message={t('disconnectConfirm', { url: connector.store_url })}
        confirmLabel={t('disconnect')}
      />
    </Stack>
  );
}
