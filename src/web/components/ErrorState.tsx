import { Alert, Button } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';

/*
 * A module of its own (states.tsx re-exports it): the route error element of the first download
 * (app/RouteError.tsx) shows it, and the rest of states.tsx stays out of that download.
 */

/** A red error block (lists and screens that failed to load); `retrying` spins its Try again. */
export function ErrorState({
  message,
  onRetry,
  retrying = false,
}: {
  message: ReactNode;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  const { t } = useTranslation('common');
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" title={message}>
      {onRetry ? (
        <Button size="xs" variant="light" color="red" onClick={onRetry} loading={retrying}>
          {t('actions.retry')}
        </Button>
      ) : null}
    </Alert>
  );
}
