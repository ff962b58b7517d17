// The Mantine theme. Badges keep the case their text was written in (issue #25): many show what
// people typed (property options, funnel stages, labels), and forcing capitals changed it.
import { Badge, createTheme } from '@mantine/core';

// The primary shade is 7: white text on it, and it as text on white, pass WCAG AA's 4.5:1
// (shade 6, Mantine's default, is 4.3:1; issue #28, Lighthouse accessibility).
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: 7,
  fontFamily: 'system-ui, sans-serif',
  components: {
    Badge: Badge.extend({ defaultProps: { tt: 'none' } }),
  },
});
