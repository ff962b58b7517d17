// /settings/billing (001 §2 'Billing'): the estimated invoice, current seats and their change,
// the current plan (standing, what happens at the period's end, a failed payment, Manage
// billing), invoices and the paged history log, and the plan chooser. It shows the current
// organisation when the user is its admin, else the personal workspace; its times are in the
// organisation's zone. The customer portal opens in another tab, so the page reads the billing
// again whenever its tab comes back into view.
import { Alert, Badge, Button, Card, Container, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import { LoadStateOf } from '@/components/LoadStates';
import { PagedTable } from '@/components/PagedTable';
import { useLoad } from '@/lib/useLoad';
import type { ParseKeys } from 'i18next';
import type { BillingOverview, SeatChangeAnswer, SeatPreview } from '@/generated/contract';
import { value } from '@/lib/domain';
import { codeOf, useCodeText } from '@/lib/errorText';
import { toast } from '@/lib/toast';
import { useSession } from '@/stores/session';
import { useWorkspace } from '@/stores/workspace';
import { fetchOverview, fetchPortal, type Payer } from '../api';
import { openPage, reserveTab } from '../components/openPage';
import { HistoryCard } from '../components/HistoryCard';
import { SeatsCard } from '../components/SeatsCard';
import { billingPayer, formatDate, formatMoney } from '../logic';
import { useBillingUi } from '../stores/billing';

function useOverview(payer: Payer | null) {
  /** Bumped whenever the billing may have changed, so the history reads its first page again. */
  const [version, setVersion] = useState(0);
  const key = payer ? JSON.stringify(payer) : null;
  const read = useLoad(key ? (signal) => fetchOverview(JSON.parse(key) as Payer, signal) : null, [key]);
  const { data: overview, setData: setOverview, phase, errorCode, retry } = read;

  // Back from another tab (the customer portal, a checkout finished elsewhere): read the billing
  // again, quietly — what is shown stays until the answer replaces it.
  const quiet = useRef<AbortController | null>(null);
  useEffect(() => {
    if (!key) return;
    const refresh = () => {
      if (document.visibilityState !== 'visible') return;
      quiet.current?.abort();
      const ctl = new AbortController();
      quiet.current = ctl;
      fetchOverview(JSON.parse(key) as Payer, ctl.signal)
        .then((o) => {
          setOverview(o);
          setVersion((v) => v + 1);
        })
        .catch(() => undefined);
    };
    document.addEventListener('visibilitychange', refresh);
    window.addEventListener('focus', refresh);
    return () => {
      document.removeEventListener('visibilitychange', refresh);
      window.removeEventListener('focus', refresh);
      quiet.current?.abort();
    };
  }, [key]);

  const changed = (o: BillingOverview) => {
    setOverview(o);
    setVersion((v) => v + 1);
  };

  return { read, phase, overview, errorCode, changed, version, retry };
}

const STANDING_COLOR: Record<string, string> = { trial: 'blue', active: 'green', grace: 'orange', free: 'gray' };

export default function BillingPage() {
  const { t, i18n } = useTranslation('billing');
  const codeText = useCodeText();
  const lang = i18n.language;
  const workspaceId = useSession((s) => s.user?.id);
  const status = useWorkspace((s) => s.status);
  const current = useWorkspace((s) => s.current);
  const me = useWorkspace((s) => s.me);
  const openChooser = useBillingUi((s) => s.openChooser);
  const [portalBusy, setPortalBusy] = useState(false);
  const payer = workspaceId !== undefined && (me || status === 'error') ? billingPayer(workspaceId, current) : null;
  const { read, phase, overview, changed, version } = useOverview(payer);
  const [lastChange, setLastChange] = useState<SeatPreview | null>(null);
  const zone = overview?.time_zone ?? null;
  const date = (v: string | null | undefined) => formatDate(v, lang, zone);

  useEffect(() => {
    document.title = `${t('title')} · Switchboard`;
  }, [t]);

  async function manage(url: string) {
    setPortalBusy(true);
    const tab = reserveTab();
    try {
      const portal = await fetchPortal(url);
      if (portal) openPage(portal, tab);
      else {
        tab?.close();
        toast.info(t('page.portal_unavailable'));
      }
    } catch (e) {
      tab?.close();
      toast.error(codeText(codeOf(e)));
    } finally {
      setPortalBusy(false);
    }
  }

  const seatsChanged = (answer: SeatChangeAnswer) => {
    setLastChange(answer.change);
    changed(answer);
  };

  const orgName = 'org_id' in (payer ?? {}) ? current?.callyzer_organization.org_name : null;
  // Once a plan is over its stored name is the old plan's: the features are Free's.
  const backOnFree =
    overview !== null && value('plan_info', { planId: overview.plan.effective_plan_id }).kind === 'free';

  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <Group justify="space-between">
          <div>
            <Title order={1}>{t('title')}</Title>
            {payer && (
              <Text c="dimmed" size="sm" data-testid="billing-payer">
                {orgName ?? t('page.personal_workspace')}
              </Text>
            )}
          </div>
          <Button onClick={openChooser}>{t('page.choose_plan')}</Button>
        </Group>

        {phase !== 'ready' && <LoadStateOf read={read} loading={t('loading')} failed={t('load_failed')} />}

        {phase === 'ready' && overview && (
          <>
            {overview.plan.dunning_since && (
              <Alert color="red" role="alert" title={t('page.dunning_title')} data-testid="dunning-warning">
                {t('page.dunning', { date: date(overview.plan.dunning_since) })}
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <Card withBorder radius="md" padding="lg" data-testid="current-plan">
                <Stack gap="xs">
                  <Text size="xs" c="dimmed" tt="uppercase">
                    {t('page.current_plan')}
                  </Text>
                  <Group gap="sm">
                    <Title order={2} size="h3" data-testid="plan-name">
                      {backOnFree ? t('page.free_plan') : overview.plan.plan_name}
                    </Title>
                    <Badge color={STANDING_COLOR[overview.plan.standing] ?? 'gray'} data-testid="plan-standing">
                      {i18n.exists(`standing.${overview.plan.standing}`, { ns: 'billing' })
                        ? t(`standing.${overview.plan.standing}` as ParseKeys<'billing'>)
                        : overview.plan.standing}
                    </Badge>
                  </Group>
                  {backOnFree && overview.plan.plan_id !== overview.plan.effective_plan_id && (
                    <Text size="sm" c="dimmed" data-testid="plan-ended">
                      {t('page.plan_ended', { plan: overview.plan.plan_name })}
                    </Text>
                  )}
                  {overview.term && (
                    <Text
                      size="sm"
                      c={overview.term.kind === 'grace_until' ? 'orange' : undefined}
                      data-testid="plan-term"
                    >
                      {i18n.exists(`term.${overview.term.kind}`, { ns: 'billing' })
                        ? t(`term.${overview.term.kind}` as ParseKeys<'billing'>, { date: date(overview.term.at) })
                        : date(overview.term.at)}
                    </Text>
                  )}
                  {overview.plan.ai_addon && <Text size="sm">{t('page.ai_addon')}</Text>}
                  <Group gap="xs" mt="xs">
                    <Button size="xs" variant="light" onClick={openChooser}>
                      {t('page.choose_plan')}
                    </Button>
                    {overview.manageBillingURL && (
                      <Button
                        size="xs"
                        variant="default"
                        loading={portalBusy}
                        onClick={() => void manage(overview.manageBillingURL!)}
                      >
                        {t('page.manage_billing')}
                      </Button>
                    )}
                  </Group>
                </Stack>
              </Card>
              <Card withBorder radius="md" padding="lg" data-testid="estimated-invoice">
                <Stack gap="xs">
                  <Text size="xs" c="dimmed" tt="uppercase">
                    {t('page.estimated_invoice')}
                  </Text>
                  {overview.estimated_invoice ? (
                    <>
                      <Title order={2} size="h3" data-testid="estimated-amount">
                        {t(overview.estimated_invoice.interval === 'year' ? 'page.per_year' : 'page.per_month', {
                          amount: formatMoney(overview.estimated_invoice.amount_minor, overview.estimated_invoice.currency, lang),
                        })}
                      </Title>
                      {overview.estimated_invoice.due_at && (
                        <Text size="sm">{t('page.estimated_due', { date: date(overview.estimated_invoice.due_at) })}</Text>
                      )}
                    </>
                  ) : (
                    <Text c="dimmed">{t('page.no_estimated_invoice')}</Text>
                  )}
                </Stack>
              </Card>
            </SimpleGrid>

            {overview.seats && payer && 'org_id' in payer && (
              <SeatsCard
                orgId={payer.org_id}
                seats={overview.seats}
                subscribed={overview.subscribed}
                timeZone={zone}
                lastChange={lastChange}
                onChanged={seatsChanged}
                onChoosePlan={openChooser}
              />
            )}

            <Card withBorder radius="md" padding="lg">
              <Stack gap="sm">
                <Title order={2} size="h4">
                  {t('page.invoices')}
                </Title>
                <PagedTable
                  rows={overview.invoices}
                  state={read}
                  texts={{ loading: t('loading'), failed: t('load_failed') }}
                  empty={
                    <EmptyState
                      compact
                      title={t('page.invoices_empty')}
                      action={
                        !overview.subscribed && (
                          <Button size="xs" variant="light" onClick={openChooser}>
                            {t('page.choose_plan')}
                          </Button>
                        )
                      }
                      data-testid="invoices-empty"
                    >
                      {t('page.invoices_hint')}
                    </EmptyState>
                  }
                  minWidth={560}
                  data-testid="invoices"
                  head={
                    <>
                      <Table.Th>{t('page.col_date')}</Table.Th>
                      <Table.Th>{t('page.col_amount')}</Table.Th>
                      <Table.Th>{t('page.col_status')}</Table.Th>
                      <Table.Th>{t('page.col_invoice')}</Table.Th>
                    </>
                  }
                  row={(inv) => (
                    <Table.Tr key={inv.id}>
                      <Table.Td>{date(inv.created_at)}</Table.Td>
                      <Table.Td>{formatMoney(inv.amount_minor, inv.currency, lang)}</Table.Td>
                      <Table.Td>
                        <Badge color={inv.status === 'paid' ? 'green' : 'red'} variant="light">
                          {inv.status === 'paid' ? t('page.invoice_paid') : inv.status === 'failed' ? t('page.invoice_failed') : inv.status}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        {inv.hosted_url ? (
                          <a href={inv.hosted_url} target="_blank" rel="noopener noreferrer">
                            {t('page.invoice_view')}
                          </a>
                        ) : (
                          '—'
                        )}
                      </Table.Td>
                    </Table.Tr>
                  )}
                />
              </Stack>
            </Card>

            {payer && <HistoryCard payer={payer} timeZone={zone} version={version} />}
          </>
        )}
      </Stack>
    </Container>
  );
}
