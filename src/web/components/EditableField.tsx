import { ActionIcon, Button, Group, Stack, Text, TextInput, Textarea, Tooltip } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../lib/api';

export type EditableValue = string | number | null | undefined;

/** What a custom editor gets (renderInput): spread `inputProps` on a Mantine input. */
export interface EditorProps {
  value: string;
  onChange: (value: string) => void;
  inputProps: {
    value: string;
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => void;
    'aria-label': string;
    error?: ReactNode;
    autoFocus: true;
    'data-autofocus': true;
  };
}

export interface EditableFieldProps {
  label: string;
  value: EditableValue;
  /** Saves the typed text; a rejection (ApiError 422 or other) keeps the editor open with the message. */
  onSave: (draft: string) => Promise<unknown>;
  /** How the value reads when not editing (default: the value as text). Empty, null or undefined show "—". */
  display?: (value: string | number) => ReactNode;
  /** The text the editor starts with (default: the value as text, '' for empty). */
  toDraft?: (value: EditableValue) => string;
  /** Client check before saving: the message, or null when the text is fine. */
  validate?: (draft: string) => string | null;
  /** `textarea`: several lines (Enter adds a line, Ctrl+Enter saves). */
  multiline?: boolean;
  /** A custom editor (a select, a number input). */
  renderInput?: (p: EditorProps) => ReactNode;
  /** The server's field of this value, to pick its message out of a 422 (default: the first one). */
  field?: string;
  /** Read-only: no pencil. */
  disabled?: boolean;
}

const isEmpty = (v: EditableValue): v is null | undefined | '' =>
  v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/**
 * A click-to-edit value (the order detail's fields): the value (or a dash when empty) with a pencil;
 * editing shows an input with Save and Cancel. Enter saves, Esc cancels; a failed save keeps what was
 * typed and shows why.
 */
export function EditableField({
  label,
  value,
  onSave,
  display,
  toDraft,
  validate,
  multiline,
  renderInput,
  field,
  disabled,
}: EditableFieldProps) {
  const { t } = useTranslation('common');
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pencil = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  // Back in the display state after editing: the focus goes back to the pencil (keyboard users keep their place).
  useEffect(() => {
    if (!editing && returnFocus.current) {
      returnFocus.current = false;
      pencil.current?.focus();
    }
  }, [editing]);

  const start = () => {
    setDraft(toDraft ? toDraft(value) : isEmpty(value) ? '' : String(value));
    setError(null);
    setEditing(true);
  };
  const cancel = () => {
    if (saving) return;
    returnFocus.current = true;
    setEditing(false);
    setError(null);
  };
  const save = async () => {
    if (saving) return;
    const problem = validate?.(draft) ?? null;
    if (problem) {
      setError(problem);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await onSave(draft);
      returnFocus.current = true;
      setEditing(false);
    } catch (e) {
      const fieldErrors = e instanceof ApiError ? e.errors : {};
      const own = (field ? fieldErrors[field] : Object.values(fieldErrors)[0])?.[0];
      setError(own ?? errorMessage(e, t('form.saveFailed')));
    } finally {
      setSaving(false);
    }
  };
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === 'Escape') {
      // Esc leaves the editor only (a surrounding modal stays open).
      e.preventDefault();
      e.stopPropagation();
      cancel();
    } else if (e.key === 'Enter' && (!multiline || e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void save();
    }
  };

  if (!editing) {
    const shown = isEmpty(value) ? (
      <Text c="dimmed" aria-label={t('field.empty')}>
        —
      </Text>
    ) : (
      <Text component="div">{display ? display(value) : String(value)}</Text>
    );
    return (
      <Stack gap={2}>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        <Group gap={6} wrap="nowrap" align="center">
          {shown}
          {disabled ? null : (
            <Tooltip label={t('field.edit', { label })}>
              <ActionIcon
                ref={pencil}
                variant="subtle"
                size="sm"
                aria-label={t('field.edit', { label })}
                onClick={start}
              >
                <IconPencil size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Stack>
    );
  }

  const inputProps = {
    value: draft,
    onKeyDown,
    'aria-label': label,
    error: error ?? undefined,
    autoFocus: true as const,
    'data-autofocus': true as const,
  };
  let input: ReactNode;
  if (renderInput) input = renderInput({ value: draft, onChange: setDraft, inputProps });
  else if (multiline)
    input = <Textarea {...inputProps} autosize minRows={2} onChange={(e) => setDraft(e.currentTarget.value)} />;
  else input = <TextInput {...inputProps} onChange={(e) => setDraft(e.currentTarget.value)} />;

  return (
    <Stack gap={4}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {input}
      <Group gap="xs">
        <Button size="xs" onClick={() => void save()} loading={saving}>
          {t('actions.save')}
        </Button>
        <Button size="xs" variant="default" onClick={cancel} disabled={saving}>
          {t('actions.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
