// The webhook's signing secret (issue #7): the server answers it once — on the endpoint's first
// save and on each rotation — so the page shows it then, in a copyable box that says so, and
// offers Rotate behind a confirmation. One line names the Standard Webhooks headers it signs.
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import * as api from '../api';
import { useIntegrations } from '../stores/integrations';
import { codeOf, useCodeText } from '@/lib/errorText';

export function SigningSecretSection({ orgId, hasSecret }: { orgId: number; hasSecret: boolean }) {
  const { t } = useTranslation('integrations');
  const ruleText = useCodeText();
  const revealed = useIntegrations((s) => (s.revealed?.orgId === orgId ? s.revealed.secret : null));
  const reveal = useIntegrations((s) => s.reveal);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  async function rotate() {
    setBusy(true);
    try {
      const secret = await api.rotateSigningSecret(orgId);
      if (!secret) throw new Error('no secret');
      reveal({ orgId, secret });
      setConfirming(false);
      toast.success(t('secret.rotated'));
    } catch (e) {
      toast.error(ruleText(codeOf(e)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="xs" component="section" aria-label={t('secret.title')}>
      <Title order={4}>{t('secret.title')}</Title>
      <Text size="sm">{t('secret.headers')}</Text>
      {revealed && (
        <Alert color="yellow" title={t('secret.shown_once_title')} data-testid="signing-secret-box">
          <Stack gap="xs">
            <Text size="sm">{t('secret.shown_once')}</Text>
            <Group wrap="nowrap" gap="xs">
              <Code data-testid="signing-secret" style={{ wordBreak: 'break-all' }}>
                {revealed}
              </Code>
              <CopyButton value={revealed} timeout={2000}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="light" color={copied ? 'teal' : undefined} onClick={copy}>
                    {copied ? t('secret.copied') : t('secret.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Button size="xs" variant="default" w="fit-content" onClick={() => reveal(null)}>
              {t('secret.hide')}
            </Button>
          </Stack>
        </Alert>
      )}
      {!revealed && (
        <Text size="sm" c="dimmed">
          {hasSecret ? t('secret.hidden') : t('secret.none_yet')}
        </Text>
      )}
      {(hasSecret || revealed) && (
        <Button variant="light" color="orange" w="fit-content" onClick={() => setConfirming(true)}>
          {t('secret.rotate')}
        </Button>
      )}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('secret.rotate_title')} centered>
        <Stack>
          <Text>{t('secret.rotate_confirm')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
              {t('cancel')}
            </Button>
            <Button color="orange" loading={busy} onClick={() => void rotate()}>
              {t('secret.rotate')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
