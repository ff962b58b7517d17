// A person's avatar: their photo once it has loaded, their initial until then or instead.
// 000 §8: an image address that does not answer within 5 000 ms, or does not load, is logged
// and the default avatar kept — a broken link never shows as a broken image.
import { Avatar, type AvatarProps } from '@mantine/core';
import { useEffect, useState } from 'react';
import { reportClientError } from '@/lib/api';

/** How long a photo may take to load before the default avatar stays (000 §8). */
export const PHOTO_TIMEOUT_MS = 5_000;

/** Addresses already found broken this page life: not tried, nor logged, again. */
const broken = new Set<string>();

/** Whether `src` loads as an image within the time allowed. */
export function useReachableImage(src: string | null | undefined): string | null {
  const [ready, setReady] = useState<string | null>(null);
  useEffect(() => {
    if (!src || broken.has(src)) {
      setReady(null);
      return;
    }
    let settled = false;
    const img = new Image();
    const fail = (why: string) => {
      if (settled) return;
      settled = true;
      broken.add(src);
      reportClientError(`profile image not shown (${why}): ${src.slice(0, 300)}`);
      setReady(null);
    };
    const timer = window.setTimeout(() => fail('timeout'), PHOTO_TIMEOUT_MS);
    img.onload = () => {
      if (settled) return;
      settled = true;
      window.clearTimeout(timer);
      setReady(src);
    };
    img.onerror = () => {
      window.clearTimeout(timer);
      fail('error');
    };
    img.src = src;
    return () => {
      settled = true;
      window.clearTimeout(timer);
      img.onload = null;
      img.onerror = null;
    };
  }, [src]);
  return ready === src ? ready : null;
}

/** Forgets the addresses found broken (tests). */
export function resetBrokenImages() {
  broken.clear();
}

export function UserAvatar({
  src,
  person,
  ...props
}: { src: string | null | undefined; person: string | null | undefined } & Omit<AvatarProps, 'src' | 'name'>) {
  const shown = useReachableImage(src);
  return (
    <Avatar src={shown} alt="" data-photo={shown ? 'photo' : 'initial'} {...props}>
      {(person ?? '?').slice(0, 1).toUpperCase()}
    </Avatar>
  );
}
