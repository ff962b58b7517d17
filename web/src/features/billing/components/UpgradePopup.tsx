// The upgrade-required popup (001 §4 'Upgrade popup'): on the personal workspace the
// individual-account text with Switch Now (to billing); on the organisation, once its plan has
// expired, the expired-plan text with Upgrade Now (the plan chooser) and Book a demo; on the
// Free plan it opens with "You don't have Teams plan". Whether it opens is the server's `upsell`
// answer through `upgradePrompt` (logic.ts): only for someone who can pay. It shows once per
// session and closes with its close button.
import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { clientConfig, FALLBACK_CLIENT_CONFIG, linkWithText } from '@/lib/clientConfig';
import { useSession } from '@/stores/session';
import { useWorkspace } from '@/stores/workspace';
import { limitsPayer, upgradePrompt, type UpgradePrompt } from '../logic';
import { useBillingUi } from '../stores/billing';

export const PRODUCT_NAME = 'Switchboard';

/** Where "Book a demo" goes: the server's `client.demo_url` with the request prefilled. */
export function bookDemoLink(base: string, text: string): string {
  return linkWithText(base, text);
}

export function UpgradePopup({ suppressed }: { suppressed: boolean }) {
  const { t } = useTranslation('billing');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const ready = useWorkspace((s) => s.status === 'ready');
  const current = useWorkspace((s) => s.current);
  const limits = useBillingUi((s) => s.limits);
  const loadLimits = useBillingUi((s) => s.loadLimits);
  const isSet = useBillingUi((s) => s.isSet);
  const setFlag = useBillingUi((s) => s.set);
  const openChooser = useBillingUi((s) => s.openChooser);
  const [showing, setShowing] = useState<UpgradePrompt | null>(null);
  const [demoUrl, setDemoUrl] = useState(FALLBACK_CLIENT_CONFIG.demo_url);
  useEffect(() => {
    let live = true;
    void clientConfig().then((c) => live && setDemoUrl(c.demo_url));
    return () => {
      live = false;
    };
  }, []);
  const userId = user?.id;
  const orgId = current?.org_id ?? null;

  useEffect(() => {
    if (userId === undefined || !ready) return;
    void loadLimits(limitsPayer(userId, orgId));
  }, [userId, ready, orgId, loadLimits]);

  const prompt = upgradePrompt({
    signedIn: userId !== undefined,
    suppressed,
    pathname,
    limits: ready ? limits : null,
  });

  useEffect(() => {
    if (!prompt || showing || isSet('prompt_shown', userId)) return;
    setFlag('prompt_shown', userId);
    setShowing(prompt);
  }, [prompt, showing, isSet, setFlag, userId]);

  // Leaving for a path where it never shows (e.g. Switch Now to billing) closes it.
  const opened = showing !== null && prompt !== null;
  const close = () => setShowing(null);
  if (!showing) return null;

  const individual = showing.variant === 'individual';
  const title = individual ? t('upgrade.individual_title') : t('upgrade.expired_title');

  return (
    <Modal opened={opened} onClose={close} title={title} centered closeButtonProps={{ 'aria-label': t('close') }}>
      <Stack gap="md" data-testid="upgrade-popup">
        {showing.noTeamsPlan && (
          <Badge color="orange" variant="light" size="lg" data-testid="no-teams-plan">
            {t('upgrade.no_teams_plan')}
          </Badge>
        )}
        <Text>{individual ? t('upgrade.individual_body', { product: PRODUCT_NAME }) : t('upgrade.expired_body')}</Text>
        <Group justify="flex-end" gap="sm">
          {individual ? (
            <Button
              onClick={() => {
                close();
                navigate('/settings/billing');
              }}
            >
              {t('upgrade.switch_now')}
            </Button>
          ) : (
            <>
              <Button
                variant="default"
                component="a"
                href={bookDemoLink(demoUrl, t('upgrade.book_demo_text', { product: PRODUCT_NAME }))}
                target="_blank"
                rel="noopener noreferrer"
              >
                {t('upgrade.book_demo')}
              </Button>
              <Button
                onClick={() => {
                  close();
                  openChooser();
                }}
              >
                {t('upgrade.upgrade_now')}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
