import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// A lazily loaded page is transformed on its first import; on a loaded 2-core CI machine that
// alone can pass testing-library's default 1 s, so `findBy…` waits up to 5 s.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks these; Mantine reads them.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= NoopObserver as unknown as typeof ResizeObserver;
