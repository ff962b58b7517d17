// Join an organisation by its code (001 §3–§5, §7–§8): the 8-character organisation code, then a
// one-time code sent to the person's own e-mail with its countdown ("Code Expired" when it runs
// out), a resend after the wait, "Enter valid OTP"; joined, "Successfully joined organisation"
// and the workspace switches to it. Loaded with the screen that opens it (lazy), with its texts.
import { Alert, Button, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { JoinCodeSent, Joined } from '@/generated/contract';
import { ApiError, apiFetch } from '@/lib/api';
import { useCodeText } from '@/lib/errorText';
import { useNamespace } from '@/lib/i18nLazy';
import { toast } from '@/lib/toast';
import { useWorkspace } from '@/stores/workspace';

interface Sent extends JoinCodeSent {
  /** When the code was sent, on this page's clock. */
  at: number;
}

/** `ms` as m:ss. */
export const countdown = (ms: number) => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

function useNow(active: boolean) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [active]);
  return now;
}

export default function JoinOrganisationModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const ready = useNamespace('organization');
  const { t } = useTranslation('organization');
  const codeText = useCodeText();
  const navigate = useNavigate();
  const me = useWorkspace((s) => s.me);
  const load = useWorkspace((s) => s.load);
  const [orgCode, setOrgCode] = useState('');
  const [otp, setOtp] = useState('');
  const [sent, setSent] = useState<Sent | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const now = useNow(opened && sent !== null);

  // The clock ticks each second; a code sent between ticks counts from its sending.
  const at = sent ? Math.max(now, sent.at) : now;
  const left = sent ? sent.at + sent.expires_in_ms - at : 0;
  const expired = sent !== null && left <= 0;
  const resendIn = sent ? sent.at + sent.resend_after_ms - at : 0;

  function close() {
    setOrgCode('');
    setOtp('');
    setSent(null);
    setError(null);
    onClose();
  }

  const explain = (e: unknown) => {
    if (!(e instanceof ApiError)) return codeText('internal');
    if (e.code === 'conflict') return t('join.already_member');
    return codeText(Object.values(e.fields)[0] ?? e.code);
  };

  async function sendCode() {
    const code = orgCode.trim();
    if (code.length < 4) {
      setError(codeText('organisation_code_invalid'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await apiFetch<JoinCodeSent>('/api/organizations/join/code', {
        method: 'POST',
        body: { organization_code: code },
      });
      setSent({ ...answer, at: Date.now() });
      setOtp('');
    } catch (e) {
      setError(explain(e));
    } finally {
      setBusy(false);
    }
  }

  async function join() {
    if (!/^\d{6}$/.test(otp)) {
      setError(codeText('otp_invalid'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const joined = await apiFetch<Joined>('/api/organizations/join', {
        method: 'POST',
        body: { organization_code: orgCode.trim(), code: otp },
      });
      toast.success(t('join.joined', { name: joined.org_name }));
      close();
      if (me?.email) await load(me.email);
      navigate('/organization');
    } catch (e) {
      setError(explain(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened={opened} onClose={close} title={ready ? t('join.title') : ''} centered>
      {!ready ? (
        <Loader size="sm" />
      ) : (
        <Stack gap="md">
          {!sent && (
            <>
              <Text size="sm">{t('join.intro')}</Text>
              <TextInput
                label={t('join.org_code')}
                value={orgCode}
                maxLength={32}
                autoComplete="off"
                onChange={(e) => setOrgCode(e.currentTarget.value.toUpperCase())}
                onKeyDown={(e) => e.key === 'Enter' && void sendCode()}
                data-testid="join-org-code"
              />
            </>
          )}
          {sent && (
            <>
              <Text size="sm" data-testid="join-sent">
                {t('join.sent', { email: sent.email, name: sent.org_name })}
              </Text>
              {/* A plain field, not the sign-up page's PinInput: sharing it would split that into a
                  chunk of its own, one more response on the sign-up page's first load. */}
              <TextInput
                label={t('join.otp')}
                value={otp}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                onChange={(e) => setOtp(e.currentTarget.value.replace(/\D/g, ''))}
                onKeyDown={(e) => e.key === 'Enter' && !expired && void join()}
                data-testid="join-otp"
              />
              <Text size="sm" c={expired ? 'red' : 'dimmed'} data-testid="join-countdown" aria-live="polite">
                {expired ? codeText('code_expired') : t('join.expires_in', { time: countdown(left) })}
              </Text>
            </>
          )}
          {error && (
            <Alert color="red" role="alert" data-testid="join-error">
              {error}
            </Alert>
          )}
          <Group justify="space-between">
            {sent ? (
              <Button variant="subtle" disabled={resendIn > 0 || busy} onClick={() => void sendCode()} data-testid="join-resend">
                {resendIn > 0 ? t('join.resend_in', { time: countdown(resendIn) }) : t('join.resend')}
              </Button>
            ) : (
              <span />
            )}
            {sent ? (
              <Button loading={busy} disabled={expired} onClick={() => void join()} data-testid="join-submit">
                {t('join.join')}
              </Button>
            ) : (
              <Button loading={busy} onClick={() => void sendCode()} data-testid="join-send">
                {t('join.send')}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
