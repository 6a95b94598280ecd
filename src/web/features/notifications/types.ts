import type { Notification } from '../../../core/api/companies';

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
