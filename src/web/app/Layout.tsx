import { AppShell, Drawer, Loader, Text } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigation } from 'react-router';
import { LoadingState } from '../components/states';
import { useKeepCompanySelected } from './CompanySelector';
import { Header } from './Header';
import { Sidebar } from './Sidebar';
import { useLogout } from './useLogout';

/**
 * The toasts' container and stylesheet, downloaded with the first toast: until then there is none
 * to show, and the dashboard's first load does not carry them. Once mounted it stays.
 */
const Toasts = lazy(async () => ({ default: (await import('./Toasts')).Toasts }));

function useToastShown(): boolean {
  const shown = useNotifications().notifications.length > 0;
  const [mounted, setMounted] = useState(false);
  if (shown && !mounted) setMounted(true);
  return shown || mounted;
}

/**
 * The signed-in layout: header, sidebar (a drawer with an overlay on small screens), the screen, and
 * the toasts (only signed-in screens show any, so the sign-in page does not download them).
 */
export function Layout() {
  const { t } = useTranslation('common');
  const [opened, { toggle, close }] = useDisclosure(false);
  const mobile = useMediaQuery('(max-width: 48em)', false);
  const logout = useLogout();
  useKeepCompanySelected();
  // A screen's code downloads on its first visit: the current screen stays, with a small loader.
  const loading = useNavigation().state === 'loading';
  const toasts = useToastShown();
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 290, breakpoint: 'sm', collapsed: { mobile: true } }}
      padding="md"
    >
      <AppShell.Header>
        <Header menuOpened={opened && mobile} onMenu={toggle} />
      </AppShell.Header>
      <AppShell.Navbar>{!mobile ? <Sidebar onLogout={() => void logout()} /> : null}</AppShell.Navbar>
      <Drawer
        opened={opened && mobile}
        onClose={close}
        size={280}
        padding={0}
        title={
          <Text fw={700} pl="md">
            {t('appTitle')}
          </Text>
        }
        closeButtonProps={{ 'aria-label': t('actions.close'), mr: 'xs' }}
        styles={{ header: { paddingLeft: 0, paddingRight: 0, minHeight: 60 } }}
      >
        <div style={{ height: 'calc(100vh - 60px)' }}>
          <Sidebar onNavigate={close} onLogout={() => void logout()} />
        </div>
      </Drawer>
      {toasts ? (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      ) : null}
      {loading ? (
        <Loader
          size="sm"
          pos="fixed"
          top={18}
          left="50%"
          style={{ zIndex: 300 }}
          aria-label={t('loading')}
          role="status"
        />
      ) : null}
      <AppShell.Main bg="var(--mantine-color-gray-0)">
        {/* A screen whose translations are not in yet (see app/i18n.ts) shows a loader meanwhile. */}
        <Suspense fallback={<LoadingState />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
