import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import i18n from 'i18next';
import { useTranslation } from 'react-i18next';
import { useId, useRef, type FormEvent, type ReactNode } from 'react';
import { ApiError } from '../lib/api';

/**
 * The error box of a form: the server's message (or the fallback) and, as the spec asks for the
 * company form, the list of the server's field messages.
 */
export function FormErrorAlert({ error, fallback }: { error: unknown; fallback?: string }) {
  const { t } = useTranslation('common');
  if (!error) return null;
  const api = error instanceof ApiError ? error : null;
  const messages = api ? Object.values(api.errors).flat() : [];
  const title = api?.message || fallback || t('errors.unexpected');
  return (
    <Alert color="red" role="alert" title={title}>
      {messages.length > 0 ? (
        <List size="sm">
          {messages.map((m, i) => (
            <List.Item key={i}>{m}</List.Item>
          ))}
        </List>
      ) : null}
    </Alert>
  );
}

/**
 * The reason of a Save disabled while required fields are empty, from the labels of those still
 * empty (`false` for a filled one): "Fill in first: Name, SKU." / "Completați întâi: …";
 * undefined when none is.
 */
export function fillInReason(missing: (string | false | null | undefined)[]): string | undefined {
  const fields = missing.filter((f): f is string => Boolean(f));
  return fields.length ? i18n.t('common:form.fillIn', { fields: fields.join(', ') }) : undefined;
}

/**
 * The reason beside a button disabled outside a FormModal ("First choose: Product."), shown only
 * while there is one; give the button `aria-describedby={id}`.
 */
export function WhyDisabled({ id, reason }: { id?: string; reason: ReactNode }) {
  if (!reason) return null;
  return (
    <Text id={id} size="xs" c="dimmed" data-testid="disabled-reason">
      {reason}
    </Text>
  );
}

export interface FormModalProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  /** form.onSubmit(handler): Enter in any field submits. */
  onSubmit: (event: FormEvent) => void;
  /** Blocks a second submit and shows a spinner on the save button. */
  submitting?: boolean;
  /** The failed save (ApiError or other), shown above the buttons. */
  error?: unknown;
  /** Text when the server gave no message, e.g. "Failed to create company". */
  errorFallback?: string;
  submitLabel?: ReactNode;
  /** Disables the save button while busy (e.g. a file still being read). */
  submitDisabled?: boolean;
  /**
   * Why Save cannot be used yet (e.g. `t('common:form.fillIn', { fields })` while required fields are
   * empty): disables it and says so beside it, so a greyed-out Save never leaves the user guessing.
   */
  disabledReason?: ReactNode;
  size?: string | number;
  children: ReactNode;
}

/** A modal with a form: fields, the error box, Cancel and Save. Focuses the field marked data-autofocus, else the first field, on open. */
export function FormModal({
  opened,
  onClose,
  title,
  onSubmit,
  submitting,
  error,
  errorFallback,
  submitLabel,
  submitDisabled,
  disabledReason,
  size = 'lg',
  children,
}: FormModalProps) {
  const { t } = useTranslation('common');
  const formRef = useRef<HTMLFormElement>(null);
  const reasonId = useId();
  const focusFirst = () => {
    // A field chosen (clicked, typed in) while the modal was still opening keeps the focus.
    const active = document.activeElement;
    if (active && formRef.current?.contains(active) && active.matches('input, textarea, select')) return;
    // A field marked data-autofocus (the one the user fills first) wins over the first field.
    const marked = formRef.current?.querySelector<HTMLElement>('[data-autofocus]:not([disabled])');
    const first =
      marked ??
      formRef.current?.querySelector<HTMLElement>(
        'input:not([type=hidden]):not([disabled]):not([readonly]), textarea:not([disabled]), select:not([disabled])',
      );
    first?.focus();
  };
  return (
    <Modal
      opened={opened}
      onClose={() => !submitting && onClose()}
      title={title}
      size={size}
      centered
      onEnterTransitionEnd={focusFirst}
    >
      <form
        ref={formRef}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!submitting) onSubmit(e);
        }}
      >
        <Stack>
          {children}
          <FormErrorAlert error={error} fallback={errorFallback} />
          <Group justify="flex-end">
            {disabledReason && !submitting ? (
              <Text id={reasonId} size="sm" c="dimmed" mr="auto" data-testid="disabled-reason">
                {disabledReason}
              </Text>
            ) : null}
            <Button variant="default" onClick={onClose} disabled={submitting}>
              {t('actions.cancel')}
            </Button>
            <Button
              type="submit"
              loading={submitting}
              disabled={submitDisabled || Boolean(disabledReason)}
              aria-describedby={disabledReason && !submitting ? reasonId : undefined}
            >
              {submitLabel ?? t('actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
