// The only importer of the wasm module: every business rule the UI needs comes through here,
// computed by the same Rust functions the server runs.
import * as wasm from '../wasm-pkg/switchboard_wasm';

export type LanguageTag = 'en' | 'es' | 'hi' | 'id' | 'pt-BR' | 'pt-PT';

/** Stored preference, else the first browser language the product speaks, else English. */
export function resolveLanguage(
  stored: string | null,
  browserLanguages: readonly string[],
): LanguageTag {
  return wasm.resolveLanguage(stored ?? undefined, [...browserLanguages]) as LanguageTag;
}

/** The IANA zones an organisation may choose. */
export function offeredTimeZones(): string[] {
  return wasm.offeredTimeZones() as string[];
}
