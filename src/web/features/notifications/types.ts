import type { Notification } from '../../../core/api/companies';
import { paths } from '../../lib/paths';

export const TYPE_COLORS: Record<string, string> = {
  notice: 'blue',
  info: 'blue',
  warning: 'yellow',
  success: 'green',
  error: 'red',
};
export const typeColor = (type: string) => TYPE_COLORS[type] ?? 'gray';

export interface NotificationsAnswer {
  data: Notification[];
  meta: { total: number; last_page: number; current_page: number; unread?: number };
}

/**
 * The page of the console a notification is about, to open from it: the server's `link` (the order
 * it names, the products for low stock, the orders of the days counted…), else its order. Only a
 * path of this app is followed (never another site).
 */
export function notificationPath(n: Pick<Notification, 'link' | 'order_id'>): string | null {
  if (typeof n.link === 'string' && n.link.startsWith('/') && !n.link.startsWith('//')) return n.link;
  return n.order_id ? paths.order(n.order_id) : null;
}
