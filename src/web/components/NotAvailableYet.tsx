import { Button, Paper } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState, PageHeader } from './states';

/** The honest placeholder of a screen that is not built yet. */
export function NotAvailableYet({ title }: { title: string }) {
  const { t } = useTranslation('common');
  return (
    <>
      <PageHeader title={title} />
      <Paper withBorder p="xl" radius="md">
        <EmptyState
          icon={<IconHourglass size={26} />}
          title={t('placeholder.title')}
          text={t('placeholder.text')}
          action={
            <Button component={Link} to="/" variant="light">
              {t('placeholder.back')}
            </Button>
          }
        />
      </Paper>
    </>
  );
}
