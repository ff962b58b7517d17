// The ways a due reminder reaches the signed-in user besides the toast: a short tone made with
// WebAudio (nothing downloaded, nothing hot-linked), and the browser's Notification API, used only
// once the user has granted it — and asked only from a click (`askDesktopPermission`).

type Permission = NotificationPermission | 'unsupported';

/** The page's Notification permission, or 'unsupported' where the API is missing. */
export function desktopPermission(): Permission {
  return typeof window !== 'undefined' && 'Notification' in window ? window.Notification.permission : 'unsupported';
}

/** Asks for the Notification permission (call from a user gesture); answers the new state. */
export async function askDesktopPermission(): Promise<Permission> {
  if (desktopPermission() === 'unsupported') return 'unsupported';
  try {
    return await window.Notification.requestPermission();
  } catch {
    return desktopPermission();
  }
}

/** Shows a system notification when permitted; a click brings the app's tab forward. */
export function desktopNotify(title: string, body: string, tag: string): boolean {
  if (desktopPermission() !== 'granted') return false;
  try {
    const n = new window.Notification(title, { body, tag });
    n.onclick = () => {
      window.focus();
      n.close();
    };
    return true;
  } catch {
    // Some browsers allow the API only from a service worker: the toast and sound still happen.
    return false;
  }
}

let context: AudioContext | null = null;

/** A two-note chime, about a third of a second; silent where WebAudio is missing or not yet allowed. */
export function playTone(): boolean {
  const Ctx = typeof window !== 'undefined' ? (window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext) : undefined;
  if (!Ctx) return false;
  // Before the page's first click or key press the browser refuses audio (and says so on the
  // console): the toast and the system notification still tell the user.
  if (navigator.userActivation && !navigator.userActivation.hasBeenActive) return false;
  try {
    context ??= new Ctx();
    const ctx = context;
    if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
    const start = ctx.currentTime;
    [880, 1320].forEach((hz, i) => {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      const at = start + i * 0.16;
      osc.type = 'sine';
      osc.frequency.setValueAtTime(hz, at);
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.2, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.15);
      osc.connect(gain).connect(ctx.destination);
      osc.start(at);
      osc.stop(at + 0.16);
    });
    return true;
  } catch {
    return false;
  }
}
