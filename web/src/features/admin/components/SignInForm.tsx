// 000 §2 secure admin screen: the operator's sign-in with e-mail (an e-mail field) and password,
// both required. Any failure the server reports — wrong password, unknown address, too many
// tries — reads 'Invalid login credentials' (000 §5, §8); the server says nothing more.
import { Alert, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { useCodeText } from '@/lib/errorText';
import { useAdminSession } from '../stores/adminSession';

export function SignInForm() {
  const { t } = useTranslation('admin');
  const codeText = useCodeText();
  const signIn = useAdminSession((s) => s.signIn);
  const expired = useAdminSession((s) => s.expired);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    document.title = `${t('sign_in.title')} · Switchboard`;
  }, [t]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    // The browser checks the required e-mail field first; this catches what it lets through.
    if (!email.trim() || !password) {
      setError('invalid_login_credentials');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await signIn(email.trim(), password);
    } catch (err) {
      setPassword('');
      // 401 `invalid_login_credentials` for every refusal; a server that cannot be reached
      // (or fails) says so instead of blaming the credentials.
      setError(err instanceof ApiError ? (err.status === 401 ? 'invalid_login_credentials' : err.code) : 'internal');
    } finally {
      setBusy(false);
    }
  }

  useEffect(() => {
    if (error) alertRef.current?.focus();
  }, [error]);

  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper component="main" withBorder shadow="sm" radius="md" p="xl" w="100%" maw={420}>
        <form onSubmit={(e) => void submit(e)} aria-labelledby="admin-sign-in-title">
          <Stack gap="md">
            <Stack gap={4} align="center">
              <IconShieldLock size={36} aria-hidden />
              <Title order={1} size="h3" id="admin-sign-in-title">
                {t('sign_in.title')}
              </Title>
              <Text size="sm" c="dimmed" ta="center">
                {t('sign_in.subtitle')}
              </Text>
            </Stack>
            {expired && !error && (
              <Alert color="yellow" data-testid="admin-session-expired">
                {t('sign_in.expired')}
              </Alert>
            )}
            {error && (
              <Alert color="red" role="alert" ref={alertRef} tabIndex={-1} data-testid="admin-sign-in-error">
                {codeText(error)}
              </Alert>
            )}
            <TextInput
              label={t('sign_in.email')}
              type="email"
              name="email"
              autoComplete="username"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <PasswordInput
              label={t('sign_in.password')}
              name="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            <Button type="submit" loading={busy} fullWidth>
              {t('sign_in.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
