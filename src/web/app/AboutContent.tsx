import { Modal, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useGeoSources } from '../components/address/useGeo';

/**
 * The About dialog: the version and the address data's licence notice (OGL-ROU-1.0 asks for the
 * attribution wherever the data is shown). A chunk of its own with the address texts, loaded when
 * first opened (AboutDialog.tsx): the frame's first load does not carry them.
 */
export function AboutContent({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('common');
  const { t: ta } = useTranslation('address');
  const sources = useGeoSources(opened);
  return (
    <Modal opened={opened} onClose={onClose} title={ta('about.title')}>
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
  );
}
