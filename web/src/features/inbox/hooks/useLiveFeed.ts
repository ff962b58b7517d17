// The inbox's live feed: one EventSource on /api/inbox/events for the organisation while the
// screen is open. The browser reconnects by itself when a stream ends (the server closes each
// after a few minutes) and sends `Last-Event-ID`, so the server resumes without a gap; each
// (re)connection also reads the list again, covering whatever came before the stream started.
// Returns whether the feed is connected, which the screen shows.
import { useEffect, useState } from 'react';
import * as api from '../api';
import { eventData } from '../logic';
import { useInbox } from '../stores/inbox';

/** The events the server sends (docs/API.md 'GET /api/inbox/events'). */
export const EVENT_KINDS = ['message', 'ack', 'assignment', 'conversation', 'state', 'overdue', 'task'] as const;

export function useLiveFeed(orgId: number | null, onState?: () => void): boolean {
  const onEvent = useInbox((s) => s.onEvent);
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (orgId === null || typeof EventSource === 'undefined') return;
    const source = new EventSource(api.eventsUrl(orgId), { withCredentials: true });
    source.onopen = () => {
      setLive(true);
      onEvent('resync', null);
    };
    source.onerror = () => setLive(source.readyState === EventSource.OPEN);
    const handlers = EVENT_KINDS.map((kind) => {
      const handler = (e: MessageEvent<string>) => {
        onEvent(kind, eventData(e.data));
        if (kind === 'state') onState?.();
      };
      source.addEventListener(kind, handler);
      return [kind, handler] as const;
    });
    return () => {
      for (const [kind, handler] of handlers) source.removeEventListener(kind, handler);
      source.close();
      setLive(false);
    };
  }, [orgId, onEvent, onState]);
  return live;
}
