import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The emulator's demo account, with a button that fills it in (emulated providers only). */
export function DemoAccount({
  name,
  fields,
  credentials,
  label,
  onFill,
}: {
  name: string;
  fields: readonly string[];
  credentials: Record<string, string>;
  label: (field: string) => string;
  onFill: () => void;
}) {
  const { t } = useTranslation('integrations');
  return (
    <Alert
      color="grape"
      variant="light"
      icon={<IconFlask size={18} />}
      title={t('demo.title')}
      data-testid="demo-account"
      role="note"
    >
      <Stack gap={6}>
        <Text size="sm">{t('demo.text', { name })}</Text>
        <Group gap="md">
          {fields.map((field) => (
            <Text size="sm" key={field}>
              {label(field)}: {credentials[field] !== undefined ? <Code>{credentials[field]}</Code> : t('demo.any')}
            </Text>
          ))}
        </Group>
        <div>
          <Button size="xs" variant="light" color="grape" onClick={onFill}>
            {t('demo.fill')}
          </Button>
        </div>
      </Stack>
    </Alert>
  );
}
