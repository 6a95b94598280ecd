import { Anchor } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The dialog with its address texts and data sources, downloaded when first opened. */
const AboutContent = lazy(async () => ({ default: (await import('./AboutContent')).AboutContent }));

/**
 * The sidebar footer's version, a button opening the About dialog (AboutContent.tsx). Once opened
 * the dialog stays mounted, so closing it is animated like any other.
 */
export function VersionAbout() {
  const { t } = useTranslation('common');
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Anchor
        component="button"
        type="button"
        size="xs"
        c="dimmed"
        py="sm"
        w="100%"
        ta="center"
        onClick={() => {
          setLoaded(true);
          setOpened(true);
        }}
        aria-label={t('layout.about')}
        title={t('layout.about')}
      >
        {t('version')}
      </Anchor>
      {loaded ? (
        <Suspense fallback={null}>
          <AboutContent opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
