import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';

export interface ConfirmDialogProps {
  opened: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  title?: ReactNode;
  message?: ReactNode;
  confirmLabel?: ReactNode;
  /** The confirm button shows a spinner and both buttons are blocked. */
  loading?: boolean;
  /** An error to show above the buttons (e.g. the 409 reason of a refused delete). */
  error?: ReactNode;
  /** Red confirm button (default true: this is mostly for deletes). */
  danger?: boolean;
  /**
   * The dismiss button's text (default Cancel). An action whose own verb is cancel (cancel the
   * order, cancel the invoice) or that undoes one (restore) is dismissed with Back: two buttons
   * saying "Cancel" and "Cancel the order" read as the same choice.
   */
  dismissLabel?: ReactNode;
}

/** A confirmation dialog (title, message, Confirm, Cancel). Defaults to the delete wording. */
export function ConfirmDialog({
  opened,
  onCancel,
  onConfirm,
  title,
  message,
  confirmLabel,
  loading,
  error,
  danger = true,
  dismissLabel,
}: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  return (
    <Modal opened={opened} onClose={() => !loading && onCancel()} title={title ?? t('confirm.deleteTitle')} centered>
      <Stack>
        <Text>{message ?? t('confirm.deleteMessage')}</Text>
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          {/* Cancel holds the focus: Enter on an opened confirmation must not delete. */}
          <Button variant="default" onClick={onCancel} disabled={loading} data-autofocus>
            {dismissLabel ?? t('actions.cancel')}
          </Button>
          <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={loading}>
            {confirmLabel ?? t('actions.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
