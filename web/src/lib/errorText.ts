// The one way a failure becomes text: the code to explain (`codeOf`) and its translation from
// the `errors` catalogue (`useCodeText`), with the generic failure for a code the catalogue
// lacks. Codes come from the server or a domain rule at run time, so they are checked against
// the catalogue here rather than typed.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import { ApiError } from './api';

export type ErrorKey = ParseKeys<'errors'>;
export type CodeOverrides = Partial<Record<string, string>>;

/** The code to explain: the rule a field broke when the server names one, else the error's. */
export function codeOf(e: unknown): string {
  if (!(e instanceof ApiError)) return 'internal';
  return Object.values(e.fields)[0] ?? e.code;
}

/** The error's own code (`validation_failed`, `rate_limited`, …), ignoring the fields. */
export function errorCodeOf(e: unknown): string {
  return e instanceof ApiError ? e.code : 'internal';
}

/**
 * The limits messages name (`{{nameMax}}`, `{{tagMax}}`, …): the values the domain's rules check,
 * given by the rules' modules when they load (the manage tools' `manage_limits`), so a message
 * says the very limit the browser and the server enforce (issue #25).
 */
let ruleValues: Record<string, number> = {};

export function setRuleValues(values: Record<string, number>): void {
  ruleValues = { ...ruleValues, ...values };
}

export function getRuleValues(): Readonly<Record<string, number>> {
  return ruleValues;
}

/** Translates a code; `overrides` give a screen's own text for a code (empty for no code). */
export function useCodeText() {
  const { t, i18n } = useTranslation('errors');
  return useCallback(
    (code: string | null | undefined, overrides: CodeOverrides = {}): string => {
      if (!code) return '';
      const own = overrides[code];
      if (own !== undefined) return own;
      return i18n.exists(code, { ns: 'errors' }) ? t(code as ErrorKey, ruleValues) : t('internal');
    },
    [t, i18n],
  );
}
