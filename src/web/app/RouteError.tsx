import { Center, Loader } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
// Not from states.tsx: this is part of the first download, which should carry no more than it shows.
import { ErrorState } from '../components/ErrorState';
import { claimReload, isChunkLoadError, serverReachable } from './screenLoad';

type Shown = 'checking' | 'offline' | 'screen' | 'unexpected';

/**
 * The route error element (routes.tsx) around the screens and the signed-in frame, in place of React
 * Router's developer page: a screen that failed to load shows the panel of a failed data call
 * ("Cannot reach the server…" and Try again), in the reader's language. When its code is missing
 * while the server answers (a deploy renamed the files), the page loads again once by itself to
 * pick up the new files (screenLoad.ts guards against a loop). Any other failure says so, with
 * Try again. The sidebar and the header stay usable around a screen's panel.
 */
export function RouteError({ standalone = false }: { standalone?: boolean }) {
  const { t } = useTranslation('common');
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  const [shown, setShown] = useState<Shown>(chunk ? 'checking' : 'unexpected');
  const [retrying, setRetrying] = useState(false);

  useEffect(() => {
    if (!chunk) {
      console.error(error);
      return;
    }
    let live = true;
    void serverReachable().then((up) => {
      if (!live) return;
      if (up && claimReload()) window.location.reload();
      else setShown(up ? 'screen' : 'offline');
    });
    return () => {
      live = false;
    };
  }, [chunk, error]);

  // Only a page load fetches a failed screen again; while the server is still out of reach, the
  // panel stays (a reload would show the browser's own error page instead).
  const retry = async () => {
    setRetrying(true);
    if (await serverReachable()) window.location.reload();
    else {
      setShown('offline');
      setRetrying(false);
    }
  };

  const body =
    shown === 'checking' ? (
      <Center py="xl" role="status" aria-label={t('loading')}>
        <Loader />
      </Center>
    ) : (
      <ErrorState
        message={t(shown === 'offline' ? 'errors.network' : shown === 'screen' ? 'errors.screen' : 'errors.unexpected')}
        onRetry={() => void retry()}
        retrying={retrying}
      />
    );
  return standalone ? (
    <div style={{ maxWidth: 720, margin: '48px auto', padding: 16 }} data-testid="route-error">
      {body}
    </div>
  ) : (
    <div data-testid="route-error">{body}</div>
  );
}
