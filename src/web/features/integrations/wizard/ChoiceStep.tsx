import { Button, Group, Stack } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompanyIntegration, WizardKey } from '../../../../core/api/integrations';
import { FormErrorAlert } from '../../../components/FormModal';
import { ErrorState, LoadingState } from '../../../components/states';
import { ApiError, errorMessage } from '../../../lib/api';
import { useWizardChoice, useWizardList, type WizardListStep } from '../api';

/** What the wizard hands every step after the login. */
export interface StepProps {
  providerName: string;
  companyId: number;
  setup: CompanyIntegration | undefined;
  onDone: (setup: CompanyIntegration) => void;
  onBack: () => void;
  onCancel: () => void;
}

type Values<F extends string> = Record<F, string | null>;

/** The props of a required select bound to one field of the step (spread onto Mantine's Select). */
export interface ChoiceField {
  required: true;
  allowDeselect: false;
  value: string | null;
  error: string | undefined;
  onChange: (value: string | null) => void;
}

export interface ChoiceForm<T, F extends string> {
  /** The provider's list, as the server read it with the stored login. */
  list: T[];
  values: Values<F>;
  /** Changes fields (a choice can propose another, e.g. Sameday's default contact person) and clears their messages. */
  set: (patch: Partial<Values<F>>) => void;
  /** A required select bound to `name`; choosing the chosen option again keeps it. */
  field: (name: F) => ChoiceField;
}

interface Props<T, F extends string> extends Omit<StepProps, 'setup'> {
  wizardKey: WizardKey;
  /** The step's path: GET reads the list, POST saves the choice. */
  step: WizardListStep;
  initial: Values<F>;
  /** The form's own checks before anything is sent: a message per field not ready. */
  check: (values: Values<F>, list: T[]) => Partial<Record<F, string>>;
  /** The body of the POST (default: the values as they are). */
  body?: (values: Values<F>) => Record<string, unknown>;
  loadErrorFallback: string;
  saveErrorFallback: string;
  submitLabel: string;
  children: (form: ChoiceForm<T, F>) => ReactNode;
}

/**
 * A wizard step that loads a list from the provider, lets the user choose from it and saves the
 * choice (pickup point, invoice series, VAT rate): loading and failure states with Retry, the
 * form's checks, the server's 422 under each field, Back / Cancel / submit.
 */
export function ChoiceStep<T, F extends string>(p: Props<T, F>) {
  const { t } = useTranslation('integrations');
  const loaded = useWizardList<T>(p.wizardKey, p.companyId, p.step);
  const save = useWizardChoice(p.wizardKey, p.companyId, p.step);
  const [values, setValues] = useState(p.initial);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [error, setError] = useState<unknown>(null);
  const list = loaded.data?.data ?? [];

  const set = (patch: Partial<Values<F>>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([f]) => !(f in patch) || !patch[f as F])));
  };
  const field = (name: F): ChoiceField => ({
    required: true,
    allowDeselect: false,
    value: values[name],
    error: errors[name],
    onChange: (value) => set({ [name]: value } as Partial<Values<F>>),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending) return;
    const found = p.check(values, list);
    setErrors(found);
    if (Object.keys(found).length) return;
    setError(null);
    save.mutate(p.body ? p.body(values) : values, {
      onSuccess: (saved) => p.onDone(saved),
      onError: (err) => {
        setError(err);
        if (err instanceof ApiError)
          setErrors(Object.fromEntries(Object.entries(err.errors).map(([f, messages]) => [f, messages[0]])));
      },
    });
  };

  let body: ReactNode;
  if (loaded.isLoading) body = <LoadingState label={t('wizard.loading', { name: p.providerName })} />;
  else if (loaded.error)
    body = (
      <ErrorState message={errorMessage(loaded.error, p.loadErrorFallback)} onRetry={() => void loaded.refetch()} />
    );
  else body = p.children({ list, values, set, field });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {body}
        <FormErrorAlert error={error} fallback={p.saveErrorFallback} />
        <Group justify="space-between">
          <Button variant="subtle" onClick={p.onBack} disabled={save.isPending}>
            {t('wizard.back')}
          </Button>
          <Group>
            <Button variant="default" onClick={p.onCancel} disabled={save.isPending}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} disabled={loaded.isLoading || Boolean(loaded.error)}>
              {p.submitLabel}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
