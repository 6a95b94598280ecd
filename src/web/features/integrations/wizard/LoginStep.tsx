import { Alert, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CREDENTIAL_FIELDS,
  PLAIN_FIELDS,
  type CompanyIntegration,
  type Integration,
  type WizardKey,
} from '../../../../core/api/integrations';
import { FormErrorAlert } from '../../../components/FormModal';
import { ApiError } from '../../../lib/api';
import { useLogin } from '../api';
import { DemoAccount } from './DemoAccount';

/** Values for the fields an emulator takes freely (any sender number, any chat). */
const DEMO_EXAMPLES: Record<string, string> = { phone_number: '+40722123456', chat_id: '123456789' };

interface Props {
  integration: Integration & { key: WizardKey };
  setup: CompanyIntegration | undefined;
  companyId: number;
  /** Called with the stored set-up once the provider accepted the login. */
  onDone: (setup: CompanyIntegration) => void;
  /** Skips to the next step with the saved login (shown when one is saved). */
  onSkip?: () => void;
  onCancel: () => void;
  last: boolean;
}

/** Step 1 of every wizard: the provider's login fields, all required ("fill all fields"). */
export function LoginStep({ integration, setup, companyId, onDone, onSkip, onCancel, last }: Props) {
  const { t } = useTranslation('integrations');
  const fields = CREDENTIAL_FIELDS[integration.key] as readonly string[];
  const blank = Object.fromEntries(fields.map((f) => [f, ''])) as Record<string, string>;
  const [values, setValues] = useState(blank);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<unknown>(null);
  const [editing, setEditing] = useState(!setup?.has_credentials);
  const login = useLogin(integration.key, companyId);

  const label = (field: string) => {
    if (field === 'username' && integration.key === 'smartbill') return t('field.smartbillUsername');
    if (field === 'api_key' && integration.key === 'cargus') return t('field.cargusApiKey');
    return t(`field.${field}`);
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (login.isPending) return;
    const missing = Object.fromEntries(fields.filter((f) => !values[f]?.trim()).map((f) => [f, t('server:required')]));
    setErrors(missing);
    if (Object.keys(missing).length > 0) {
      setError(new ApiError(422, t('errors.fillAllFields')));
      return;
    }
    setError(null);
    login.mutate(values, {
      onSuccess: onDone,
      onError: (err) => {
        setError(err);
        if (err instanceof ApiError)
          setErrors(Object.fromEntries(Object.entries(err.errors).map(([f, list]) => [f, list[0]])));
      },
    });
  };

  if (!editing) {
    return (
      <Stack>
        <Alert color="green" variant="light" role="status">
          {t('wizard.signedIn')}
        </Alert>
        <Group justify="space-between">
          <Button variant="subtle" onClick={() => setEditing(true)}>
            {t('wizard.changeLogin')}
          </Button>
          <Group>
            <Button variant="default" onClick={onCancel}>
              {t('common:actions.cancel')}
            </Button>
            {onSkip ? <Button onClick={onSkip}>{t('wizard.next')}</Button> : null}
          </Group>
        </Group>
      </Stack>
    );
  }

  const demo = integration.emulated ? integration.demo_credentials : null;
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {demo ? (
          <DemoAccount
            name={integration.name}
            fields={fields}
            credentials={demo}
            label={label}
            onFill={() => {
              setValues((v) => ({
                ...v,
                ...Object.fromEntries(fields.filter((f) => DEMO_EXAMPLES[f]).map((f) => [f, DEMO_EXAMPLES[f]])),
                ...demo,
              }));
              setErrors({});
            }}
          />
        ) : null}
        <Text size="sm" c="dimmed">
          {t('wizard.loginDesc', { name: integration.name })}
        </Text>
        {fields.map((field) => {
          const Input = PLAIN_FIELDS.includes(field) ? TextInput : PasswordInput;
          return (
            <Input
              key={field}
              label={label(field)}
              required
              autoComplete="off"
              value={values[field]}
              error={errors[field]}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setValues((v) => ({ ...v, [field]: value }));
                setErrors(({ [field]: _gone, ...rest }) => rest);
              }}
            />
          );
        })}
        <FormErrorAlert error={error} fallback={t('errors.credentialsError')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={login.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={login.isPending}>
            {last ? t('wizard.save') : t('wizard.next')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
