// The one way the web app talks to the server: JSON over fetch with the session cookie. Every
// failure becomes an ApiError carrying the server's stable code, which the UI translates from
// the `errors` catalogue; a network failure has the code `network`.
import type { ErrorBody } from '@/generated/contract';

/** The one error shape of every failing answer (the generated contract type). */
export type ApiErrorBody = ErrorBody;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly fields: Record<string, string> = {},
    /** Seconds to wait before trying again, when the answer said (`Retry-After`). */
    readonly retryAfterS: number | null = null,
  ) {
    super(code);
    this.name = 'ApiError';
  }
}

/** The ApiError of a failed answer's status and parsed body (any shape; the code `internal`
 * when the body is not the error shape). */
export function apiErrorOf(status: number, body: unknown, retryAfter: string | null = null): ApiError {
  const err = (body as ApiErrorBody | undefined)?.error;
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(err?.fields ?? {})) if (v !== undefined) fields[k] = v;
  return new ApiError(status, err?.code ?? 'internal', fields, retryAfterSeconds(retryAfter));
}

/** `Retry-After` in seconds (its delay form; a date is read as the seconds until it), else null. */
export function retryAfterSeconds(header: string | null, now: number = Date.now()): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * The headers of a call: JSON's content type when there is a body, and the language the page is
 * shown in (`<html lang>`, set by i18n), so the server writes e-mails — a sign-in code, an
 * invitation — in it and remembers it as the person's language.
 */
export function requestHeaders(json: boolean): Record<string, string> {
  const headers: Record<string, string> = json ? { 'content-type': 'application/json' } : {};
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  if (lang) headers['accept-language'] = lang;
  return headers;
}

/** The language header alone, for calls made without `apiFetch` (uploads by XMLHttpRequest). */
export function languageHeader(): Record<string, string> {
  return requestHeaders(false);
}

export async function apiFetch<T>(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: init.method ?? 'GET',
      credentials: 'same-origin',
      headers: requestHeaders(init.body !== undefined),
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
    });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError(0, 'network');
  }
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  let body: unknown = undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!res.ok) {
    throw apiErrorOf(res.status, body, res.headers?.get('retry-after') ?? null);
  }
  return body as T;
}

/** Sends an unexpected browser error to the server log; never throws. */
export function reportClientError(message: string, stack?: string): void {
  void fetch('/api/client-errors', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ message: message.slice(0, 2000), path: window.location.pathname, stack }),
  }).catch(() => undefined);
}

/** `?a=1&b=x` from the defined values only (empty when none is). */
export function queryString(params: Record<string, string | number | null | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined) q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** A v1 call answered in the `result` envelope: its `data`. */
export async function resultData<T>(path: string, init?: Parameters<typeof apiFetch>[1]): Promise<T> {
  return (await apiFetch<{ result: boolean; data: T }>(path, init)).data;
}

export interface UploadOptions {
  /** The body's type, when it is a file's bytes (a form sets its own). */
  contentType?: string;
  /** The bytes sent, in percent: 0 at the start, then as they go. */
  onProgress?: (percent: number) => void;
  /** Every byte sent: the server is working on the file now. */
  onSent?: () => void;
  /** Aborts the upload; the promise then rejects with an AbortError. */
  signal?: AbortSignal;
}

/**
 * Uploads with XMLHttpRequest, which alone reports upload progress: POSTs `body` to `path` with
 * the session cookie and the page's language; a failure becomes the ApiError of its answer (the
 * code `network` when there is none).
 */
export function apiUpload<T>(path: string, body: XMLHttpRequestBodyInit, { contentType, onProgress, onSent, signal }: UploadOptions = {}): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    const headers = { ...(contentType ? { 'content-type': contentType } : {}), ...languageHeader() };
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    xhr.upload.onload = () => onSent?.();
    xhr.onerror = () => reject(new ApiError(0, 'network'));
    xhr.onabort = () => reject(signal?.aborted ? new DOMException('aborted', 'AbortError') : new ApiError(0, 'network'));
    xhr.onload = () => {
      let answer: unknown;
      try {
        answer = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        answer = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(answer as T);
      else reject(apiErrorOf(xhr.status, answer));
    };
    signal?.addEventListener('abort', () => xhr.abort());
    onProgress?.(0);
    xhr.send(body);
  });
}
