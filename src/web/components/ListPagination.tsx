import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { pageWindow } from '../../core/pagination';

/** Previous, numbered pages (src/core/pagination.ts window) and Next. Hidden for a single page. */
export function ListPagination({ page, lastPage, onChange, disabled }: { page: number; lastPage: number; onChange: (page: number) => void; disabled?: boolean }) {
  const { t } = useTranslation('common');
  if (lastPage <= 1) return null;
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
