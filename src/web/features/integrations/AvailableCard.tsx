import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CompanyIntegration, Integration } from '../../../core/api/integrations';
import { EmulatedBadge } from './EmulatedBadge';

/**
 * An integration not fully configured: type badge, "Partially configured", Setup or Complete
 * configuration. One whose saved credentials can no longer be read (the app key changed) says so
 * and offers "Set up again", which opens the wizard at the login.
 */
export function AvailableCard({
  integration: i,
  setup,
  onSetup,
}: {
  integration: Integration;
  setup: CompanyIntegration | undefined;
  onSetup: () => void;
}) {
  const { t } = useTranslation('integrations');
  const unreadable = Boolean(setup?.credentials_unreadable);
  const partial = Boolean(setup) && !setup?.configured && !unreadable;
  return (
    <Card withBorder padding="md" radius="md" data-testid={`available-${i.key}`} aria-label={i.name}>
      <Stack gap="xs">
        <Stack gap={4}>
          <Group gap="xs">
            <Text fw={600}>{i.name}</Text>
            <Badge variant="light" color="blue">
              {t(`type.${i.type}`)}
            </Badge>
            {partial ? (
              <Badge variant="light" color="yellow">
                {t('partial')}
              </Badge>
            ) : null}
            {unreadable ? (
              <Badge variant="light" color="red">
                {t('unreadable')}
              </Badge>
            ) : null}
            {i.emulated ? <EmulatedBadge name={i.name} /> : null}
          </Group>
          <Text size="sm" c="dimmed">
            {t(`description.${i.key}`, { defaultValue: i.description })}
          </Text>
          {unreadable ? (
            <Text size="sm" c="red" role="status">
              {t('unreadableText')}
            </Text>
          ) : null}
        </Stack>
        <Group justify="flex-end">
          {i.setup_available ? (
            <Button size="sm" onClick={onSetup} variant={partial ? 'light' : 'filled'}>
              {unreadable ? t('setupAgain') : partial ? t('complete') : t('setup')}
            </Button>
          ) : (
            <Button size="sm" disabled>
              {t('notYet')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
