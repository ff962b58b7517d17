// The plan chooser popup, titled "Choose the right plan" (001 §2, §4): the plan cards and, on a
// paid plan, the Upgrade button that asks the server for a checkout (001 §7 item 8: `plan_id`
// from the `checkout_plan` rule, with the currency's `planid_constant`) and goes to its page in
// this tab: the provider sends the buyer back to /checkout, which waits for the plan and reloads
// the workspace, so no other tab is left showing the plan before the purchase (issue #25; the
// spec's new tab, 001 §7 item 8, left exactly that). Teams is bought for the current
// organisation by its admin, its seats starting at the smallest team it can buy; without an
// organisation the chooser says how to get one.
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { value } from '@/lib/domain';
import { codeOf, useCodeText } from '@/lib/errorText';
import { useSession } from '@/stores/session';
import { useWorkspace } from '@/stores/workspace';
import { createCheckout, fetchSeatsUsed } from '../api';
import { isAdmin } from '../logic';
import { useBillingUi } from '../stores/billing';
import { PlanCatalogue, type CardContext } from './PlanCatalogue';
import { goTo } from './openPage';

/** 001 §4: where Switch To Team goes once the switch is done (its default route). */
export const SWITCH_TO_TEAM_ROUTE = '/organization';

export default function PlanChooser() {
  const { t } = useTranslation('billing');
  const codeText = useCodeText();
  const opened = useBillingUi((s) => s.chooserOpen);
  const close = useBillingUi((s) => s.closeChooser);
  const workspaceId = useSession((s) => s.user?.id);
  const current = useWorkspace((s) => s.current);
  const me = useWorkspace((s) => s.me);
  const switchTo = useWorkspace((s) => s.switchTo);
  const navigate = useNavigate();
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const orgId = current?.org_id ?? null;
  const admin = orgId !== null && isAdmin(current?.role_id);
  const otherOrg = me?.callyzer_user_mappings.find((m) => m.org_id !== null)?.org_id ?? null;
  // The organisation's members (active and invited): a team cannot buy fewer seats.
  const [members, setMembers] = useState(0);
  useEffect(() => {
    if (!opened || orgId === null || !admin) return;
    const ctl = new AbortController();
    fetchSeatsUsed(orgId, ctl.signal)
      .then((s) => setMembers(s.seats_used))
      .catch(() => undefined);
    return () => ctl.abort();
  }, [opened, orgId, admin]);

  async function buy({ plan, audience, seats, conversion, addons }: CardContext) {
    if (workspaceId === undefined) return;
    const teams = audience === 'teams';
    setError(null);
    const { plan_id } = value('checkout_plan', { planId: plan.id, planidConstant: conversion.planidConstant });
    setBusy(plan.id);
    try {
      const answer = await createCheckout({
        workspace_id: workspaceId,
        plan_id,
        quantity: teams ? seats : 1,
        org_id: teams ? orgId : null,
        currency: conversion.currency,
        addons,
      });
      close();
      goTo(answer.url);
    } catch (e) {
      setError(codeText(codeOf(e)));
      setBusy(null);
    }
  }

  const renderNote = (audience: string) => {
    if (audience !== 'teams') return null;
    if (orgId === null)
      return (
        <Alert color="blue" data-testid="teams-needs-org">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('chooser.needs_org')}</Text>
            <Group gap="xs">
              <Button size="xs" component={Link} to="/createorganization" onClick={close}>
                {t('chooser.create_org')}
              </Button>
              {otherOrg !== null && (
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => {
                    close();
                    // The popup for 3 seconds, the memberships reloaded, then the organisation.
                    void switchTo(otherOrg).then(() => navigate(SWITCH_TO_TEAM_ROUTE));
                  }}
                >
                  {t('chooser.switch_to_team')}
                </Button>
              )}
            </Group>
          </Stack>
        </Alert>
      );
    if (!admin)
      return (
        <Alert color="orange" data-testid="teams-admin-only">
          {codeText('admin_only')}
        </Alert>
      );
    return null;
  };

  const renderAction = (ctx: CardContext) => {
    const free = value('plan_info', { planId: ctx.plan.id }).kind === 'free';
    if (free)
      return (
        <Text size="sm" c="dimmed" ta="center">
          {t('chooser.free_forever')}
        </Text>
      );
    const teams = ctx.audience === 'teams';
    const blocked = teams && (orgId === null || !admin || ctx.seats === null);
    return (
      <Button
        fullWidth
        onClick={() => void buy(ctx)}
        loading={busy === ctx.plan.id}
        disabled={blocked || (busy !== null && busy !== ctx.plan.id)}
        aria-label={t('chooser.upgrade_to', { plan: ctx.plan.plan_name })}
      >
        {t('chooser.upgrade')}
      </Button>
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={t('chooser.title')} size="xl" centered closeButtonProps={{ 'aria-label': t('close') }}>
      <Stack gap="md">
        {error && (
          <Alert color="red" role="alert" withCloseButton closeButtonLabel={t('close')} onClose={() => setError(null)}>
            {error}
          </Alert>
        )}
        {opened && (
          <PlanCatalogue
            orgId={orgId}
            askSeats
            members={members}
            renderAction={renderAction}
            renderNote={renderNote}
          />
        )}
      </Stack>
    </Modal>
  );
}
