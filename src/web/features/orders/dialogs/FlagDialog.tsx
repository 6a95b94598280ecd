import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../../lib/api';

export interface FlagDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The customer to flag; null: "Customer ID is required" on submit. */
  customerId: number | null;
  /** Flags (a 409 already counts as success in flagCustomer). */
  onFlag: (customerId: number, reason: string) => Promise<unknown>;
  /**
   * Cancelling the order: the dialog offers "Flag and cancel" and "Skip, just cancel"; `onCancelOrder`
   * runs after the flag (or alone for Skip).
   */
  onCancelOrder?: () => Promise<unknown>;
  /** Called once everything asked for is done. */
  onDone: (what: { flagged: boolean; cancelled: boolean; cancelError?: unknown }) => void;
}

/** The Flag customer dialog: a free-text reason and Flag; in the cancel flow also Skip. */
export function FlagDialog({ opened, onClose, customerId, onFlag, onCancelOrder, onDone }: FlagDialogProps) {
  const { t } = useTranslation('orders');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [running, setRunning] = useState<'flag' | 'skip' | null>(null);
  const cancelFlow = Boolean(onCancelOrder);
  useEffect(() => {
    if (opened) {
      setReason('');
      setError(null);
    }
  }, [opened]);

  const run = async (flag: boolean) => {
    if (running) return;
    if (flag && !customerId) {
      setError(new ApiError(422, t('errors.customerIdRequired')));
      return;
    }
    setError(null);
    setRunning(flag ? 'flag' : 'skip');
    let flagged = false;
    try {
      if (flag) {
        await onFlag(customerId!, reason.trim());
        flagged = true;
      }
      if (onCancelOrder) await onCancelOrder();
      onDone({ flagged, cancelled: cancelFlow });
    } catch (e) {
      // A flag that worked stays (the dialog closes and says why the cancel failed).
      if (flagged) onDone({ flagged, cancelled: false, cancelError: e });
      else setError(e);
    } finally {
      setRunning(null);
    }
  };

  const reasonError = error instanceof ApiError ? error.errors.reason?.[0] : undefined;
  const failure = error
    ? error instanceof ApiError && error.status === 422 && !reasonError
      ? error.message
      : errorMessage(error, t('errors.flag'))
    : null;

  return (
    <Modal opened={opened} onClose={() => !running && onClose()} title={t('flagDialog.title')} centered size="md">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void run(true);
        }}
      >
        <Stack>
          <Text size="sm">{cancelFlow ? t('flagDialog.cancelIntro') : t('flagDialog.intro')}</Text>
          <Textarea
            label={t('flagDialog.reason')}
            placeholder={t('flagDialog.reasonPlaceholder')}
            autosize
            minRows={2}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={reasonError}
            data-autofocus
          />
          {failure && !reasonError ? (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose} disabled={running !== null}>
              {cancelFlow ? t('detail.keepOrder') : t('common:actions.cancel')}
            </Button>
            {cancelFlow ? (
              <Button
                variant="light"
                color="red"
                onClick={() => void run(false)}
                loading={running === 'skip'}
                disabled={running === 'flag'}
              >
                {t('flagDialog.skip')}
              </Button>
            ) : null}
            <Button type="submit" color="red" loading={running === 'flag'} disabled={running === 'skip'}>
              {cancelFlow ? t('flagDialog.flagAndCancel') : t('flagDialog.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
