import { ActionIcon, Badge, Button, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompanyIntegration, Integration } from '../../../core/api/integrations';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { errorMessage } from '../../lib/api';
import { useDeleteIntegration, useTestIntegration, useToggleIntegration } from './api';
import { EmulatedBadge } from './EmulatedBadge';

/**
 * A configured integration: active badge, enable / disable, test, change settings, delete with
 * confirmation. As the spec says, a failed toggle or delete is only logged (the list is refetched
 * either way, so it shows the true state).
 */
export function ConfiguredCard({
  integration: i,
  setup,
  onReconfigure,
}: {
  integration: Integration;
  setup: CompanyIntegration;
  onReconfigure: () => void;
}) {
  const { t } = useTranslation('integrations');
  const toggle = useToggleIntegration();
  const remove = useDeleteIntegration();
  const test = useTestIntegration();
  const [confirming, setConfirming] = useState(false);
  const c = setup.configuration;

  const summary = [
    c.pickup_point_name ? t('summary.pickupPoint', { name: c.pickup_point_name }) : null,
    c.contact_person_name ? t('summary.contactPerson', { name: c.contact_person_name }) : null,
    c.service ? t('summary.service', { name: c.service }) : null,
    c.series_name ? t('summary.series', { name: c.series_name }) : null,
    c.vat_amount !== undefined && i.key === 'smartbill'
      ? c.vat_name
        ? t('summary.vat', { name: `${c.vat_name} (${c.vat_amount}%)` })
        : t('summary.noVat')
      : null,
  ].filter(Boolean);

  const flip = () => {
    if (toggle.isPending) return;
    toggle.mutate(setup.id, { onError: (e) => console.error('Failed to toggle the integration', e) });
  };
  const confirmDelete = () => {
    remove.mutate(setup.id, {
      onSuccess: () => notifications.show({ color: 'green', message: t('deleted', { name: i.name }) }),
      onError: (e) => console.error('Failed to delete the integration', e),
      onSettled: () => setConfirming(false),
    });
  };
  const runTest = () =>
    test.mutate(setup.id, {
      onSuccess: (r) =>
        notifications.show({
          color: r.ok ? 'green' : 'red',
          title: r.ok ? t('testOk') : t('testFailed'),
          message: r.message,
        }),
      onError: (e) => notifications.show({ color: 'red', message: errorMessage(e, t('errors.test')) }),
    });

  return (
    <Card withBorder padding="md" radius="md" data-testid={`configured-${i.key}`} aria-label={i.name}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs">
            <Text fw={600}>{i.name}</Text>
            <Badge variant="light" color={setup.is_active ? 'green' : 'gray'}>
              {setup.is_active ? t('active') : t('inactive')}
            </Badge>
            {i.emulated ? <EmulatedBadge name={i.name} /> : null}
          </Group>
          <Tooltip label={t('common:actions.delete')}>
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={() => setConfirming(true)}
              aria-label={`${t('common:actions.delete')} ${i.name}`}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
        {summary.map((line) => (
          <Text size="sm" c="dimmed" key={line}>
            {line}
          </Text>
        ))}
        <Group gap="xs">
          <Button size="xs" variant={setup.is_active ? 'default' : 'filled'} onClick={flip} loading={toggle.isPending}>
            {setup.is_active ? t('disable') : t('enable')}
          </Button>
          <Button size="xs" variant="default" onClick={runTest} loading={test.isPending}>
            {t('test')}
          </Button>
          <Button size="xs" variant="subtle" onClick={onReconfigure}>
            {t('reconfigure')}
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        onCancel={() => setConfirming(false)}
        onConfirm={confirmDelete}
        loading={remove.isPending}
        title={t('deleteTitle')}
        message={t('deleteMessage', { name: i.name })}
        confirmLabel={t('common:actions.delete')}
      />
    </Card>
  );
}
