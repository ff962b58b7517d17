// /workspace/signup (also / and /:id): the entry page. Signing in is by a one-time code sent to
// the e-mail address; this page asks for the address and starts that flow.
import { Anchor, Button, Card, Center, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguagePicker } from '@/components/LanguagePicker';
import { apiFetch, ApiError } from '@/lib/api';

export default function SignupPage() {
  const { t } = useTranslation('auth');
  const { t: te } = useTranslation('errors');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  useEffect(() => {
    document.title = `${t('signup_title')} · Switchboard`;
  }, [t]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setSending(true);
    try {
      await apiFetch('/api/auth/code', { method: 'POST', body: { email: email.trim() } });
      setSentTo(email.trim());
    } catch (err) {
      setError(te(err instanceof ApiError ? err.code : 'internal'));
    } finally {
      setSending(false);
    }
  }

  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Card withBorder shadow="sm" radius="md" p="xl" w="100%" maw={440}>
        <Stack gap="md">
          <Group justify="space-between" align="center">
            <Text fw={700} c="indigo.7">
              Switchboard
            </Text>
            <LanguagePicker />
          </Group>
          <Title order={1} size="h2">
            {t('signup_title')}
          </Title>
          <Text c="dimmed">{t('signup_subtitle')}</Text>
          {sentTo ? (
            <Text role="status">{t('code_sent', { email: sentTo })}</Text>
          ) : (
            <form onSubmit={submit} noValidate>
              <Stack gap="sm">
                <TextInput
                  label={t('email_label')}
                  placeholder={t('email_placeholder')}
                  type="email"
                  autoComplete="email"
                  required
                  value={email}
                  onChange={(e) => setEmail(e.currentTarget.value)}
                  error={error}
                />
                <Button type="submit" loading={sending} disabled={!email.trim()}>
                  {t('send_code')}
                </Button>
              </Stack>
            </form>
          )}
          <Text size="xs" c="dimmed">
            {t('agree_prefix')} <Anchor href="/terms">{t('terms')}</Anchor> ·{' '}
            <Anchor href="/privacy">{t('privacy')}</Anchor>
          </Text>
        </Stack>
      </Card>
    </Center>
  );
}
