import { Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FormEvent, ReactNode } from 'react';
import { FormErrorAlert } from '../../../components/FormModal';
import { ErrorState, LoadingState } from '../../../components/states';
import { errorMessage } from '../../../lib/api';

interface Props {
  providerName: string;
  /** The list from the provider: loading, failed (message named by the spec), or ready. */
  loading: boolean;
  loadError: unknown;
  loadErrorFallback: string;
  onRetry: () => void;
  onSubmit: () => void;
  saving: boolean;
  saveError: unknown;
  saveErrorFallback: string;
  onBack?: () => void;
  onCancel: () => void;
  submitLabel: string;
  children: ReactNode;
}

/** The frame of a step that chooses from a provider's list: loading, error, fields, Back / Next. */
export function ChoiceStep(p: Props) {
  const { t } = useTranslation('integrations');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!p.saving) p.onSubmit();
  };
  let body: ReactNode;
  if (p.loading) body = <LoadingState label={t('wizard.loading', { name: p.providerName })} />;
  else if (p.loadError) body = <ErrorState message={errorMessage(p.loadError, p.loadErrorFallback)} onRetry={p.onRetry} />;
  else body = p.children;
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {body}
        <FormErrorAlert error={p.saveError} fallback={p.saveErrorFallback} />
        <Group justify="space-between">
          {p.onBack ? (
            <Button variant="subtle" onClick={p.onBack} disabled={p.saving}>
              {t('wizard.back')}
            </Button>
          ) : (
            <span />
          )}
          <Group>
            <Button variant="default" onClick={p.onCancel} disabled={p.saving}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={p.saving} disabled={p.loading || Boolean(p.loadError)}>
              {p.submitLabel}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
