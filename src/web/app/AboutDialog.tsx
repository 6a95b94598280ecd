import { Anchor, Modal, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGeoSources } from '../components/address/useGeo';

/**
 * The sidebar footer's version, a button opening the About dialog: the version and the address
 * data's licence notice (OGL-ROU-1.0 asks for the attribution wherever the data is shown).
 */
export function VersionAbout() {
  const { t } = useTranslation('common');
  const { t: ta } = useTranslation('address');
  const [opened, setOpened] = useState(false);
  const sources = useGeoSources(opened);
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
        onClick={() => setOpened(true)}
        aria-label={ta('about.open')}
        title={ta('about.open')}
      >
        {t('version')}
      </Anchor>
      <Modal opened={opened} onClose={() => setOpened(false)} title={ta('about.title')}>
        <Stack gap="sm">
          <Text fw={500}>{ta('about.version', { version: t('version') })}</Text>
          <Title order={4}>{ta('about.dataTitle')}</Title>
          <Text size="sm" data-testid="data-notice">
            {ta('about.notice', {
              postal: sources.data?.postal_codes ?? 'Infocod',
              siruta: sources.data?.siruta ?? 'SIRUTA',
            })}
          </Text>
        </Stack>
      </Modal>
    </>
  );
}
