// /feedback/{id} in the app: the feedback form of a topic (docs/DECISIONS.md). `contact`, `demo`
// and `uninstall` have their own wording; any other id is the general form, sent under that id
// when it is a slug (else `general`). A direct visit gets the server's prerendered copy of the
// same form (web/scripts/prerender.mjs); this one serves navigation inside the app.
import { Alert, Button, Container, Loader, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { apiFetch, ApiError } from '@/lib/api';
import { useCodeText } from '@/lib/errorText';
import type { FeedbackRequest } from '@/generated/contract';
import { usePublicStrings } from '../content';

const TOPICS = ['contact', 'demo', 'uninstall'] as const;
type Wording = `feedback_${(typeof TOPICS)[number] | 'general'}`;

/** The topic the form is sent under, and the wording it shows. */
export function feedbackTopic(id: string | undefined): { topic: string; wording: Wording } {
  const known = TOPICS.find((t) => t === id);
  if (known) return { topic: known, wording: `feedback_${known}` };
  const topic = id && /^[a-z0-9_-]{1,40}$/.test(id) ? id : 'general';
  return { topic, wording: 'feedback_general' };
}

const EMPTY = { name: '', email: '', whatsapp: '', message: '' };

export function FeedbackPage() {
  const { id } = useParams();
  const { topic, wording } = feedbackTopic(id);
  const ready = usePublicStrings();
  const { t } = useTranslation('public');
  const codeText = useCodeText();
  const [form, setForm] = useState(EMPTY);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const title = ready ? t(`${wording}_title`) : '';
  useEffect(() => {
    if (title) document.title = `${title} · Switchboard`;
  }, [title]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setFields({});
    const body: FeedbackRequest = { name: form.name, email: form.email, message: form.message };
    if (form.whatsapp.trim()) body.whatsapp = form.whatsapp;
    try {
      await apiFetch<void>(`/api/feedback/${topic}`, { method: 'POST', body });
      setSent(true);
    } catch (err) {
      const limited = err instanceof ApiError && err.code === 'rate_limited';
      setFields(err instanceof ApiError ? err.fields : {});
      setError(limited ? t('form_rate_limited') : t('form_failed'));
    } finally {
      setBusy(false);
    }
  }

  if (!ready) return <Loader m="xl" />;
  const field = (name: keyof typeof EMPTY) => ({
    name,
    value: form[name],
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setForm((f) => ({ ...f, [name]: value }));
    },
    error: fields[name] ? codeText(fields[name]) : undefined,
  });
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1}>{title}</Title>
        <Text c="gray.7">{t(`${wording}_intro`)}</Text>
        {sent ? (
          <Alert color="green" role="status" title={t('form_thanks_title')}>
            {t('form_thanks')}
          </Alert>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack gap="sm">
              <TextInput label={t('form_name')} autoComplete="name" maxLength={120} required {...field('name')} />
              <TextInput label={t('form_email')} type="email" autoComplete="email" maxLength={254} required {...field('email')} />
              <TextInput label={t('form_whatsapp')} type="tel" autoComplete="tel" maxLength={40} {...field('whatsapp')} />
              <Textarea label={t('form_message')} rows={6} maxLength={5000} required {...field('message')} />
              {error && (
                <Text c="red.8" role="alert">
                  {error}
                </Text>
              )}
              <Button type="submit" loading={busy} style={{ alignSelf: 'flex-start' }}>
                {t('form_send')}
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </Container>
  );
}
