// The browser extension's access (issue #13): the extension calls the API with a token of its
// own, never the web app's session. "Connect the extension" mints one and hands it to the
// extension over the bridge in the same click; the page does not keep it. When no extension
// answers, the token is revoked at once so none is left unused. Each connected extension is
// listed (name, connected, last used, expiry) and can be disconnected. Tokens are short-lived:
// the extension renews its own through the API, and when this page opens with a token near its
// end and an extension answers, the page hands it a fresh one and revokes the old.
import { Alert, Button, Card, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '@/components/ConfirmModal';
import { SectionHeading } from '@/components/SectionHeading';
import { DataTable } from '@/components/DataTable';
import { ExtensionNotice, useExtensionReachable } from '@/components/ExtensionNotice';
import { errorCodeOf, useCodeText } from '@/lib/errorText';
import { sendToExtension } from '@/lib/extension';
import { toast } from '@/lib/toast';
import * as api from '../api';

/** The message the extension listens for; it stores `token` and uses it as its bearer, and
 * renews it (`POST /api/v2/extension/token/renew`) before `expires_at`. */
export const EXTENSION_TOKEN_MESSAGE = 'SWITCHBOARD_EXTENSION_TOKEN';

/** A token this close to its end is renewed when the page opens and an extension answers. */
export const RENEW_WITHIN_MS = 7 * 86_400_000;

/** Hands `minted` to the extension; true when one took it. */
function handOver(minted: api.MintedExtensionToken): Promise<boolean> {
  return sendToExtension({ type: EXTENSION_TOKEN_MESSAGE, token: minted.token, expires_at: minted.info.expires_at });
}

/** Replaces the tokens near their end with fresh ones the extension takes; answers how many.
 * With no extension answering in this browser nothing changes (the new token is revoked). */
async function renewExpiring(tokens: api.ExtensionTokenInfo[], now: number): Promise<number> {
  let renewed = 0;
  for (const old of tokens.filter((tok) => tok.expires_at - now < RENEW_WITHIN_MS)) {
    const minted = await api.mintExtensionToken(old.name);
    if (await handOver(minted)) {
      await api.revokeExtensionToken(old.id).catch(() => undefined);
      renewed += 1;
    } else {
      await api.revokeExtensionToken(minted.info.id).catch(() => undefined);
      break;
    }
  }
  return renewed;
}

export function ExtensionAccess() {
  const { t, i18n } = useTranslation('settings');
  const codeText = useCodeText();
  const [tokens, setTokens] = useState<api.ExtensionTokenInfo[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [connecting, setConnecting] = useState(false);
  const [revoking, setRevoking] = useState<api.ExtensionTokenInfo | null>(null);
  const [busy, setBusy] = useState(false);
  // No extension id at all (none configured, none remembered): connecting cannot work.
  const reachable = useExtensionReachable();

  const errorText = (e: unknown) => codeText(errorCodeOf(e));
  const date = (ms: number | null) =>
    ms === null ? t('extension.never') : new Date(ms).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  const load = useCallback(async () => {
    setFailed(false);
    try {
      const list = await api.listExtensionTokens();
      setTokens(list);
      return list;
    } catch {
      setFailed(true);
      return null;
    }
  }, []);

  useEffect(() => {
    let live = true;
    void (async () => {
      const list = await load();
      if (!list || !live) return;
      try {
        if ((await renewExpiring(list, Date.now())) > 0 && live) {
          toast.success(t('extension.renewed'));
          await load();
        }
      } catch {
        // Renewal is a convenience: the old token keeps working until it ends.
      }
    })();
    return () => {
      live = false;
    };
  }, [load, t]);

  async function connect() {
    setConnecting(true);
    try {
      const minted = await api.mintExtensionToken(t('extension.token_name'));
      const answered = await handOver(minted);
      if (answered) {
        toast.success(t('extension.connected'));
      } else {
        // Nobody took it: a token no extension holds is revoked straight away.
        await api.revokeExtensionToken(minted.info.id).catch(() => undefined);
        toast.error(t('extension.no_answer'));
      }
      await load();
    } catch (e) {
      toast.error(errorText(e));
    } finally {
      setConnecting(false);
    }
  }

  async function revoke() {
    if (!revoking) return;
    setBusy(true);
    try {
      await api.revokeExtensionToken(revoking.id);
      toast.success(t('extension.disconnected'));
      setRevoking(null);
      await load();
    } catch (e) {
      toast.error(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="extension-access-title">
      <Stack gap="md">
        <SectionHeading
          id="extension-access-title"
          title={t('extension.title')}
          intro={t('extension.intro')}
          size="h4"
          maw={620}
          action={
            <Button
              leftSection={<IconPlugConnected size={16} />}
              onClick={() => void connect()}
              loading={connecting}
              disabled={reachable === false}
            >
              {t('extension.connect')}
            </Button>
          }
        />
        <ExtensionNotice reachable={reachable} />
        {failed ? (
          <Alert color="red" title={t('extension.load_failed')}>
            <Button variant="light" color="red" size="xs" onClick={() => void load()}>
              {t('extension.retry')}
            </Button>
          </Alert>
        ) : tokens === null ? (
          <Group justify="center" py="md">
            <Loader size="sm" aria-label={t('extension.loading')} />
          </Group>
        ) : tokens.length === 0 ? (
          <Text size="sm" data-testid="extension-tokens-empty">
            {t('extension.empty')}
          </Text>
        ) : (
          <DataTable
            minWidth={560}
            data-testid="extension-tokens"
            head={
              <>
                <Table.Th>{t('extension.name')}</Table.Th>
                <Table.Th>{t('extension.created')}</Table.Th>
                <Table.Th>{t('extension.last_used')}</Table.Th>
                <Table.Th>{t('extension.expires')}</Table.Th>
                <Table.Th />
              </>
            }
          >
            {tokens.map((tok) => (
              <Table.Tr key={tok.id}>
                <Table.Td>{tok.name}</Table.Td>
                <Table.Td>{date(tok.created_at)}</Table.Td>
                <Table.Td>{date(tok.last_used_at)}</Table.Td>
                <Table.Td>{date(tok.expires_at)}</Table.Td>
                <Table.Td>
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    onClick={() => setRevoking(tok)}
                    aria-label={t('extension.disconnect_named', { name: tok.name })}
                  >
                    {t('extension.disconnect')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        )}
      </Stack>
      <ConfirmModal
        opened={revoking !== null}
        onClose={() => setRevoking(null)}
        title={t('extension.confirm_title')}
        text={t('extension.confirm_text', { name: revoking?.name ?? '' })}
        cancelLabel={t('extension.cancel')}
        confirmLabel={t('extension.disconnect')}
        onConfirm={() => void revoke()}
        busy={busy}
      />
    </Card>
  );
}
