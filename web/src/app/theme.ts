// The Mantine theme. Badges keep the case their text was written in (issue #25): many show what
// people typed (property options, funnel stages, labels), and forcing capitals changed it.
import { Badge, createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  fontFamily: 'system-ui, sans-serif',
  components: {
    Badge: Badge.extend({ defaultProps: { tt: 'none' } }),
  },
});
