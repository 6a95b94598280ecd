import { Alert, Button, Center, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingStore, IconInbox } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../lib/paths';

export function LoadingState({ label }: { label?: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader />
        <Text c="dimmed" size="sm">
          {label ?? t('loading')}
        </Text>
      </Stack>
    </Center>
  );
}

export { ErrorState } from './ErrorState';

export function EmptyState({
  title,
  text,
  action,
  icon,
}: {
  title: ReactNode;
  text?: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <Center py="xl">
      <Stack align="center" gap="xs" maw={420} ta="center">
        <ThemeIcon variant="light" size={48} radius="xl" color="gray">
          {icon ?? <IconInbox size={26} />}
        </ThemeIcon>
        <Text fw={600}>{title}</Text>
        {text ? (
          <Text c="dimmed" size="sm">
            {text}
          </Text>
        ) : null}
        {action}
      </Stack>
    </Center>
  );
}

/** "Company ID not found": shown by company-scoped screens when no company is selected. */
export function CompanyRequired() {
  const { t } = useTranslation('common');
  return (
    <Alert color="red" icon={<IconBuildingStore size={18} />} role="alert" title={t('list.companyMissing')}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('list.companyMissingHint')}</Text>
        <Button component={Link} to={paths.companies()} size="xs" variant="light" color="red">
          {t('nav.companies')}
        </Button>
      </Stack>
    </Alert>
  );
}

/** A screen title with optional actions on the right. */
export function PageHeader({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <Stack gap={0} mb="md">
      <div
        style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}
      >
        <Title order={2}>{title}</Title>
        {children}
      </div>
    </Stack>
  );
}
