// The new organisation's zone starts as the creator's browser's (issue #25).
import { afterEach, expect, test, vi } from 'vitest';
import { browserZone } from './pages/CreateOrganisationPage';

const zones = ['America/Mexico_City', 'Asia/Kolkata', 'Europe/Madrid', 'UTC'];

function browserIn(zone: string) {
  const real = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...real.call(this), timeZone: zone };
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

test("an offered zone is the browser's own", () => {
  browserIn('America/Mexico_City');
  expect(browserZone(zones)).toBe('America/Mexico_City');
});

test('another zone becomes the offered one at the same offset now, else the default', () => {
  browserIn('Europe/Brussels');
  expect(browserZone(zones, new Date('2026-01-15T12:00:00Z'))).toBe('Europe/Madrid');
  browserIn('Pacific/Chatham');
  expect(browserZone(zones, new Date('2026-01-15T12:00:00Z'))).toBe('Asia/Kolkata');
});
