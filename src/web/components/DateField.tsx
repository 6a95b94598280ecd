import { ActionIcon, TextInput, type TextInputProps } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay, parseDay } from '../lib/format';

export interface DateFieldProps extends Omit<TextInputProps, 'value' | 'onChange' | 'type'> {
  /** The day as `YYYY-MM-DD`, or '' for none. */
  value: string;
  /** Called with a real day (`YYYY-MM-DD`) or '' once the text is emptied; never with a guess. */
  onChange: (value: string) => void;
}

/**
 * The one date input of the app (docs/numbers-and-dates.md). Chromium's `<input type="date">`
 * writes the day in the browser's order (12/01/2026 under an American browser) whatever the page's
 * language, so this is a text field in the page's language (01.12.2026 / 1 Dec 2026) that reads a
 * typed day first (`parseDay`), with a calendar button opening the browser's own picker on a hidden
 * date input. A text that is no day keeps what was typed, does not change the value, and says why
 * once the field was left.
 */
export function DateField({ value, onChange, label, onBlur, error, rightSection, ...rest }: DateFieldProps) {
  const { t, i18n } = useTranslation('common');
  const lang = i18n.language;
  const [text, setText] = useState(() => formatDay(value, lang));
  const [touched, setTouched] = useState(false);
  const sent = useRef(value);
  const picker = useRef<HTMLInputElement>(null);

  // A value set from outside (a reset, the calendar, Back in the history) or another language.
  useEffect(() => {
    if (value === sent.current) return;
    sent.current = value;
    setText(formatDay(value, lang));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the value or language changes
  }, [value]);
  const shownLang = useRef(lang);
  useEffect(() => {
    if (shownLang.current === lang) return;
    shownLang.current = lang;
    if (parseDay(text) === (sent.current || null)) setText(formatDay(sent.current, lang));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the language changes
  }, [lang]);

  const take = (raw: string) => {
    setText(raw);
    const day = raw.trim() === '' ? '' : parseDay(raw);
    if (day === null || day === sent.current) return;
    sent.current = day;
    onChange(day);
  };
  const invalid = text.trim() !== '' && parseDay(text) === null;

  const openPicker = () => {
    const input = picker.current;
    if (!input) return;
    input.value = value;
    try {
      input.showPicker();
    } catch {
      input.focus();
      input.click();
    }
  };

  return (
    <div style={{ position: 'relative' }}>
      <TextInput
        label={label}
        placeholder={t('date.placeholder')}
        autoComplete="off"
        {...rest}
        value={text}
        onChange={(e) => take(e.currentTarget.value)}
        onBlur={(e) => {
          setTouched(true);
          if (!invalid) setText(formatDay(sent.current, lang));
          onBlur?.(e);
        }}
        error={invalid && (touched || error) ? t('date.invalid') : error}
        rightSection={
          rightSection ?? (
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              onClick={openPicker}
              disabled={rest.disabled}
              // Not named after the field's label, so finding the field by its label finds one element.
              aria-label={t('date.calendar')}
            >
              <IconCalendar size={14} />
            </ActionIcon>
          )
        }
      />
      <input
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden
        style={{ position: 'absolute', left: 0, bottom: 0, width: 1, height: 1, opacity: 0, pointerEvents: 'none' }}
        onChange={(e) => {
          if (!e.currentTarget.value) return;
          setTouched(false);
          take(formatDay(e.currentTarget.value, lang));
        }}
      />
    </div>
  );
}
