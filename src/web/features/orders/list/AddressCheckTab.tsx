import { Badge, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import type { useUrlParams } from '../../../components/useUrlParams';
import { ATTENTION_TAB } from './AttentionTab';

/** The orders list's tab of the orders whose address is to check (`address_check=1`). */
export const TO_CHECK_TAB = 'to_check';

/** Which tab the URL shows: "to check" when it filters by it, else its status (or all). */
export function currentTab(filters: Record<string, unknown>): string {
  if (String(filters.address_check ?? '') === '1') return TO_CHECK_TAB;
  if (String(filters.attention ?? '') === '1') return ATTENTION_TAB;
  return filters.status ? String(filters.status) : 'all';
}

/**
 * A tab chosen: "to check" filters `address_check=1` across the statuses; a status tab filters
 * its status and leaves "to check". Either is a new history entry and goes back to page 1.
 */
export function chooseTab(writeUrl: ReturnType<typeof useUrlParams>, value: string | null): void {
  writeUrl((p) => {
    p.delete('page');
    p.delete('attention');
    if (value === ATTENTION_TAB) {
      p.set('attention', '1');
      p.delete('address_check');
      p.delete('status');
      return;
    }
    if (value === TO_CHECK_TAB) {
      p.set('address_check', '1');
      p.delete('status');
      return;
    }
    p.delete('address_check');
    if (value && value !== 'all') p.set('status', value);
    else p.delete('status');
  });
}

/** The "to check" tab with its count (`GET /order/counts` meta.address_check). */
export function AddressCheckTab({ count }: { count: number | undefined }) {
  const { t, i18n } = useTranslation('orders');
  return (
    <Tabs.Tab
      value={TO_CHECK_TAB}
      rightSection={
        <Badge size="sm" variant="light" color={count ? 'orange' : 'gray'} data-testid="count-to-check">
          {typeof count === 'number' ? formatNumber(count, i18n.language) : '…'}
        </Badge>
      }
    >
      {t('addressCheck.tab')}
    </Tabs.Tab>
  );
}
