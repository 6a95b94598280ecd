import { Text, Timeline } from '@mantine/core';
import { IconActivity } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { Section } from '../../../components/Section';
import type { Order } from '../../../../core/api/orders';
import { describeEvent, eventAuthor } from './historyText';

/** The activity timeline from the order's history, newest first. */
export function HistorySection({ order }: { order: Order }) {
  const { t, i18n } = useTranslation('orders');
  const events = [...(order.history ?? [])].sort((a, b) => b.created_at - a.created_at || b.id - a.id);
  return (
    <Section title={t('history.title')} testId="history-section">
      {events.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('history.empty')}
        </Text>
      ) : (
        <Timeline bulletSize={18} lineWidth={2} active={0}>
          {events.map((e) => {
            const { title, details } = describeEvent(e, t, i18n.language);
            return (
              <Timeline.Item key={e.id} title={title} bullet={<IconActivity size={11} />}>
                {details.map((line, i) => (
                  <Text key={i} size="sm">
                    {line}
                  </Text>
                ))}
                <Text size="xs" c="dimmed" mt={2}>
                  {formatDateTime(e.created_at, i18n.language)} · {t('history.by', { who: eventAuthor(e, t) })}
                </Text>
              </Timeline.Item>
            );
          })}
        </Timeline>
      )}
    </Section>
  );
}
