import { Alert, Button, Code, CopyButton, Group, Loader, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IntakeKeyCreated } from '../../../core/api/intake';
import type { Source } from '../../../core/api/sources';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorState } from '../../components/states';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useIntakeKey, useSourceDetail } from './api';
import { intakeExample } from './intakeExample';
import { useConnector } from './connector/api';
import { ConnectorPanel } from './connector/ConnectorPanel';

/** A value with a button that copies it (the secret, the key id, the example request). */
function Copyable({ value, label, block = false }: { value: string; label: string; block?: boolean }) {
  const { t } = useTranslation('sources');
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button
              size="compact-xs"
              variant="light"
              color={copied ? 'green' : undefined}
              leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
              onClick={copy}
              aria-label={t('intake.copyLabel', { what: label })}
            >
              {copied ? t('intake.copied') : t('intake.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Code block={block} style={{ wordBreak: 'break-all', whiteSpace: block ? 'pre-wrap' : undefined }}>
        {value}
      </Code>
    </Stack>
  );
}

/**
 * The source's connection: its shop connector (ConnectorPanel) and its intake key. With a shop
 * connected the key is an optional extra, for a program other than the shop (the connector needs
 * none), so it is offered as a secondary action; without one it is how a shop sends its orders.
 *
 * The intake key (`GET /source/{id}`'s `intake`): whether it has one, since when and when a
 * shop last used it, never its secret. Create key / Rotate (the old key stops at once) / Revoke,
 * the last two confirmed; the secret of a key just made is shown this once, with a copy button,
 * and an example request (curl, signed by openssl) built from the endpoint.
 */
export function IntakeKeyModal({ source, onClose }: { source: Source | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('sources');
  const detail = useSourceDetail(source?.id ?? null);
  const key = useIntakeKey(source?.id ?? 0);
  const shopConnected = !!useConnector(source?.id ?? 0, { poll: false }).data;
  const [created, setCreated] = useState<IntakeKeyCreated | null>(null);
  const [confirm, setConfirm] = useState<'rotate' | 'revoke' | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setCreated(null);
    setConfirm(null);
    setError(null);
  }, [source?.id]);

  const intake = detail.data?.intake ?? null;
  const issue = async () => {
    setError(null);
    try {
      const answer = await key.issue.mutateAsync();
      setCreated(answer);
      setConfirm(null);
      notifications.show({ color: 'green', message: intake ? t('intake.rotated') : t('intake.created') });
    } catch (e) {
      setError(errorMessage(e, t('intake.errors.create')));
    }
  };
  const revoke = async () => {
    setError(null);
    try {
      await key.revoke.mutateAsync();
      setCreated(null);
      setConfirm(null);
      notifications.show({ color: 'green', message: t('intake.revoked') });
    } catch (e) {
      setError(errorMessage(e, t('intake.errors.revoke')));
    }
  };

  const keyId = created?.key_id ?? intake?.key_id ?? null;
  const endpoint = created?.endpoint ?? intake?.endpoint ?? null;

  return (
    <>
      <Modal
        opened={source !== null && confirm === null}
        onClose={onClose}
        title={t('intake.title', { name: source?.source ?? '' })}
        size="lg"
      >
        {detail.isLoading ? (
          <Loader size="sm" />
        ) : detail.error ? (
          <ErrorState
            message={errorMessage(detail.error, t('intake.errors.fetch'))}
            onRetry={() => void detail.refetch()}
          />
        ) : (
          <Stack gap="md">
            {source ? <ConnectorPanel sourceId={source.id} /> : null}
            <Title order={5}>{shopConnected ? t('intake.headingOptional') : t('intake.heading')}</Title>
            <Text size="sm">{shopConnected ? t('intake.helpConnected') : t('intake.help')}</Text>
            {error && confirm === null ? (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            ) : null}
            {created ? (
              <Alert color="yellow" title={t('intake.secretTitle')} icon={<IconKey size={18} />}>
                <Stack gap="sm">
                  <Text size="sm">{t('intake.secretOnce')}</Text>
                  <Copyable value={created.secret} label={t('intake.secret')} />
                </Stack>
              </Alert>
            ) : null}
            {intake || created ? (
              <Table variant="vertical" withTableBorder data-testid="intake-key">
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Th w={160}>{t('intake.keyId')}</Table.Th>
                    <Table.Td>
                      <Code>{keyId}</Code>
                    </Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>{t('intake.createdAt')}</Table.Th>
                    <Table.Td>{intake ? formatDateTime(intake.created_at, i18n.language) : '—'}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>{t('intake.lastUsed')}</Table.Th>
                    <Table.Td>
                      {intake?.last_used_at ? formatDateTime(intake.last_used_at, i18n.language) : t('intake.never')}
                    </Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>{t('intake.endpoint')}</Table.Th>
                    <Table.Td>
                      <Code style={{ wordBreak: 'break-all' }}>POST {endpoint}</Code>
                    </Table.Td>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
            ) : shopConnected ? null : (
              <Alert color="gray">{t('intake.none')}</Alert>
            )}
            {keyId && endpoint ? (
              <Stack gap={4}>
                <Title order={5}>{t('intake.exampleTitle')}</Title>
                <Text size="xs" c="dimmed">
                  {created ? t('intake.exampleWithSecret') : t('intake.exampleHint')}
                </Text>
                <Copyable
                  value={intakeExample({ endpoint, keyId, secret: created?.secret ?? null })}
                  label={t('intake.example')}
                  block
                />
              </Stack>
            ) : null}
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={onClose}>
                {t('common:actions.close')}
              </Button>
              {intake || created ? (
                <>
                  <Button variant="light" color="red" onClick={() => setConfirm('revoke')}>
                    {t('intake.revoke')}
                  </Button>
                  <Button variant="light" onClick={() => setConfirm('rotate')}>
                    {t('intake.rotate')}
                  </Button>
                </>
              ) : (
                <Button
                  variant={shopConnected ? 'default' : 'filled'}
                  leftSection={<IconKey size={16} />}
                  onClick={() => void issue()}
                  loading={key.issue.isPending}
                >
                  {t('intake.create')}
                </Button>
              )}
            </Group>
          </Stack>
        )}
      </Modal>
      <ConfirmDialog
        opened={source !== null && confirm === 'rotate'}
        onCancel={() => setConfirm(null)}
        onConfirm={() => void issue()}
        loading={key.issue.isPending}
        error={error}
        danger={false}
        title={t('intake.rotateTitle')}
        message={t('intake.rotateMessage')}
        confirmLabel={t('intake.rotate')}
      />
      <ConfirmDialog
        opened={source !== null && confirm === 'revoke'}
        onCancel={() => setConfirm(null)}
        onConfirm={() => void revoke()}
        loading={key.revoke.isPending}
        error={error}
        title={t('intake.revokeTitle')}
        message={t('intake.revokeMessage')}
        confirmLabel={t('intake.revoke')}
      />
    </>
  );
}
