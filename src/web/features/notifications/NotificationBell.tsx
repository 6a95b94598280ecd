import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Divider,
  Group,
  Indicator,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { queryKeys } from '../../lib/queryKeys';
import { useCompanyId } from '../../lib/session';
import { notificationPath, typeColor, type NotificationsAnswer } from './types';
import { useNotificationActions } from './useNotificationActions';
import { paths } from '../../lib/paths';

/**
 * Header bell: unread count (meta.unread), dropdown of the latest notifications. Opening it reads
 * nothing (the count stays until the user has seen each): a notification is read when it is
 * opened (its link, or its title when it names no page), all of them with "Mark all read".
 */
export function NotificationBell() {
  const { t, i18n } = useTranslation('notifications');
  const companyId = useCompanyId();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const bellKey = queryKeys.list('notifications', companyId, { bell: true });
  const latest = useQuery({
    queryKey: bellKey,
    // A failed call shows an empty list, not an error in the header of every screen.
    queryFn: ({ signal }) =>
      api
        .get<NotificationsAnswer>('/api/v1/notifications', { items: 10 }, signal)
        .catch((): NotificationsAnswer => ({ data: [], meta: { total: 0, last_page: 1, current_page: 1, unread: 0 } })),
    enabled: companyId !== null,
    refetchInterval: 60_000,
  });
  const actions = useNotificationActions();
  const unread = latest.data?.meta.unread ?? 0;
  const items = latest.data?.data ?? [];

  const setOpen = (next: boolean) => {
    setOpened(next);
    if (!next) void qc.invalidateQueries({ queryKey: queryKeys.all('notifications') });
  };
  const toggle = () => setOpen(!opened);

  return (
    <Popover
      opened={opened}
      onChange={setOpen}
      width={360}
      position="bottom-end"
      shadow="md"
      withArrow
      trapFocus={false}
    >
      <Popover.Target>
        <Indicator label={unread > 99 ? '99+' : unread} size={18} color="red" disabled={unread === 0} offset={4}>
          <ActionIcon
            variant="default"
            size="lg"
            radius="xl"
            onClick={toggle}
            aria-label={unread ? `${t('open')} (${t('unread', { count: unread })})` : t('open')}
          >
            <IconBell size={20} />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown p={0} data-testid="notifications-dropdown">
        <Group justify="space-between" px="md" py="sm">
          <Text fw={600}>{t('title')}</Text>
          {unread > 0 ? (
            <Group gap="xs" wrap="nowrap">
              <Badge color="red" variant="light">
                {t('unread', { count: unread })}
              </Badge>
              <Button
                size="compact-xs"
                variant="subtle"
                onClick={() => actions.readAll.mutate()}
                loading={actions.readAll.isPending}
              >
                {t('markAllRead')}
              </Button>
            </Group>
          ) : null}
        </Group>
        <Divider />
        <ScrollArea.Autosize mah={360}>
          {latest.isLoading ? (
            <Group gap="xs" p="md">
              <Loader size="xs" />
              <Text size="sm" c="dimmed">
                {t('loading')}
              </Text>
            </Group>
          ) : items.length === 0 ? (
            <Text size="sm" c="dimmed" p="md" ta="center">
              {t('empty')}
            </Text>
          ) : (
            <Stack gap={0}>
              {items.map((n) => (
                <Stack
                  key={n.id}
                  gap={2}
                  px="md"
                  py="sm"
                  style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
                >
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    {notificationPath(n) ? (
                      <Anchor
                        size="sm"
                        fw={n.read ? 500 : 700}
                        href={notificationPath(n)!}
                        onClick={(e) => {
                          // Each notification opens what it names, and is read by that.
                          e.preventDefault();
                          actions.open(n);
                          setOpen(false);
                          void navigate(notificationPath(n)!);
                        }}
                      >
                        {n.title}
                      </Anchor>
                    ) : n.read ? (
                      <Text size="sm" fw={500}>
                        {n.title}
                      </Text>
                    ) : (
                      // Names no page: clicking its title is how it is seen (read).
                      <Anchor
                        component="button"
                        type="button"
                        size="sm"
                        fw={700}
                        c="inherit"
                        ta="left"
                        title={t('markRead')}
                        onClick={() => actions.open(n)}
                      >
                        {n.title}
                      </Anchor>
                    )}
                    <Badge size="xs" variant="light" color={typeColor(n.type)}>
                      {t(`type.${n.type}`, { defaultValue: n.type })}
                    </Badge>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(n.created_at, i18n.language)}
                  </Text>
                  <Text size="sm">{n.description}</Text>
                </Stack>
              ))}
            </Stack>
          )}
        </ScrollArea.Autosize>
        <Divider />
        <Button
          variant="subtle"
          fullWidth
          radius={0}
          onClick={() => {
            setOpen(false);
            void navigate(paths.notifications());
          }}
        >
          {t('viewAll')}
        </Button>
      </Popover.Dropdown>
    </Popover>
  );
}
