// The knowledge-base screen's pure rules: the matched words of a citation as string pieces
// (the server gives UTF-8 byte ranges), personal data masked on screen, the attachment check
// before an upload, suggested questions from the documents' names, and sizes for people.
import type { Citation, KbDocument } from '@/generated/contract';
import { rule, type RuleErrorCode } from '@/lib/domain';

/** A piece of a passage: plain or one of the matched words. */
export interface Piece {
  text: string;
  mark: boolean;
}

/** UTF-16 index of every UTF-8 byte offset that starts a code point (and of the end). */
function byteToIndex(text: string): Map<number, number> {
  const map = new Map<number, number>();
  let bytes = 0;
  let index = 0;
  for (const ch of text) {
    map.set(bytes, index);
    const cp = ch.codePointAt(0) ?? 0;
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    index += ch.length;
  }
  map.set(bytes, index);
  return map;
}

/**
 * Splits `passage` at the `[start, end)` UTF-8 byte ranges of `highlights` (sorted, overlaps
 * merged); a range off a character boundary or past the end is ignored, never mis-cut. The
 * pieces are cut from `shown` — the passage as displayed (masked), of the same length.
 */
export function highlightPieces(
  passage: string,
  highlights: ReadonlyArray<readonly [number, number]>,
  shown: string = passage,
): Piece[] {
  const at = byteToIndex(passage);
  const ranges = highlights
    .map(([s, e]) => [at.get(s), at.get(e)] as const)
    .filter((r): r is readonly [number, number] => r[0] !== undefined && r[1] !== undefined && r[0] < r[1])
    .sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const [s, e] of ranges) {
    const last = merged[merged.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else merged.push([s, e]);
  }
  const pieces: Piece[] = [];
  let cursor = 0;
  for (const [s, e] of merged) {
    if (s > cursor) pieces.push({ text: shown.slice(cursor, s), mark: false });
    pieces.push({ text: shown.slice(s, e), mark: true });
    cursor = e;
  }
  if (cursor < shown.length) pieces.push({ text: shown.slice(cursor), mark: false });
  return pieces;
}

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;
const PHONE = /\+?\(?\d[\d\s().-]{5,}\d/g;
const DATE = /^\d{4}[-./]\d{1,2}[-./]\d{1,2}$|^\d{1,2}[-./]\d{1,2}[-./]\d{4}$/;
const hide = (s: string) => s.replace(/[^\s]/g, '•');

/**
 * E-mail addresses and phone numbers (7 to 15 digits, not a date) with every character but
 * spaces replaced by a dot. The text keeps its length, so highlights computed on the original
 * still fall on the same characters.
 */
export function maskPersonal(text: string): string {
  return text.replace(EMAIL, hide).replace(PHONE, (m) => {
    const digits = m.replace(/\D/g, '').length;
    return digits >= 7 && digits <= 15 && !DATE.test(m.trim()) ? hide(m) : m;
  });
}

/** The domain's attachment rule (000 §5: PDF only, at most 15 MB): the code it broke, or null. */
export function attachmentError(file: Pick<File, 'name' | 'type' | 'size'>): RuleErrorCode | null {
  const outcome = rule('chat_attachment', { name: file.name, mimeType: file.type, size: file.size });
  return outcome.err ?? null;
}

/** A document's name as people say it: without `.pdf`, dashes and underscores as spaces. */
export function spokenName(name: string): string {
  return name.replace(/\.pdf$/i, '').replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').trim();
}

/** The names suggested questions are built from: the newest documents first, at most `max`. */
export function suggestionTopics(docs: readonly KbDocument[], max = 4): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const d of docs) {
    const name = spokenName(d.name);
    if (!name || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    out.push(name);
    if (out.length === max) break;
  }
  return out;
}

/** Bytes as KB or MB with one decimal (the documents list). */
export function formatSize(bytes: number, lang: string): string {
  const nf = new Intl.NumberFormat(lang, { maximumFractionDigits: 1 });
  if (bytes < 1024 * 1024) return `${nf.format(Math.max(bytes, 1) / 1024)} KB`;
  return `${nf.format(bytes / (1024 * 1024))} MB`;
}

/** The citations of one answer, one per document page (the best passage of each page kept). */
export function citationsByPage(citations: readonly Citation[]): Citation[] {
  const seen = new Set<string>();
  return citations.filter((c) => {
    const key = `${c.document_id}:${c.page}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
