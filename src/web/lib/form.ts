import { useCallback, useRef, useState, type FormEvent, type ReactNode } from 'react';
import i18n from 'i18next';
import type { z } from 'zod';
import { fieldErrors } from '../../core/fieldErrors';
import { ApiError } from './api';

/**
 * A small form state hook with the shape of Mantine's useForm (values, errors, getInputProps,
 * onSubmit, setErrors, reset) — @mantine/form is not installed in this project.
 * Validation: pass a Zod schema from src/core/api (the one the server uses, same messages),
 * and/or a `validate` function returning {field: message}.
 */
export type FormErrors = Record<string, ReactNode>;

export interface UseFormOptions<V> {
  initialValues: V;
  schema?: z.ZodType;
  validate?: (values: V) => Record<string, string | null | undefined>;
}

/* eslint-disable @typescript-eslint/no-explicit-any -- like Mantine's own useForm, so the props fit every input. */
export interface InputProps {
  value?: any;
  checked?: boolean;
  error?: ReactNode;
  onChange: (eventOrValue: any) => void;
  /** Checks the field once left, so a rule it breaks shows before any submit. */
  onBlur?: () => void;
}
/* eslint-enable @typescript-eslint/no-explicit-any */

export interface UseFormReturn<V> {
  values: V;
  errors: FormErrors;
  setValues: (next: V | ((prev: V) => V)) => void;
  setFieldValue: <K extends keyof V>(field: K, value: V[K]) => void;
  setErrors: (errors: FormErrors) => void;
  setFieldError: (field: string, error: ReactNode) => void;
  clearErrors: () => void;
  /** Validates and answers true when valid (errors are shown otherwise). */
  validate: () => boolean;
  /** Shows the client check's error of one field only, e.g. when it is left. */
  validateField: (field: string) => void;
  /** Props for a Mantine input: value/onChange/error (checked for { type: 'checkbox' }). */
  getInputProps: (field: keyof V & string, opts?: { type?: 'input' | 'checkbox' }) => InputProps;
  /** A submit handler: prevents the default, validates, then calls handler(values). */
  onSubmit: (handler: (values: V) => void) => (event?: FormEvent) => void;
  /** Back to the initial values (or new ones), errors cleared. */
  reset: (values?: V) => void;
  /** True once any field changed. */
  isDirty: boolean;
}

/** Reads the value out of a change event or takes the value itself (Select, NumberInput). */
function valueOf(eventOrValue: unknown, checkbox: boolean): unknown {
  if (eventOrValue && typeof eventOrValue === 'object' && 'currentTarget' in eventOrValue) {
    const target = (eventOrValue as { currentTarget: HTMLInputElement }).currentTarget;
    return checkbox ? target.checked : target.value;
  }
  return eventOrValue;
}

/** First message per field of a schema check, in the interface language ({} when valid). */
export function schemaErrors(schema: z.ZodType, values: unknown, lang = i18n.language): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const all = fieldErrors(result.error, lang === 'ro' ? 'ro' : 'en');
  return Object.fromEntries(Object.entries(all).map(([f, list]) => [f, list[0]]));
}

export function useForm<V extends object>(options: UseFormOptions<V>): UseFormReturn<V> {
  const initial = useRef(options.initialValues);
  const [values, setValuesState] = useState<V>(options.initialValues);
  const [errors, setErrorsState] = useState<FormErrors>({});
  const [isDirty, setDirty] = useState(false);
  const optsRef = useRef(options);
  optsRef.current = options;
  const valuesRef = useRef(values);
  valuesRef.current = values;

  const setValues = useCallback((next: V | ((prev: V) => V)) => {
    setValuesState((prev) => (typeof next === 'function' ? (next as (p: V) => V)(prev) : next));
    setDirty(true);
  }, []);

  const setFieldValue = useCallback(<K extends keyof V>(field: K, value: V[K]) => {
    setValuesState((prev) => ({ ...prev, [field]: value }));
    setDirty(true);
    setErrorsState((prev) => {
      if (!((field as string) in prev)) return prev;
      const next = { ...prev };
      delete next[field as string];
      return next;
    });
  }, []);

  const findErrors = useCallback((): FormErrors => {
    const { schema, validate: custom } = optsRef.current;
    const found: FormErrors = {};
    if (schema) Object.assign(found, schemaErrors(schema, valuesRef.current));
    if (custom) for (const [f, m] of Object.entries(custom(valuesRef.current))) if (m) found[f] = m;
    // NaN is what a number field answers while its text is no valid number (components/NumberField):
    // refused whatever the schema says, so a text such as "1.234" is never saved as another number.
    for (const [f, v] of Object.entries(valuesRef.current))
      if (typeof v === 'number' && Number.isNaN(v)) found[f] ??= i18n.t('common:number.invalid');
    return found;
  }, []);

  const validate = useCallback((): boolean => {
    const found = findErrors();
    setErrorsState(found);
    return Object.keys(found).length === 0;
  }, [findErrors]);

  const validateField = useCallback(
    (field: string) => {
      // Only adds: an error already shown (the server's, a check of the form's own) stays until the
      // field changes, which clears it (setFieldValue).
      const message = findErrors()[field];
      if (message) setErrorsState((prev) => (prev[field] === message ? prev : { ...prev, [field]: message }));
    },
    [findErrors],
  );

  const getInputProps = (field: keyof V & string, opts: { type?: 'input' | 'checkbox' } = {}): InputProps => {
    const checkbox = opts.type === 'checkbox';
    const onChange = (e: unknown) => setFieldValue(field, valueOf(e, checkbox) as V[typeof field]);
    const error = errors[field];
    return checkbox
      ? { checked: Boolean(values[field]), onChange, error }
      : { value: values[field] ?? '', onChange, error, onBlur: () => validateField(field) };
  };

  return {
    values,
    errors,
    setValues,
    setFieldValue,
    setErrors: setErrorsState,
    setFieldError: (field, error) => setErrorsState((prev) => ({ ...prev, [field]: error })),
    clearErrors: () => setErrorsState({}),
    validate,
    validateField,
    getInputProps,
    onSubmit: (handler) => (event) => {
      event?.preventDefault();
      if (validate()) handler(valuesRef.current);
    },
    reset: (next) => {
      if (next) initial.current = next;
      setValuesState(initial.current);
      setErrorsState({});
      setDirty(false);
    },
    isDirty,
  };
}

/**
 * Focuses the first field in error inside `root` (in the page's order), so a refused submit puts the
 * user on what to correct instead of leaving the focus on the submit button. Mantine marks a field in
 * error with aria-invalid. Answers whether one was found.
 */
export function focusFirstError(root: HTMLElement | null): boolean {
  const field = root?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!field) return false;
  field.focus();
  if (typeof field.scrollIntoView === 'function') field.scrollIntoView({ block: 'center' });
  return true;
}

/** The server's 422 `errors` object as one message per field. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(
    Object.entries(error.errors).map(([f, list]) => [f, Array.isArray(list) ? list.join(' ') : String(list)]),
  );
}

/**
 * Puts the server's field errors on the form's fields (those the form has) and answers the
 * error, so the caller can show it in <FormErrorAlert>.
 */
export function applyServerErrors<V extends object>(
  form: Pick<UseFormReturn<V>, 'setErrors' | 'values'>,
  error: unknown,
): unknown {
  const fields = serverFieldErrors(error);
  const known = Object.fromEntries(Object.entries(fields).filter(([f]) => f in (form.values as object)));
  form.setErrors(known);
  return error;
}
