// A rule or server error code as translated text, from the `errors` catalogue.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';

export function useRuleText() {
  const { t, i18n } = useTranslation('errors');
  return useCallback(
    (code: string | undefined | null) =>
      code ? (i18n.exists(code, { ns: 'errors' }) ? t(code) : t('internal')) : '',
    [t, i18n],
  );
}

/** The code to explain: the rule a field broke when the server names one, else the error's. */
export function codeOf(e: unknown): string {
  if (!(e instanceof ApiError)) return 'internal';
  return Object.values(e.fields)[0] ?? e.code;
}
