import { ActionIcon, Badge, Group, HoverCard, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconFlag } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { useCompanyId } from '../../../lib/session';
import { flagPage, isOwnFlag } from './flags';
import type { Flag } from '../../../../core/api/orders';

/**
 * The red flag of a flagged customer; hovering or focusing it opens the flags (reason, date, whether
 * this company raised it), 5 at a time with Previous / Next. Nothing shows for a customer without flags.
 */
export function CustomerFlags({
  flags,
  size = 'sm',
}: {
  flags: readonly Flag[] | null | undefined;
  size?: 'sm' | 'md';
}) {
  const { t, i18n } = useTranslation('orders');
  const companyId = useCompanyId();
  const [page, setPage] = useState(1);
  const all = flags ?? [];
  if (all.length === 0) return null;
  const shown = flagPage(all, page);

  return (
    <HoverCard
      width={300}
      shadow="md"
      withArrow
      interactive
      events={{ hover: true, focus: true, touch: true }}
      openDelay={100}
      closeDelay={200}
      position="bottom-start"
      onClose={() => setPage(1)}
    >
      <HoverCard.Target>
        <ActionIcon
          variant="subtle"
          color="red"
          size={size}
          aria-label={t('flags.icon', { count: all.length })}
          data-testid="customer-flags"
        >
          <IconFlag size={size === 'sm' ? 16 : 20} />
        </ActionIcon>
      </HoverCard.Target>
      <HoverCard.Dropdown>
        <Stack gap="xs" role="list" aria-label={t('flags.title', { count: all.length })}>
          <Text size="sm" fw={700} c="red">
            {t('flags.title', { count: all.length })}
          </Text>
          {shown.flags.map((f, i) => (
            <Stack key={`${f.created_at}-${i}`} gap={0} role="listitem">
              <Text size="sm">{f.reason?.trim() ? f.reason : t('flags.noReason')}</Text>
              <Group gap={6}>
                <Text size="xs" c="dimmed">
                  {formatDate(f.created_at, i18n.language)}
                </Text>
                <Badge size="xs" variant="light" color={isOwnFlag(f, companyId) ? 'red' : 'gray'}>
                  {isOwnFlag(f, companyId) ? t('flags.ours') : t('flags.others')}
                </Badge>
              </Group>
            </Stack>
          ))}
          {shown.pages > 1 ? (
            <Group justify="space-between" gap="xs">
              <ActionIcon
                variant="default"
                size="sm"
                aria-label={t('flags.previous')}
                disabled={shown.page <= 1}
                onClick={() => setPage(shown.page - 1)}
              >
                <IconChevronLeft size={14} />
              </ActionIcon>
              <Text size="xs" c="dimmed">
                {t('flags.page', { page: shown.page, pages: shown.pages })}
              </Text>
              <ActionIcon
                variant="default"
                size="sm"
                aria-label={t('flags.next')}
                disabled={shown.page >= shown.pages}
                onClick={() => setPage(shown.page + 1)}
              >
                <IconChevronRight size={14} />
              </ActionIcon>
            </Group>
          ) : null}
        </Stack>
      </HoverCard.Dropdown>
    </HoverCard>
  );
}
