import {
  Alert,
  Button,
  Center,
  NativeSelect,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconBuildingStore, IconLanguage } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { LoginResponse } from '../../../core/api/auth';
import { api } from '../../lib/api';
import { useForm } from '../../lib/form';
import { changeLanguage, LANGUAGES, type Language } from '../../lib/i18n';
import { returnPath } from '../../lib/returnTo';
import { session } from '../../lib/session';
import { loginErrorMessage } from './loginError';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function LoginPage() {
  const { t, i18n } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: (v) => ({
      email: !v.email.trim() ? t('emailRequired') : !EMAIL.test(v.email.trim()) ? t('emailInvalid') : null,
      password: !v.password ? t('passwordRequired') : null,
    }),
  });
  const login = useMutation({
    mutationFn: (body: { email: string; password: string }) => api.post<LoginResponse | false>('/api/v1/login', body),
    onSuccess: (answer) => {
      if (!answer || !answer.token) return;
      session.signIn(answer.token, answer.user);
      // Back to the page that sent the visitor here (/products → sign in → /products).
      void navigate(returnPath(location.state), { replace: true });
    },
  });

  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-gray-0)">
      <Stack w="100%" maw={420}>
        <Stack align="center" gap={6}>
          <ThemeIcon size={52} radius="xl" variant="light">
            <IconBuildingStore size={30} />
          </ThemeIcon>
          <Title order={1} ta="center" fz={28}>
            {t('common:appTitle')}
          </Title>
          <Text c="dimmed" ta="center" size="sm">
            {t('common:appTagline')}
          </Text>
        </Stack>
        <Paper withBorder shadow="sm" p="xl" radius="md">
          <form
            noValidate
            onSubmit={form.onSubmit(
              (v) => !login.isPending && login.mutate({ email: v.email.trim(), password: v.password }),
            )}
          >
            <Stack>
              <Title order={2} fz={20}>
                {t('title')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('subtitle')}
              </Text>
              {login.isError || (login.isSuccess && !login.data) ? (
                <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                  {login.isError ? loginErrorMessage(login.error, t) : t('loginFailed')}
                </Alert>
              ) : null}
              <TextInput
                label={t('email')}
                type="email"
                autoComplete="username"
                required
                autoFocus
                {...form.getInputProps('email')}
              />
              <PasswordInput
                label={t('password')}
                autoComplete="current-password"
                required
                visibilityToggleButtonProps={{ 'aria-label': t('toggleVisibility') }}
                {...form.getInputProps('password')}
              />
              <Button type="submit" fullWidth loading={false} disabled={login.isPending}>
                {login.isPending ? t('submitting') : t('submit')}
              </Button>
            </Stack>
          </form>
        </Paper>
        {/* A native select: Mantine's Select would add its dropdown machinery (Combobox, Popover,
            floating-ui: about 20 KB gzip) to the first download for a choice of two languages. */}
        <NativeSelect
          aria-label={t('common:layout.language')}
          leftSection={<IconLanguage size={16} />}
          data={LANGUAGES}
          value={i18n.language.startsWith('ro') ? 'ro' : 'en'}
          onChange={(e) => void changeLanguage(e.currentTarget.value as Language)}
          w={170}
          mx="auto"
          size="xs"
        />
      </Stack>
    </Center>
  );
}
