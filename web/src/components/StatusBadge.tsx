// A settled-or-not status in a table cell: green with what settled it, red otherwise (a failed
// payment resolved by a later one, or still open).
import { Badge } from '@mantine/core';

export function StatusBadge({ ok, okText, notOkText }: { ok: boolean; okText: string; notOkText: string }) {
  return (
    <Badge color={ok ? 'green' : 'red'} variant="light">
      {ok ? okText : notOkText}
    </Badge>
  );
}
