// The organisation screen's error text: the shared code text (`@/lib/errorText`) of the first
// field the server named, else the error's own code. Callers may give their own text for a code
// (a taken team name is a `conflict` the generic text would explain badly).
import { useCallback } from 'react';
import { useCodeText, type CodeOverrides } from '@/lib/errorText';
import { errorCodes } from '../logic';

export type ErrorOverrides = CodeOverrides;

export function useErrorText() {
  const text = useCodeText();
  const describe = useCallback(
    (err: unknown, overrides: ErrorOverrides = {}) => text(errorCodes(err)[0]?.code ?? 'internal', overrides),
    [text],
  );
  return { text, describe };
}
