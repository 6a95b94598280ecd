import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { statusColor } from '../../core/status';

/**
 * A badge's text is never cut: Mantine's badge is `width: fit-content`, which a table cell squeezes
 * below its text ("NOT INVOIC…", "NEFACTURA…") even when the column has room for it. Its full width
 * is its least.
 */
export const WHOLE_BADGE = 'max-content';

/** An order or courier status as a coloured badge (src/core/status.ts), labelled in the UI language. */
export function StatusBadge({ status }: { status: string | null | undefined }) {
  const { t } = useTranslation('common');
  if (!status)
    return (
      <Badge color="gray" variant="light" miw={WHOLE_BADGE}>
        {t('status.none')}
      </Badge>
    );
  const label = t(`status.${status}`, { defaultValue: status });
  return (
    <Badge color={statusColor(status)} variant="light" miw={WHOLE_BADGE}>
      {label}
    </Badge>
  );
}

/** Active / inactive badge. */
export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation('common');
  return (
    <Badge color={active ? 'green' : 'gray'} variant="light" miw={WHOLE_BADGE}>
      {active ? t('state.active') : t('state.inactive')}
    </Badge>
  );
}

/** Yes / no badge. */
export function YesNoBadge({ value }: { value: boolean }) {
  const { t } = useTranslation('common');
  return (
    <Badge color={value ? 'teal' : 'gray'} variant="light" miw={WHOLE_BADGE}>
      {value ? t('bool.yes') : t('bool.no')}
    </Badge>
  );
}
