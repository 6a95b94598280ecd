import { notifications, type NotificationData } from '@mantine/notifications';
import { beforeEach, vi } from 'vitest';

/**
 * Records the toasts a test file's screens show instead of showing them: the spy is installed
 * before each test (setup.ts restores spies between files), on the module every screen imports, so
 * the file needs no module of its own and shares its worker's. The array is the file's to empty.
 */
export function recordToasts(): NotificationData[] {
  const shown: NotificationData[] = [];
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockImplementation((n) => {
      shown.push(n);
      return '';
    });
  });
  return shown;
}
