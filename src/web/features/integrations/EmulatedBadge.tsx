import { Badge, Tooltip } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The mark of a provider that runs on the built-in emulator (shown wherever the provider appears). */
export function EmulatedBadge({ name }: { name: string }) {
  const { t } = useTranslation('integrations');
  return (
    <Tooltip label={t('emulatedHint', { name })} withArrow>
      <Badge color="grape" variant="outline" leftSection={<IconFlask size={12} />} data-testid="emulated-badge">
        {t('emulated')}
      </Badge>
    </Tooltip>
  );
}
