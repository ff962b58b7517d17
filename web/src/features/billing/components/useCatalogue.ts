// What a plan list needs from the server, none of it behind a sign-in: the plans (kept in the
// billing store, so the list the frame loaded is not asked for again), the add-ons,
// the visitor's currency (001 §7 item 9) and, for a chosen currency, its localisation (item 6)
// or the exchange rates (item 7). Each load has its loading and failure state.
import { useCallback, useEffect, useState } from 'react';
import type { Plan, TeamAddon } from '@/generated/contract';
import { fetchAddons, fetchExchangeRates, fetchLocalizedCurrency, fetchVisitorCurrency } from '../api';
import { conversionFor, USD, type Conversion } from '../logic';
import { usePlanList } from '@/stores/plans';

export type LoadPhase = 'loading' | 'ready' | 'error';

interface Catalogue {
  phase: LoadPhase;
  plans: Plan[];
  addons: TeamAddon[];
  /** The visitor's currency, USD when unknown. */
  visitorCurrency: string;
  retry: () => void;
}

export function useCatalogue(): Catalogue {
  const [phase, setPhase] = useState<LoadPhase>('loading');
  const [plans, setPlans] = useState<Plan[]>([]);
  const [addons, setAddons] = useState<TeamAddon[]>([]);
  const [visitorCurrency, setVisitorCurrency] = useState('USD');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const ctl = new AbortController();
    setPhase('loading');
    Promise.all([
      // The list the frame loaded (001 §2), or loaded now for both.
      usePlanList.getState().loadPlans(),
      fetchAddons(ctl.signal),
      // 001 §8: a failed currency lookup falls back to none (US dollars).
      fetchVisitorCurrency(ctl.signal).catch(() => ({ currency: null, country: null })),
    ])
      .then(([p, a, v]) => {
        if (ctl.signal.aborted) return;
        setPlans(p);
        setAddons(a);
        setVisitorCurrency(v.currency ?? 'USD');
        setPhase('ready');
      })
      .catch((e: unknown) => {
        if (!ctl.signal.aborted && !(e instanceof DOMException && e.name === 'AbortError')) setPhase('error');
      });
    return () => ctl.abort();
  }, [attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { phase, plans, addons, visitorCurrency, retry };
}

/**
 * The conversion of `currency`: its localisation when it has one (INR), else the exchange rate;
 * while it loads (or when both lookups fail, 001 §8) prices stay in US dollars.
 */
export function useConversion(currency: string): { conversion: Conversion; converting: boolean } {
  const [state, setState] = useState<{ for: string; conversion: Conversion } | null>(null);

  useEffect(() => {
    if (currency === 'USD') return;
    const ctl = new AbortController();
    (async () => {
      const localized = await fetchLocalizedCurrency(currency, ctl.signal).catch(() => null);
      const message = localized?.status ? localized.message : null;
      const rates = message ? null : await fetchExchangeRates(ctl.signal).then((r) => r.conversion_rates, () => null);
      if (!ctl.signal.aborted) setState({ for: currency, conversion: conversionFor(currency, message, rates) });
    })().catch(() => undefined);
    return () => ctl.abort();
  }, [currency]);

  if (currency === 'USD') return { conversion: USD, converting: false };
  if (state?.for === currency) return { conversion: state.conversion, converting: false };
  return { conversion: USD, converting: true };
}
