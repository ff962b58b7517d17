import { clearSessionStorage, readStored, STORED_KEYS, writeStored } from './storage';

describe('stored values (spec 000 §3, §4; 001 §4)', () => {
  it('logout clears every stored value but the language preference', () => {
    for (const k of STORED_KEYS) writeStored(k, 'x');
    clearSessionStorage();
    for (const k of STORED_KEYS) {
      expect(readStored(k), k).toBe(k === 'preferredLanguage' ? 'x' : null);
    }
  });

  it('includes the values the spec says logout clears', () => {
    expect(STORED_KEYS).toEqual(
      expect.arrayContaining(['currentOrgCode', 'currentOrgId', 'userMobile', 'currentOrgName', 'workspaceId']),
    );
  });
});
