// Current seats (issued, used, kept from the period's end) and the change of seats: the new
// number, its price from the server's preview (added seats prorated now, removed ones at the
// period's end), then Confirm.
import { Alert, Button, Card, Group, NumberInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BillingOverview, SeatPreview, Seats } from '@/generated/contract';
import { CONSTANTS } from '@/lib/domain';
import { codeOf, useCodeText } from '@/lib/errorText';
import { toast } from '@/lib/toast';
import { changeSeats, previewSeats } from '../api';
import { formatDate, formatMoney } from '../logic';

interface Props {
  orgId: number;
  seats: Seats;
  subscribed: boolean;
  onChanged: (overview: BillingOverview) => void;
  onChoosePlan: () => void;
}

export function SeatsCard({ orgId, seats, subscribed, onChanged, onChoosePlan }: Props) {
  const { t, i18n } = useTranslation('billing');
  const codeText = useCodeText();
  const lang = i18n.language;
  const [wanted, setWanted] = useState<string | number>(seats.seat_issued);
  const [preview, setPreview] = useState<SeatPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'preview' | 'confirm' | null>(null);
  const number = typeof wanted === 'number' ? wanted : Number.parseInt(wanted, 10);

  async function ask() {
    setError(null);
    setPreview(null);
    if (!Number.isFinite(number)) return setError(codeText('not_a_number'));
    if (number === seats.seat_issued) return setError(t('page.seats_same'));
    setBusy('preview');
    try {
      setPreview(await previewSeats(orgId, number));
    } catch (e) {
      setError(codeText(codeOf(e)));
    } finally {
      setBusy(null);
    }
  }

  async function confirm() {
    if (!preview) return;
    setError(null);
    setBusy('confirm');
    try {
      const overview = await changeSeats(orgId, preview.new_seats);
      setPreview(null);
      toast.success(t('page.seats_updated'));
      onChanged(overview);
    } catch (e) {
      setError(codeText(codeOf(e)));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Card withBorder radius="md" padding="lg" data-testid="seats-card">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('page.seats')}
        </Title>
        <SimpleGrid cols={3}>
          <div>
            <Text size="xs" c="dimmed">{t('page.seats_issued')}</Text>
            <Text fw={700} fz="xl" data-testid="seats-issued">{seats.seat_issued}</Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">{t('page.seats_used')}</Text>
            <Text fw={700} fz="xl" data-testid="seats-used">{seats.seats_used}</Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">{t('page.seats_pending')}</Text>
            <Text fw={700} fz="xl" data-testid="seats-pending">{seats.pending_seats ?? '—'}</Text>
          </div>
        </SimpleGrid>
        {!subscribed ? (
          <Group justify="space-between">
            <Text size="sm" c="dimmed">{t('page.seats_need_plan')}</Text>
            <Button size="xs" variant="light" onClick={onChoosePlan}>
              {t('page.choose_plan')}
            </Button>
          </Group>
        ) : (
          <>
            <Group align="flex-end" gap="sm">
              <NumberInput
                label={t('page.seats_new')}
                value={wanted}
                onChange={(v) => {
                  setWanted(v);
                  setPreview(null);
                }}
                min={CONSTANTS.minTeamSize}
                allowDecimal={false}
                allowNegative={false}
                w={200}
              />
              <Button variant="light" onClick={() => void ask()} loading={busy === 'preview'}>
                {t('page.seats_preview')}
              </Button>
            </Group>
            {preview && (
              <Alert color="blue" data-testid="seat-preview" title={t('page.seats_change', { from: preview.current_seats, to: preview.new_seats })}>
                <Stack gap="xs">
                  {preview.at_period_end ? (
                    <Text size="sm">{t('page.seats_at_period_end', { date: formatDate(preview.period_end, lang) })}</Text>
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
