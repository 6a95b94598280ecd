import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** The toasts' container (Layout.tsx mounts it once a toast is shown). */
export function Toasts() {
  return <Notifications position="top-right" />;
}
