import { Avatar, Burger, Button, Group, Popover, Select, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconKey, IconLanguage } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NotificationBell } from '../features/notifications/NotificationBell';
import { changeLanguage, LANGUAGES, type Language } from '../lib/i18n';
import { useSession } from '../lib/session';
import { fullName, initials } from './userDisplay';
import { paths } from '../lib/paths';

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
  const [userMenu, setUserMenu] = useState(false);
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
        {/* The user's menu: their account, where they change their password (a Popover: the frame has it already). */}
        <Popover position="bottom-end" opened={userMenu} onChange={setUserMenu} withinPortal>
          <Popover.Target>
            <UnstyledButton
              aria-label={t('layout.user')}
              aria-expanded={userMenu}
              onClick={() => setUserMenu((o) => !o)}
            >
              <Group gap="xs" wrap="nowrap">
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
            </UnstyledButton>
          </Popover.Target>
          <Popover.Dropdown p={4}>
            <Button
              component={Link}
              to={paths.account()}
              variant="subtle"
              color="dark"
              leftSection={<IconKey size={16} />}
              onClick={() => setUserMenu(false)}
            >
              {t('layout.account')}
            </Button>
          </Popover.Dropdown>
        </Popover>
      </Group>
    </Group>
  );
}
