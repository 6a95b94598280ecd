import { Button, Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../components/states';
import { paths } from '../lib/paths';

export function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <Paper withBorder p="xl" radius="md">
      <EmptyState
        title={t('notFound.title')}
        text={t('notFound.text')}
        action={
          <Button component={Link} to={paths.dashboard()} variant="light">
            {t('placeholder.back')}
          </Button>
        }
      />
    </Paper>
  );
}
