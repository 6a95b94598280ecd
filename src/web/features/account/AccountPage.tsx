import { Button, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changePasswordBody, type ChangePasswordInput } from '../../../core/api/members';
import { FormErrorAlert } from '../../components/FormModal';
import { PageHeader } from '../../components/states';
import { api } from '../../lib/api';
import { applyServerErrors, serverFieldErrors, useForm } from '../../lib/form';
import { useSession } from '../../lib/session';

const blank = { current_password: '', new_password: '', repeat: '' };

/**
 * /account: the signed-in user's name and e-mail, and the change of their password (the current
 * one asked; the user's other sessions end, this one stays).
 */
export function AccountPage() {
  const { t } = useTranslation('account');
  const { user } = useSession();
  const [error, setError] = useState<unknown>(null);
  const form = useForm({
    initialValues: blank,
    schema: changePasswordBody,
    validate: (v) => ({ repeat: v.repeat !== v.new_password ? t('password.mismatch') : null }),
  });
  const change = useMutation({
    mutationFn: (body: ChangePasswordInput) => api.post<{ message: string }>('/api/v1/me/password', body),
  });
  const submit = form.onSubmit((values) => {
    if (change.isPending) return;
    setError(null);
    change.mutate(
      { current_password: values.current_password, new_password: values.new_password },
      {
        onSuccess: () => {
          form.reset();
          notifications.show({ color: 'green', message: t('password.changed') });
        },
        onError: (e) => {
          // A message the form shows under its field is not repeated in the box above the button.
          const onFields = Object.keys(serverFieldErrors(e)).every((f) => f in form.values);
          const shown = applyServerErrors(form, e);
          setError(onFields && Object.keys(serverFieldErrors(e)).length > 0 ? null : shown);
        },
      },
    );
  });

  return (
    <Stack maw={560}>
      <PageHeader title={t('title')} />
      <Paper withBorder p="md">
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            {t('name')}
          </Text>
          <Text fw={500}>{`${user?.first_name ?? ''} ${user?.last_name ?? ''}`.trim()}</Text>
          <Text size="sm" c="dimmed" mt="xs">
            {t('email')}
          </Text>
          <Text fw={500}>{user?.email}</Text>
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Title order={4}>{t('password.title')}</Title>
            <Text size="sm" c="dimmed">
              {t('password.hint')}
            </Text>
            <PasswordInput
              label={t('password.current')}
              autoComplete="current-password"
              required
              {...form.getInputProps('current_password')}
            />
            <PasswordInput
              label={t('password.new')}
              description={t('password.newHint')}
              autoComplete="new-password"
              required
              {...form.getInputProps('new_password')}
            />
            <PasswordInput
              label={t('password.repeat')}
              autoComplete="new-password"
              required
              {...form.getInputProps('repeat')}
            />
            <FormErrorAlert error={error} fallback={t('password.failed')} />
            <Group justify="flex-end">
              <Button type="submit" loading={change.isPending}>
                {t('password.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
