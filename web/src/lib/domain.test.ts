// The real wasm module, loaded the way the app loads it: the language rule gives the same
// verdicts as the Rust tests.
import { offeredTimeZones, resolveLanguage } from './domain';

describe('resolveLanguage (wasm)', () => {
  it('prefers the stored language', () => {
    expect(resolveLanguage('hi', ['es-ES'])).toBe('hi');
  });
  it('takes the first browser language the product speaks', () => {
    expect(resolveLanguage(null, ['fr-FR', 'id-ID'])).toBe('id');
  });
  it('tells Portugal from Brazil and defaults Portuguese to Brazil', () => {
    expect(resolveLanguage(null, ['pt-PT'])).toBe('pt-PT');
    expect(resolveLanguage(null, ['pt'])).toBe('pt-BR');
  });
  it('falls back to English', () => {
    expect(resolveLanguage('xx', ['de'])).toBe('en');
  });
});

describe('offeredTimeZones (wasm)', () => {
  it('includes the default zone', () => {
    expect(offeredTimeZones()).toContain('Asia/Kolkata');
  });
});
