// An instant as the sync screens show it: relative ("5 minutes ago", "yesterday", "3 weeks
// ago") with the exact date and time for a hover title. Which calendar bucket an instant falls
// in (today, yesterday, n days/weeks/months/years) is the domain's `relative_time` rule, in the
// organisation's time zone; within today the minutes and hours are plain arithmetic, and the
// words come from the browser's Intl in the interface language.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useWorkspace } from '@/stores/workspace';
import { rule } from '@/lib/domain';

export interface When {
  relative: string;
  exact: string;
}

const UNIT = { days: 'day', weeks: 'week', months: 'month', years: 'year' } as const;

export function useWhen(): (ms: number, now?: number) => When {
  const { i18n } = useTranslation();
  const zone = useWorkspace((s) => s.org?.time_zone ?? null);
  return useCallback(
    (ms: number, now: number = Date.now()) => {
      const lang = i18n.language;
      const rtf = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' });
      let outcome = rule('relative_time', { value: ms, now, timeZone: zone });
      if (outcome.err !== undefined) outcome = rule('relative_time', { value: ms, now, timeZone: null });
      let relative: string;
      const bucket = outcome.ok ?? { unit: 'today' as const, n: 0 };
      if (bucket.unit === 'today') {
        const seconds = Math.max(0, Math.round((now - ms) / 1000));
        if (seconds < 60) relative = rtf.format(0, 'second');
        else if (seconds < 3600) relative = rtf.format(-Math.floor(seconds / 60), 'minute');
        else relative = rtf.format(-Math.floor(seconds / 3600), 'hour');
      } else if (bucket.unit === 'yesterday') {
        relative = rtf.format(-1, 'day');
      } else {
        relative = rtf.format(-bucket.n, UNIT[bucket.unit]);
      }
      let exact: string;
      try {
        exact = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'medium', timeZone: zone ?? undefined }).format(ms);
      } catch {
        exact = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'medium' }).format(ms);
      }
      return { relative, exact };
    },
    [i18n.language, zone],
  );
}
