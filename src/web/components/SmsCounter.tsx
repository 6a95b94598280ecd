import { Alert, Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlphabetLatin, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { countSms, replaceDiacritics, type SmsColour } from '../../core/sms';

const COLOUR: Record<SmsColour, string> = { grey: 'dimmed', orange: 'orange.7', red: 'red.7' };

/**
 * The live SMS counter under the message text (src/core/sms.ts): length against the capacity,
 * the number of SMS parts, the colour (grey, orange from 75 %, red when split), a "Unicode" badge
 * and, when Romanian diacritics are what makes the text Unicode, a one-click replacement.
 */
export function SmsCounter({ text, onReplace }: { text: string; onReplace?: (next: string) => void }) {
  const { t } = useTranslation('messages');
  const c = countSms(text);
  const summary =
    c.length === 0
      ? t('counter.empty', { capacity: c.capacity })
      : c.parts <= 1
        ? t('counter.single', { length: c.length, capacity: c.capacity })
        : t('counter.multi', { length: c.length, count: c.parts, perPart: c.perPart });

  return (
    <Stack
      gap={6}
      data-testid="sms-counter"
      data-colour={c.colour}
      data-encoding={c.encoding}
      data-parts={c.parts}
      data-length={c.length}
    >
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Text
          size="sm"
          fw={c.colour === 'grey' ? 400 : 600}
          c={COLOUR[c.colour]}
          aria-live="polite"
          data-testid="sms-counter-summary"
        >
          {summary}
        </Text>
        <Group gap={6} wrap="nowrap">
          {c.length > 0 ? (
            <Text size="xs" c="dimmed">
              {t('counter.remaining', { count: c.remaining })}
            </Text>
          ) : null}
          {c.unicode ? (
            <Tooltip label={t('counter.unicodeBecause', { chars: c.unicodeChars.join(' ') })} multiline w={280}>
              <Badge
                color="violet"
                variant="light"
                leftSection={<IconLanguage size={12} />}
                data-testid="sms-unicode-badge"
              >
                {t('counter.unicode')}
              </Badge>
            </Tooltip>
          ) : (
            <Badge color="gray" variant="outline">
              {t('counter.gsm')}
            </Badge>
          )}
        </Group>
      </Group>
      {c.unicode ? (
        <Alert color="violet" variant="light" p="xs" data-testid="sms-unicode-note">
          <Stack gap={6}>
            <Text size="xs">{t('counter.unicodeBecause', { chars: c.unicodeChars.join(' ') })}</Text>
            {c.hasDiacritics && onReplace ? (
              <Group gap="xs" justify="space-between" wrap="wrap">
                <Text size="xs" c="dimmed">
                  {t('counter.diacritics')}
                </Text>
                <Button
                  size="compact-xs"
                  variant="light"
                  leftSection={<IconAlphabetLatin size={14} />}
                  onClick={() => onReplace(replaceDiacritics(text))}
                >
                  {t('counter.replace')}
                </Button>
              </Group>
            ) : null}
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}
