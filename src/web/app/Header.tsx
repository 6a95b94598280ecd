import { Avatar, Burger, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NotificationBell } from '../features/notifications/NotificationBell';
import { changeLanguage, LANGUAGES, type Language } from '../lib/i18n';
import { useSession } from '../lib/session';
import { fullName, initials } from './userDisplay';

export function LanguageSelect() {
  const { t, i18n } = useTranslation('common');
  const qc = useQueryClient();
  return (
    <Select
      aria-label={t('layout.language')}
      leftSection={<IconLanguage size={16} />}
      data={LANGUAGES}
      value={i18n.language.startsWith('ro') ? 'ro' : 'en'}
      onChange={async (v) => {
        if (!v) return;
        await changeLanguage(v as Language);
        // Server texts (messages, changelog) come in the new language.
        void qc.invalidateQueries();
      }}
      allowDeselect={false}
      w={140}
      size="sm"
      comboboxProps={{ withinPortal: true }}
    />
  );
}

export function Header({ menuOpened, onMenu }: { menuOpened: boolean; onMenu: () => void }) {
  const { t } = useTranslation('common');
  const { user } = useSession();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap">
        <Burger opened={menuOpened} onClick={onMenu} hiddenFrom="sm" size="sm" aria-label={t('layout.menu')} />
        <Title order={3} fz={18} visibleFrom="xs">
          {t('appTitle')}
        </Title>
      </Group>
      <Group gap="sm" wrap="nowrap">
        <LanguageSelect />
        <NotificationBell />
        <Group gap="xs" wrap="nowrap" aria-label={t('layout.user')}>
          <Avatar color="indigo" radius="xl" size={36}>
            {initials(user)}
          </Avatar>
          <Stack gap={0} visibleFrom="md">
            <Text size="sm" fw={600} lh={1.2}>
              {fullName(user)}
            </Text>
            <Text size="xs" c="dimmed" lh={1.2}>
              {user?.email}
            </Text>
          </Stack>
        </Group>
      </Group>
    </Group>
  );
}
