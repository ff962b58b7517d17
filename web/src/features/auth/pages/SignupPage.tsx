// /workspace/signup (also / and /:id): sign up or sign in with a one-time code sent by e-mail.
// Step one asks for the address, step two for the code, with a resend that unlocks after a wait.
// An invitation's link opens it with `?email=` (prefilled), `?lang=` (the invitation's language,
// unless the person chose one) and `?org=` (the inviting organisation's code: after signing in,
// that organisation is the active one).
import {
  Anchor,
  Button,
  Group,
  PinInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { CardPage } from '@/components/CardPage';
import { fetchUserExistence, setActiveOrganisation } from '@/api/account';
import type { LanguageTag } from '@/lib/domain';
import { changeLanguage, LANGUAGES } from '@/lib/i18n';
import { LanguagePicker } from '@/components/LanguagePicker';
import { ApiError } from '@/lib/api';
import { codeOf, useCodeText } from '@/lib/errorText';
import { readStored, writeStored } from '@/lib/storage';
import { requestCode, verifyCode } from '../api';
import { useSession } from '@/stores/session';

const CODE_LENGTH = 6;

export default function SignupPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  const signedIn = useSession((s) => s.signedIn);
  const status = useSession((s) => s.status);
  const [params] = useSearchParams();
  const invitedOrg = params.get('org');
  const [email, setEmail] = useState(() => params.get('email') ?? '');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [wait, setWait] = useState(0);

  useEffect(() => {
    document.title = `${t('signup_title')} · Switchboard`;
  }, [t]);

  // The invitation's language, for someone who has not chosen one on this browser.
  const linkLang = params.get('lang');
  useEffect(() => {
    if (!linkLang || readStored('preferredLanguage')) return;
    const lang = LANGUAGES.find((l) => l === linkLang);
    if (lang) void changeLanguage(lang as LanguageTag);
  }, [linkLang]);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = window.setTimeout(() => setWait((w) => w - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [wait]);

  const from = (location.state as { from?: string } | null)?.from;
  // Someone already signed in who opens this page goes on to the app; a sign-in made here
  // chooses its own destination (a new account goes to create its organisation).
  const signedInHere = useRef(false);
  useEffect(() => {
    if (status === 'authenticated' && !signedInHere.current) {
      navigate(from ?? '/conversations/analytics', { replace: true });
    }
  }, [status, from, navigate]);

  const codeText = useCodeText();
  const { t: te } = useTranslation('errors');
  // The rule a field broke (a wrong code says so) before the answer's general code.
  const describe = (err: unknown) => codeText(codeOf(err));
  // Asked again too soon: the server says how long is left (`Retry-After`), counted down live.
  const [rateLimited, setRateLimited] = useState(false);
  const waitNotice = rateLimited && wait > 0 ? te('rate_limited_wait', { count: wait }) : null;
  const failed = (err: unknown) => {
    if (err instanceof ApiError && err.code === 'rate_limited' && err.retryAfterS) {
      setRateLimited(true);
      setWait(err.retryAfterS);
      setError(null);
    } else {
      setError(describe(err));
    }
  };

  async function sendCode(e?: FormEvent) {
    e?.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const sent = await requestCode(email.trim());
      setStep('code');
      setCode('');
      setRateLimited(false);
      // The server says when the next code may be asked for (60 s, 000 §9).
      setWait(Math.ceil(sent.resend_after_ms / 1000));
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  }

  /** Makes the organisation an invitation came from the active one (best effort). */
  async function openInvitingOrg(address: string, code: string) {
    try {
      const me = await fetchUserExistence(address);
      const m = me.callyzer_user_mappings.find(
        (x) => x.org_id !== null && x.callyzer_organization.organization_code === code,
      );
      if (m && m.is_default_org !== 1) await setActiveOrganisation(me.id, m.org_id);
    } catch {
      // The server's own choice (the inviting organisation for a newcomer) stands.
    }
  }

  async function verify(value: string) {
    if (value.length !== CODE_LENGTH) return;
    setError(null);
    setBusy(true);
    try {
      const answer = await verifyCode(email.trim(), value, params.get('ref'));
      writeStored('userEmail', answer.user.email);
      writeStored('workspaceId', String(answer.user.id));
      signedInHere.current = true;
      signedIn(answer.user);
      if (invitedOrg && answer.user.email) await openInvitingOrg(answer.user.email, invitedOrg);
      navigate(from ?? (answer.signed_up ? '/createorganization' : '/conversations/analytics'), {
        replace: true,
      });
    } catch (err) {
      setError(describe(err));
      setCode('');
    } finally {
      setBusy(false);
    }
  }

  return (
    <CardPage maw={440}>
      <Group justify="space-between" align="center">
        <Text fw={700} c="indigo.7">
          Switchboard
        </Text>
        <LanguagePicker />
      </Group>
      <Title order={1} size="h2">
        {t('signup_title')}
      </Title>
      {step === 'email' ? (
        <>
          <Text c="gray.7">{t('signup_subtitle')}</Text>
          <form onSubmit={sendCode} noValidate>
            <Stack gap="sm">
              <TextInput
                label={t('email_label')}
                placeholder={t('email_placeholder')}
                type="email"
                autoComplete="email"
                required
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
                error={error ?? waitNotice}
              />
              <Button type="submit" loading={busy} disabled={!email.trim() || waitNotice !== null}>
                {t('send_code')}
              </Button>
            </Stack>
          </form>
        </>
      ) : (
        <Stack gap="sm">
          <Text role="status">{t('code_sent', { email: email.trim() })}</Text>
          <Text component="label" htmlFor="otp" fw={500} size="sm">
            {t('code_label')}
          </Text>
          <PinInput
            id="otp"
            length={CODE_LENGTH}
            type="number"
            oneTimeCode
            autoFocus
            value={code}
            onChange={setCode}
            onComplete={(v) => void verify(v)}
            disabled={busy}
            error={!!error}
            ariaLabel={t('code_label')}
          />
          {(error ?? waitNotice) && (
            <Text c="red" size="sm" role="alert">
              {error ?? waitNotice}
            </Text>
          )}
          <Group justify="space-between">
            <Anchor component="button" type="button" underline="always" onClick={() => setStep('email')}>
              {t('change_email')}
            </Anchor>
            <Button
              variant="subtle"
              onClick={() => void sendCode()}
              disabled={wait > 0 || busy}
            >
              {wait > 0 ? t('resend_in', { seconds: wait }) : t('resend_code')}
            </Button>
          </Group>
        </Stack>
      )}
      {/* Contrast 4.5:1 at least, and links told apart by more than colour (underlined). */}
      <Text size="xs" c="gray.7">
        {t('agree_prefix')} <Anchor href="/terms" underline="always">{t('terms')}</Anchor> ·{' '}
        <Anchor href="/privacy" underline="always">{t('privacy')}</Anchor>
      </Text>
    </CardPage>
  );
}
