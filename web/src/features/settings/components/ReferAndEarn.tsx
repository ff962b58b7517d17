// Refer and Earn (001 §1–§3, §9): the person's link (copied in one click), invitations by
// e-mail, and the report — invitations sent, friends signed up, credits earned and the credit
// history. Every 2 friends who sign up through the link give 1 USD of credit; each friend gets a
// month of Pro Plus.
import { Alert, Button, Card, CopyButton, Group, Skeleton, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReferralInvitesSent, ReferralReport } from '@/generated/contract';
import { ApiError, apiFetch } from '@/lib/api';
import { useCodeText } from '@/lib/errorText';
import { toast } from '@/lib/toast';

const usd = (minor: number, lang: string) => new Intl.NumberFormat(lang, { style: 'currency', currency: 'USD' }).format(minor / 100);

/** The addresses typed: split on commas, semicolons, spaces and new lines. */
export const addressesOf = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);

export function ReferAndEarn() {
  const { t, i18n } = useTranslation('settings');
  const codeText = useCodeText();
  const [report, setReport] = useState<ReferralReport | null>(null);
  const [phase, setPhase] = useState<'loading' | 'ready' | 'error'>('loading');
  const [emails, setEmails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = () => {
    setPhase('loading');
    apiFetch<ReferralReport>('/api/referrals').then(
      (r) => {
        setReport(r);
        setPhase('ready');
      },
      () => setPhase('error'),
    );
  };
  useEffect(load, []);

  async function invite() {
    const list = addressesOf(emails);
    if (list.length === 0) {
      setError(codeText('fields_required'));
      return;
    }
    if (list.length > 10) {
      setError(t('refer.too_many'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { sent } = await apiFetch<ReferralInvitesSent>('/api/referrals/invites', { method: 'POST', body: { emails: list } });
      toast.success(t('refer.sent', { count: sent }));
      setEmails('');
      load();
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.fields).length) {
        const bad = Object.keys(e.fields)
          .map((f) => /\[(\d+)\]/.exec(f)?.[1])
          .filter((i): i is string => i !== undefined)
          .map((i) => list[Number(i)]);
        setError(bad.length ? t('refer.bad_addresses', { list: bad.join(', ') }) : codeText(Object.values(e.fields)[0]));
      } else {
        setError(codeText(e instanceof ApiError ? e.code : 'internal'));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="refer-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="refer-title">
          {t('refer.title')}
        </Title>
        <Text>{t('refer.intro')}</Text>
        {phase === 'loading' && <Skeleton height={160} aria-label={t('refer.loading')} />}
        {phase === 'error' && (
          <Alert color="red" title={t('refer.load_failed')}>
            <Button size="xs" variant="light" onClick={load}>
              {t('extension.retry')}
            </Button>
          </Alert>
        )}
        {phase === 'ready' && report && (
          <>
            <Group align="flex-end" wrap="nowrap">
              <TextInput style={{ flex: 1 }} label={t('refer.link')} value={report.link} readOnly data-testid="referral-link" />
              <CopyButton value={report.link}>
                {({ copied, copy }) => (
                  <Button
                    variant={copied ? 'light' : 'filled'}
                    onClick={() => {
                      copy();
                      toast.success(t('refer.copied'));
                    }}
                  >
                    {copied ? t('refer.copied_short') : t('refer.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>

            <Group grow data-testid="referral-report">
              <Stat label={t('refer.invites_sent')} value={String(report.invites_sent)} />
              <Stat label={t('refer.signed_up')} value={String(report.signed_up)} />
              <Stat label={t('refer.earned')} value={usd(report.credits_earned_minor, i18n.language)} testId="referral-earned" />
              <Stat label={t('refer.balance')} value={usd(report.balance_minor, i18n.language)} />
            </Group>
            <Text size="sm" c="dimmed">
              {t('refer.next', { count: report.next_credit_in })}
            </Text>

            <Textarea
              label={t('refer.invite_label')}
              description={t('refer.invite_hint')}
              placeholder="ana@example.com, bo@example.com"
              rows={3}
              value={emails}
              onChange={(e) => setEmails(e.currentTarget.value)}
              error={error}
              data-testid="referral-emails"
            />
            <Group justify="flex-end">
              <Button onClick={() => void invite()} loading={busy} data-testid="referral-invite">
                {t('refer.invite')}
              </Button>
            </Group>

            <Title order={3} size="h4">
              {t('refer.history')}
            </Title>
            {report.credits.length === 0 ? (
              <Text size="sm" c="dimmed" data-testid="credits-empty">
                {t('refer.no_credits')}
              </Text>
            ) : (
              <Table data-testid="credit-history">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('refer.col_date')}</Table.Th>
                    <Table.Th scope="col">{t('refer.col_source')}</Table.Th>
                    <Table.Th scope="col">{t('refer.col_amount')}</Table.Th>
                    <Table.Th scope="col">{t('refer.col_state')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {report.credits.map((c, i) => (
                    <Table.Tr key={`${c.created_at}-${i}`}>
                      <Table.Td>{new Date(c.created_at).toLocaleDateString(i18n.language)}</Table.Td>
                      <Table.Td>{c.source === 'store_review' ? t('refer.source_review') : t('refer.source_referral')}</Table.Td>
                      <Table.Td>{usd(c.amount_minor, i18n.language)}</Table.Td>
                      <Table.Td>{c.applied ? t('refer.applied') : t('refer.pending')}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}

function Stat({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl" data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}
