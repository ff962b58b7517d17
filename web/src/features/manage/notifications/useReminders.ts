// The frame's reminder scheduler (issue #28, item 4): while someone is signed in it reads the
// current workspace's follow-up board and their notification settings now, every POLL_MS and when
// the window regains focus; every CHECK_MS (and after each read) it looks for entries whose notify
// time — the due time less the lead time — has come and that were not notified before, and tells
// the user: a toast, a tone when their sound setting is on, a system notification when the browser
// permits one. With notifications switched off nothing is shown, and what fell due meanwhile is
// recorded as seen so switching them on again does not replay it. Everything stops on sign-out
// (the hook's user goes null, or the frame unmounts).
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FollowUp, FollowUpBoard, NotificationSettings } from '@/generated/contract';
import * as api from '../planner/api';
import { relativeTime, remindAtMs } from '../planner/logic';
import { toast } from '@/lib/toast';
import { useSession } from '@/stores/session';
import { desktopNotify, playTone } from './alerts';
import { CHECK_MS, dueToNotify, MAX_SEPARATE, notifyKey, POLL_MS, readNotified, rememberNotified } from './due';

export interface Reminders {
  board: FollowUpBoard | null;
  settings: NotificationSettings | null;
  failed: boolean;
  /** The browser's clock at the last check (for Pending / Upcoming). */
  now: number;
  reload: () => Promise<void>;
  /** A board some call answered (tick, mark all, create, delete). */
  setBoard: (board: FollowUpBoard) => void;
}

export function useReminders(orgId: number | null, userId: number | null): Reminders {
  const { t, i18n } = useTranslation('planner');
  const [board, setBoardState] = useState<FollowUpBoard | null>(null);
  const [settings, setSettings] = useState<NotificationSettings | null>(null);
  const [failed, setFailed] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const boardRef = useRef<FollowUpBoard | null>(null);
  const settingsRef = useRef<NotificationSettings | null>(null);
  const live = useRef(true);

  const setBoard = useCallback((b: FollowUpBoard) => {
    boardRef.current = b;
    setBoardState(b);
  }, []);

  const signedIn = useCallback(() => live.current && userId !== null && useSession.getState().user?.id === userId, [userId]);

  const check = useCallback(() => {
    const current = boardRef.current;
    const at = Date.now();
    setNow(at);
    if (!current || userId === null || !signedIn()) return;
    const seen = readNotified(userId);
    const due = dueToNotify(current, at, seen);
    if (due.length === 0) return;
    rememberNotified(userId, due.map(notifyKey));
    const prefs = settingsRef.current;
    if (prefs && !prefs.enabled) return;
    const line = (f: FollowUp) => t('centre.due_now', { title: f.title, when: relativeTime(Date.parse(f.due_at), at, i18n.language) });
    const title = t('centre.desktop_title');
    if (due.length <= MAX_SEPARATE) {
      for (const f of due) {
        toast.info(line(f));
        desktopNotify(title, f.contact ? `${line(f)}\n${t('centre.contact', { contact: f.contact })}` : line(f), notifyKey(f));
      }
    } else {
      const many = t('centre.due_many', { count: due.length });
      toast.info(many);
      desktopNotify(title, many, `many@${remindAtMs(due[due.length - 1]!)}`);
    }
    if (prefs?.sound) playTone();
  }, [userId, signedIn, t, i18n.language]);

  const reload = useCallback(async () => {
    if (!signedIn()) return;
    const [b, s] = await Promise.all([api.getFollowUps(orgId).catch(() => null), api.getNotifications().catch(() => undefined)]);
    if (!signedIn()) return;
    if (s !== undefined) {
      settingsRef.current = s;
      setSettings(s);
    }
    if (b) {
      setFailed(false);
      setBoard(b);
      check();
    } else if (!boardRef.current) setFailed(true);
  }, [orgId, signedIn, setBoard, check]);

  useEffect(() => {
    live.current = true;
    if (userId === null) return;
    boardRef.current = null;
    setBoardState(null);
    void reload();
    const poll = window.setInterval(() => void reload(), POLL_MS);
    const tick = window.setInterval(check, CHECK_MS);
    const onFocus = () => void reload();
    window.addEventListener('focus', onFocus);
    // Signing out stops everything at once, before the frame goes.
    const unsubscribe = useSession.subscribe((s) => {
      if (s.user?.id !== userId) {
        live.current = false;
        window.clearInterval(poll);
        window.clearInterval(tick);
      }
    });
    return () => {
      live.current = false;
      window.clearInterval(poll);
      window.clearInterval(tick);
      window.removeEventListener('focus', onFocus);
      unsubscribe();
    };
  }, [userId, reload, check]);

  return { board, settings, failed, now, reload, setBoard };
}
