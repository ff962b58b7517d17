// The billing history as sentences (issue #25): each line's kind and details from the server
// (`/api/billing/history`) become one translated sentence and its details — plan from → to,
// seats from → to, amounts in their currency, who and why for an operator's change — never a
// raw key. Plain functions over `t`, so they are testable without rendering.
import type { TFunction } from 'i18next';
import type { HistoryEntry } from '@/generated/contract';
import { formatCount, formatDateTime, formatMoney } from './logic';

export interface HistoryLine {
  sentence: string;
  details: string[];
}

type T = TFunction<'billing'>;

/** The sentence and details of one history line, in the language and the zone given. */
export function historyLine(h: HistoryEntry, t: T, lang: string, timeZone: string | null | undefined): HistoryLine {
  const d = h.detail;
  const n = (v: number | null) => (v === null ? '' : formatCount(v, lang));
  const money = (minor: number | null, currency: string | null) =>
    minor !== null && currency ? formatMoney(minor, currency, lang) : null;
  const when = (at: string | null) => formatDateTime(at, lang, timeZone);
  const details: string[] = [];
  const amount = money(d.amount_minor, d.currency);
  const plan = d.plan_to ?? t('history_line.a_plan');
  const status = () => {
    if (!d.status || d.status === 'active') return;
    const key = `history_line.status_${d.status}`;
    const known = ['trialing', 'past_due', 'canceled', 'unpaid', 'incomplete', 'incomplete_expired', 'paused'];
    details.push(
      t('history_line.status', {
        status: known.includes(d.status) ? t(key as 'history_line.status_trialing') : d.status,
      }),
    );
  };
  const perPeriod = () => {
    if (!amount) return;
    details.push(
      d.interval === 'year'
        ? t('history_line.amount_year', { amount })
        : t('history_line.amount_month', { amount }),
    );
  };
  let sentence: string;
  switch (h.kind) {
    case 'subscription_started':
      sentence =
        d.seats_to !== null
          ? t('history_line.subscription_started_seats', { plan, count: d.seats_to, seats: n(d.seats_to) })
          : t('history_line.subscription_started', { plan });
      perPeriod();
      status();
      break;
    case 'subscription_updated':
      if (d.plan_from !== null && d.plan_to !== null) {
        sentence = t('history_line.plan_changed', { from: d.plan_from, to: d.plan_to });
        if (d.seats_from !== null && d.seats_to !== null)
          details.push(t('history_line.seats_from_to', { from: n(d.seats_from), to: n(d.seats_to) }));
      } else if (d.seats_from !== null && d.seats_to !== null) {
        sentence = t('history_line.subscription_seats', { plan, from: n(d.seats_from), to: n(d.seats_to) });
      } else {
        sentence = t('history_line.subscription_updated', { plan });
      }
      perPeriod();
      status();
      break;
    case 'subscription_ended':
      sentence = t('history_line.subscription_ended', { plan });
      break;
    case 'invoice_paid':
      sentence = amount ? t('history_line.invoice_paid_amount', { amount }) : t('history_line.invoice_paid');
      break;
    case 'payment_failed':
      sentence = amount ? t('history_line.payment_failed_amount', { amount }) : t('history_line.payment_failed');
      break;
    case 'seats_added':
      sentence = t('history_line.seats_added', { from: n(d.seats_from), to: n(d.seats_to) });
      if (amount) details.push(t('history_line.charged_now', { amount }));
      break;
    case 'seats_removal_scheduled':
      sentence = t('history_line.seats_removal_scheduled', { from: n(d.seats_from), to: n(d.seats_to) });
      if (d.effective_at) details.push(t('history_line.takes_effect', { date: when(d.effective_at) }));
      break;
    case 'seats_removal_cancelled':
      sentence = t('history_line.seats_removal_cancelled', { from: n(d.seats_from), to: n(d.seats_to) });
      break;
    case 'changed_by_operator':
      sentence = d.by ? t('history_line.operator', { by: d.by }) : t('history_line.operator_unnamed');
      if (d.plan_from !== null && d.plan_to !== null)
        details.push(t('history_line.plan_from_to', { from: d.plan_from, to: d.plan_to }));
      if (d.seats_from !== null && d.seats_to !== null)
        details.push(t('history_line.seats_from_to', { from: n(d.seats_from), to: n(d.seats_to) }));
      if (d.trial_to !== null) details.push(t(d.trial_to ? 'history_line.trial_on' : 'history_line.trial_off'));
      if (d.valid_to !== null) details.push(t('history_line.valid_to', { date: when(d.valid_to) }));
      else if (d.valid_from !== null) details.push(t('history_line.valid_removed'));
      if (d.reason) details.push(t('history_line.reason', { reason: d.reason }));
      break;
    default:
      sentence = t('history_line.other');
  }
  return { sentence, details };
}
