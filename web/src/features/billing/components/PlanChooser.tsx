// The plan chooser popup, titled "Choose the right plan" (001 §2, §4): the plan cards and, on a
// paid plan, the Upgrade button that asks the server for a checkout (001 §7 item 8: `plan_id`
// from the `checkout_plan` rule, with the currency's `planid_constant`) and opens its page in a
// new tab, or in this tab when the browser refuses one. Teams is bought for the current
// organisation by its admin; without one the chooser says how to get one.
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CONSTANTS, value } from '@/lib/domain';
import { codeOf, useCodeText } from '@/lib/errorText';
import { useSession } from '@/stores/session';
import { useWorkspace } from '@/stores/workspace';
import { createCheckout } from '../api';
import { isAdmin } from '../logic';
import { useBillingUi } from '../stores/billing';
import { PlanCatalogue, type CardContext } from './PlanCatalogue';
import { openPage, reserveTab } from './openPage';

export default function PlanChooser() {
  const { t } = useTranslation('billing');
  const codeText = useCodeText();
  const opened = useBillingUi((s) => s.chooserOpen);
  const close = useBillingUi((s) => s.closeChooser);
  const workspaceId = useSession((s) => s.user?.id);
  const current = useWorkspace((s) => s.current);
  const me = useWorkspace((s) => s.me);
  const credit = useWorkspace((s) => s.credit);
  const switchTo = useWorkspace((s) => s.switchTo);
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const orgId = current?.org_id ?? null;
  const admin = orgId !== null && isAdmin(current?.role_id);
  const otherOrg = me?.callyzer_user_mappings.find((m) => m.org_id !== null)?.org_id ?? null;

  async function buy({ plan, audience, seats, conversion, addons }: CardContext) {
    if (workspaceId === undefined) return;
    const teams = audience === 'teams';
    setError(null);
    const { plan_id } = value('checkout_plan', { planId: plan.id, planidConstant: conversion.planidConstant });
    setBusy(plan.id);
    // A tab opened now, while the click still counts, is not blocked; it gets the address after.
    const tab = reserveTab();
    try {
      const answer = await createCheckout({
        workspace_id: workspaceId,
        plan_id,
        quantity: teams ? seats : 1,
        org_id: teams ? orgId : null,
        currency: conversion.currency,
        addons,
      });
      openPage(answer.url, tab);
      close();
    } catch (e) {
      tab?.close();
      setError(codeText(codeOf(e)));
    } finally {
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
                    void switchTo(otherOrg);
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
            initialSeats={credit?.org_id != null ? Math.max(credit.seat_issued, CONSTANTS.minTeamSize) : undefined}
            renderAction={renderAction}
            renderNote={renderNote}
          />
        )}
      </Stack>
    </Modal>
  );
}
