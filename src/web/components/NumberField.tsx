import { TextInput, type TextInputProps } from '@mantine/core';
import { useEffect, useRef, useState, type ChangeEvent, type FocusEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, parseNumber, type ParsedNumber } from '../lib/format';

/** What a number field answers: the number, '' when empty, NaN while its text is not a valid number. */
export type NumberFieldValue = number | '';

export interface NumberFieldProps extends Omit<TextInputProps, 'value' | 'onChange' | 'type' | 'min' | 'max'> {
  /** A number, '' / null (empty), or a numeric text such as the API's "12.50". */
  value?: number | string | null;
  onChange: (value: NumberFieldValue) => void;
  /** Decimals allowed (0: whole numbers). Default 2. */
  scale?: number;
  /** Shows `scale` decimals once typed or loaded: 12,50 (money). */
  fixed?: boolean;
  allowNegative?: boolean;
  min?: number;
  max?: number;
  /** What ArrowUp / ArrowDown add or take away (default: one unit of the last decimal, 0.01 for money). */
  step?: number;
}

function normalize(value: NumberFieldProps['value']): NumberFieldValue {
  if (value === null || value === undefined || value === '') return '';
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isNaN(n) ? Number.NaN : n;
}

/**
 * The one number input of the app (docs/numbers-and-dates.md): the text is read in the page's
 * language by `parseNumber` (12,50 and 12.50 are both twelve and a half; 1.234,56 is read, an
 * ambiguous 1.234 is not) whether typed key by key or pasted, and is never rewritten into another
 * number. A text that is no valid number (or breaks min / max) keeps what was typed, shows why in
 * the field once it was left, pasted into or a submit was tried (`error` given), and answers NaN to
 * the form, which every check refuses (lib/form.ts). A valid number is written back in the
 * language when the field is left (12,50 in Romanian).
 */
export function NumberField({
  value,
  onChange,
  scale = 2,
  fixed = false,
  allowNegative = false,
  min,
  max,
  step,
  error,
  onBlur,
  onPaste,
  onKeyDown,
  ...rest
}: NumberFieldProps) {
  const { t, i18n } = useTranslation('common');
  const lang = i18n.language;
  const show = (v: NumberFieldValue) =>
    v === '' || Number.isNaN(v) ? '' : formatNumber(v, lang, { scale, fixed, grouping: false });
  const [text, setText] = useState(() => show(normalize(value)));
  const [touched, setTouched] = useState(false);
  const sent = useRef<NumberFieldValue>(normalize(value));

  // A value set from outside (a reset, a product chosen, another record) replaces the text.
  useEffect(() => {
    const v = normalize(value);
    if (Object.is(v, sent.current)) return;
    sent.current = v;
    setText(show(v));
    setTouched(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the value changes
  }, [value]);

  // Another language writes a valid number with its own decimal mark.
  const shownLang = useRef(lang);
  useEffect(() => {
    if (shownLang.current === lang) return;
    shownLang.current = lang;
    if (typeof sent.current === 'number' && !Number.isNaN(sent.current)) setText(show(sent.current));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the language changes
  }, [lang]);

  const parsed: ParsedNumber = parseNumber(text, lang, { scale, allowNegative });
  let problem: string | null = null;
  if (!parsed.ok) {
    if (parsed.problem === 'decimals') problem = t('number.decimals', { count: parsed.scale });
    else if (parsed.problem === 'ambiguous')
      problem = t('number.ambiguous', { text: text.trim(), whole: parsed.whole, decimal: parsed.decimal });
    else problem = t(`number.${parsed.problem}`);
  } else if (parsed.value !== null && min !== undefined && parsed.value < min)
    problem = t('number.min', { min: formatNumber(min, lang) });
  else if (parsed.value !== null && max !== undefined && parsed.value > max)
    problem = t('number.max', { max: formatNumber(max, lang) });

  const take = (raw: string) => {
    setText(raw);
    const read = parseNumber(raw, lang, { scale, allowNegative });
    let next: NumberFieldValue = read.ok ? (read.value ?? '') : Number.NaN;
    if (typeof next === 'number' && ((min !== undefined && next < min) || (max !== undefined && next > max)))
      next = Number.NaN;
    sent.current = next;
    onChange(next);
  };
  const change = (event: ChangeEvent<HTMLInputElement>) => take(event.currentTarget.value);

  // The arrows step from a valid number (from min, or 0, when empty), within min and max.
  const arrow = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if ((event.key !== 'ArrowUp' && event.key !== 'ArrowDown') || !parsed.ok || rest.disabled || rest.readOnly) return;
    event.preventDefault();
    const by = (step ?? 10 ** -scale) * (event.key === 'ArrowUp' ? 1 : -1);
    let next = Number(((parsed.value ?? min ?? 0) + (parsed.value === null ? 0 : by)).toFixed(scale));
    if (min !== undefined) next = Math.max(min, next);
    if (max !== undefined) next = Math.min(max, next);
    if (!allowNegative) next = Math.max(0, next);
    take(formatNumber(next, lang, { scale, fixed, grouping: false }));
  };

  const blur = (event: FocusEvent<HTMLInputElement>) => {
    setTouched(true);
    if (!problem && typeof sent.current === 'number') setText(show(sent.current));
    onBlur?.(event);
  };

  return (
    <TextInput
      inputMode={scale === 0 && !allowNegative ? 'numeric' : 'decimal'}
      autoComplete="off"
      {...rest}
      value={text}
      onChange={change}
      onBlur={blur}
      onKeyDown={arrow}
      onPaste={(event) => {
        setTouched(true);
        onPaste?.(event);
      }}
      error={problem && (touched || error) ? problem : error}
    />
  );
}
