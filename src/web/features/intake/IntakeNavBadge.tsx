import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useIntakeCounts } from './api';

/**
 * The sidebar's count beside Incoming: the items waiting for the seller (held, or never finished),
 * nothing when none wait. Its words are `common`'s: the sidebar comes with the first download.
 */
export function IntakeNavBadge() {
  const { t } = useTranslation('common');
  const counts = useIntakeCounts();
  const waiting = counts.data ? counts.data.held + counts.data.received : 0;
  if (waiting === 0) return null;
  return (
    <Badge
      size="sm"
      color="yellow"
      variant="filled"
      circle={waiting < 10}
      aria-label={t('nav.incomingWaiting', { count: waiting })}
      data-testid="incoming-count"
    >
      {waiting}
    </Badge>
  );
}
