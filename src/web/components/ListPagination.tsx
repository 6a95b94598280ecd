import { Button, Group, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { pageWindow } from '../../core/pagination';

/** Previous, numbered pages (src/core/pagination.ts window) and Next. Hidden for a single page. */
export function ListPagination({
  page,
  lastPage,
  onChange,
  disabled,
}: {
  page: number;
  lastPage: number;
  onChange: (page: number) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('common');
  // On a phone the numbered window would wrap: Previous, "Page 2 of 32", Next on one line.
  const compact = useMediaQuery('(max-width: 48em)', false) ?? false;
  if (lastPage <= 1) return null;
  if (compact)
    return (
      <nav aria-label={t('list.pagination')}>
        <Group gap={6} wrap="nowrap">
          <Button size="xs" variant="default" onClick={() => onChange(page - 1)} disabled={disabled || page <= 1}>
            {t('list.previous')}
          </Button>
          <Text size="sm" aria-current="page" style={{ whiteSpace: 'nowrap' }}>
            {t('list.pageOf', { page, last: lastPage })}
          </Text>
          <Button
            size="xs"
            variant="default"
            onClick={() => onChange(page + 1)}
            disabled={disabled || page >= lastPage}
          >
            {t('list.next')}
          </Button>
        </Group>
      </nav>
    );
  return (
    <nav aria-label={t('list.pagination')}>
      <Group gap={4} wrap="wrap">
        <Button size="xs" variant="default" onClick={() => onChange(page - 1)} disabled={disabled || page <= 1}>
          {t('list.previous')}
        </Button>
        {pageWindow(page, lastPage).map((item, i) =>
          item === 'gap' ? (
            <Text key={`gap-${i}`} px={4} c="dimmed" aria-hidden>
              ...
            </Text>
          ) : (
            <Button
              key={item}
              size="xs"
              miw={32}
              px={8}
              variant={item === page ? 'filled' : 'default'}
              aria-current={item === page ? 'page' : undefined}
              aria-label={t('list.page', { page: item })}
              onClick={() => item !== page && onChange(item)}
              disabled={disabled}
            >
              {item}
            </Button>
          ),
        )}
        <Button size="xs" variant="default" onClick={() => onChange(page + 1)} disabled={disabled || page >= lastPage}>
          {t('list.next')}
        </Button>
      </Group>
    </nav>
  );
}
