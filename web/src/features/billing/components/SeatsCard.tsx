// Current seats (issued, used, a scheduled decrease) and the change of seats: the new number
// (empty until typed: the person is choosing a change, so the current number is a hint, not a
// value), checked live by the domain's `team_seats` rule (team minimum, members, maximum) with
// the language's digit grouping, its price from the server's preview (added seats prorated now,
// removed ones at the period's end), then Confirm — a toast and the change's invoice after it.
// A scheduled decrease is shown as such, with its cancellation, and no other change is offered
// until it applies or is cancelled.
import { Alert, Button, Card, Group, NumberInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SeatChangeAnswer, SeatPreview, Seats } from '@/generated/contract';
import { codeOf, useCodeText } from '@/lib/errorText';
import { toast } from '@/lib/toast';
import { changeSeats, previewSeats } from '../api';
import { checkSeats, formatCount, formatDate, formatMoney, numberFieldFormat } from '../logic';

interface Props {
  orgId: number;
  seats: Seats;
  subscribed: boolean;
  timeZone: string | null;
  /** What the last change here cost, kept after the toast has gone. */
  lastChange: SeatPreview | null;
  onChanged: (answer: SeatChangeAnswer) => void;
  onChoosePlan: () => void;
}

export function SeatsCard({ orgId, seats, subscribed, timeZone, lastChange, onChanged, onChoosePlan }: Props) {
  const { t, i18n } = useTranslation('billing');
  const codeText = useCodeText();
  const lang = i18n.language;
  const [wanted, setWanted] = useState<string | number>('');
  const [preview, setPreview] = useState<SeatPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'preview' | 'confirm' | 'cancel' | null>(null);
  const n = (v: number) => formatCount(v, lang);
  const date = (v: string | null | undefined) => formatDate(v, lang, timeZone);
  const checked = checkSeats(wanted, seats.seats_used);
  const ruleText = (code: string | null) =>
    codeText(code, {
      team_too_small: t('seat_rules.too_few', { min: n(seats.min) }),
      seats_exhausted: t('seat_rules.too_few', { min: n(seats.min) }),
      too_many_seats: t('seat_rules.too_many', { max: n(seats.max) }),
      not_a_number: t('seat_rules.whole_number'),
    });
  const fieldError = checked.code ? ruleText(checked.code) : null;
  const scheduled = seats.pending_seats;

  async function ask() {
    setError(null);
    setPreview(null);
    if (checked.seats === null) return;
    if (checked.seats === seats.seat_issued) return setError(t('page.seats_same'));
    setBusy('preview');
    try {
      setPreview(await previewSeats(orgId, checked.seats));
    } catch (e) {
      setError(ruleText(codeOf(e)));
    } finally {
      setBusy(null);
    }
  }

  async function confirm() {
    if (!preview) return;
    setError(null);
    setBusy('confirm');
    try {
      const answer = await changeSeats(orgId, preview.new_seats);
      const c = answer.change ?? preview;
      setPreview(null);
      setWanted('');
      toast.success(
        c.at_period_end
          ? t('page.seats_toast_scheduled', { from: n(c.current_seats), to: n(c.new_seats), date: date(c.period_end) })
          : t('page.seats_toast_added', {
              from: n(c.current_seats),
              to: n(c.new_seats),
              amount: formatMoney(c.due_now_minor, c.currency, lang),
            }),
      );
      onChanged(answer);
    } catch (e) {
      setError(ruleText(codeOf(e)));
    } finally {
      setBusy(null);
    }
  }

  async function cancelScheduled() {
    setError(null);
    setBusy('cancel');
    try {
      const answer = await changeSeats(orgId, seats.seat_issued);
      toast.success(t('page.seats_scheduled_cancelled', { n: n(seats.seat_issued) }));
      onChanged(answer);
    } catch (e) {
      setError(ruleText(codeOf(e)));
    } finally {
      setBusy(null);
    }
  }

  const format = numberFieldFormat(lang);

  return (
    <Card withBorder radius="md" padding="lg" data-testid="seats-card">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('page.seats')}
        </Title>
        <SimpleGrid cols={3}>
          <div>
            <Text size="xs" c="dimmed">{t('page.seats_issued')}</Text>
            <Text fw={700} fz="xl" data-testid="seats-issued">{n(seats.seat_issued)}</Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">{t('page.seats_used')}</Text>
            <Text fw={700} fz="xl" data-testid="seats-used">{n(seats.seats_used)}</Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">{t('page.seats_pending')}</Text>
            <Text fw={700} fz="xl" data-testid="seats-pending">{scheduled === null ? '—' : n(scheduled)}</Text>
          </div>
        </SimpleGrid>
        {lastChange && (
          <Alert color="teal" title={t('page.last_change')} data-testid="seat-change-invoice">
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                {t('page.seats_change', { from: n(lastChange.current_seats), to: n(lastChange.new_seats) })}
              </Text>
              {lastChange.at_period_end ? (
                <Text size="sm">{t('page.last_change_effective', { date: date(lastChange.period_end) })}</Text>
              ) : (
                <Text size="sm">
                  {t('page.last_change_charged')}: <b>{formatMoney(lastChange.due_now_minor, lastChange.currency, lang)}</b>
                </Text>
              )}
              <Text size="sm">
                {lastChange.period_end
                  ? t('page.last_change_next', { date: date(lastChange.period_end) })
                  : t('page.last_change_next_undated')}
                : <b>{formatMoney(lastChange.next_invoice_minor, lastChange.currency, lang)}</b>
              </Text>
            </Stack>
          </Alert>
        )}
        {!subscribed ? (
          <Group justify="space-between">
            <Text size="sm" c="dimmed">{t('page.seats_need_plan')}</Text>
            <Button size="xs" variant="light" onClick={onChoosePlan}>
              {t('page.choose_plan')}
            </Button>
          </Group>
        ) : scheduled !== null ? (
          <Alert color="orange" title={t('page.seats_scheduled_title')} data-testid="seats-scheduled">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                {t('page.seats_scheduled', { from: n(seats.seat_issued), to: n(scheduled), date: date(seats.pending_from) })}
              </Text>
              <Button size="xs" variant="light" onClick={() => void cancelScheduled()} loading={busy === 'cancel'}>
                {t('page.seats_cancel_scheduled')}
              </Button>
            </Stack>
          </Alert>
        ) : (
          <>
            <Group align="flex-start" gap="sm">
              <NumberInput
                label={t('page.seats_new')}
                description={t('chooser.seats_range', { min: n(seats.min), max: n(seats.max) })}
                placeholder={t('page.seats_placeholder', { n: n(seats.seat_issued) })}
                value={wanted}
                onChange={(v) => {
                  setWanted(v);
                  setPreview(null);
                  setError(null);
                }}
                min={seats.min}
                max={seats.max}
                clampBehavior="none"
                allowDecimal={false}
                allowNegative={false}
                thousandSeparator={format.thousandSeparator}
                decimalSeparator={format.decimalSeparator}
                thousandsGroupStyle={format.thousandsGroupStyle}
                error={fieldError}
                w={240}
              />
              <Button
                variant="light"
                mt={48}
                onClick={() => void ask()}
                loading={busy === 'preview'}
                disabled={checked.seats === null}
              >
                {t('page.seats_preview')}
              </Button>
            </Group>
            {preview && (
              <Alert
                color="blue"
                data-testid="seat-preview"
                title={t('page.seats_change', { from: n(preview.current_seats), to: n(preview.new_seats) })}
              >
                <Stack gap="xs">
                  {preview.at_period_end ? (
                    <Text size="sm">{t('page.seats_at_period_end', { date: date(preview.period_end) })}</Text>
                  ) : (
                    <Text size="sm">
                      {t('page.seats_due_now')}: <b>{formatMoney(preview.due_now_minor, preview.currency, lang)}</b>
                    </Text>
                  )}
                  <Text size="sm">
                    {t('page.seats_next_invoice')}: <b>{formatMoney(preview.next_invoice_minor, preview.currency, lang)}</b>
                  </Text>
                  <Group gap="xs">
                    <Button size="xs" onClick={() => void confirm()} loading={busy === 'confirm'}>
                      {t('page.seats_confirm')}
                    </Button>
                    <Button size="xs" variant="default" onClick={() => setPreview(null)}>
                      {t('page.seats_cancel')}
                    </Button>
                  </Group>
                </Stack>
              </Alert>
            )}
          </>
        )}
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
