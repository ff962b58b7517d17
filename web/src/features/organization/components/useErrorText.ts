// Turns a failed call into translated text: the rule code of the first field the server named,
// else the error's own code, from the `errors` catalogue; a code the catalogue lacks reads as
// the generic failure. Callers may give their own text for a code (a taken team name is a
// `conflict` the generic text would explain badly).
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodes } from '../logic';

export type ErrorOverrides = Partial<Record<string, string>>;

export function useErrorText() {
  const { t, i18n } = useTranslation('errors');
  const text = useCallback(
    (code: string, overrides: ErrorOverrides = {}) =>
      overrides[code] ?? (i18n.exists(code, { ns: 'errors' }) ? t(code) : t('internal')),
    [t, i18n],
  );
  const describe = useCallback(
    (err: unknown, overrides: ErrorOverrides = {}) => text(errorCodes(err)[0]?.code ?? 'internal', overrides),
    [text],
  );
  return { text, describe };
}
