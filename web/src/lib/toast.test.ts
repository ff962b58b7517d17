import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { TOAST_MS, TOAST_POSITION, TOAST_STYLE } from './toast';

const SRC = join(__dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name.startsWith('wasm') ? [] : sources(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('toasts (spec 000 §1, §9)', () => {
  it('sit at the bottom centre and close after 2 seconds', () => {
    expect(TOAST_POSITION).toBe('bottom-center');
    expect(TOAST_MS).toBe(2000);
  });

  it('have one style: every kind a colour and an icon', () => {
    for (const style of Object.values(TOAST_STYLE)) {
      expect(style.color).toBeTruthy();
      expect(style.icon).toBeTruthy();
    }
  });

  it('are shown only through the one helper (issue #25)', () => {
    // The app's root and the tests' render helpers mount the toasts' outlet; only the helper shows one.
    const allowed = new Set(['lib/toast.ts', 'app/App.tsx', 'main.tsx']);
    const offenders = sources(SRC)
      .filter((f) => readFileSync(f, 'utf8').includes('@mantine/notifications'))
      .map((f) => relative(SRC, f))
      .filter((f) => !allowed.has(f) && !/(^|\/)testing(\.tsx|\/)/.test(f));
    expect(offenders).toEqual([]);
  });
});
