// The screen's pure rules: matched words cut at the right characters from UTF-8 byte ranges
// (accents, CJK and emoji included), personal data masked without moving the highlights, the
// attachment rule, and suggested-question topics.
import { expect, test } from 'vitest';
import { attachmentError, highlightPieces, maskPersonal, spokenName, suggestionTopics } from './logic';
import { doc } from './testing';

const marked = (passage: string, highlights: Array<[number, number]>, shown?: string) =>
  highlightPieces(passage, highlights, shown).filter((p) => p.mark).map((p) => p.text);

test('ASCII byte ranges are the characters', () => {
  const passage = 'Refunds are accepted within 45 days of delivery.';
  expect(marked(passage, [[0, 7], [31, 35]])).toEqual(['Refunds', 'days']);
  expect(highlightPieces(passage, [[0, 7]]).map((p) => p.text).join('')).toBe(passage);
});

test('non-ASCII passages: byte offsets become the right string indices', () => {
  // "Café à 45 días": é and à and í are two bytes each, so "días" is bytes 12..17 but
  // characters 10..14.
  expect(marked('Café à 45 días', [[12, 17]])).toEqual(['días']);
  // Devanagari: three bytes per character. "वापसी 45 दिन": "दिन" starts at byte 19.
  expect(marked('वापसी 45 दिन', [[19, 28]])).toEqual(['दिन']);
  // An emoji is four bytes and two UTF-16 units.
  expect(marked('😀 refund within 45 days', [[5, 11], [22, 26]])).toEqual(['refund', 'days']);
});

test('overlapping ranges merge; ranges off a character boundary or past the end are ignored', () => {
  expect(marked('Refunds are accepted', [[0, 4], [2, 7]])).toEqual(['Refunds']);
  expect(marked('Café', [[4, 5]])).toEqual([]); // byte 4 is inside é
  expect(marked('Café', [[0, 99]])).toEqual([]);
  expect(marked('Café', [[3, 5]])).toEqual(['é']);
});

test('masking hides e-mails and phone numbers and keeps the text length, so highlights stay put', () => {
  const text = 'Write to ana.silva@acme.test or call +91 98123 45678 within 45 days (since 2024-01-15).';
  const masked = maskPersonal(text);
  expect(masked).not.toContain('ana.silva');
  expect(masked).not.toContain('acme.test');
  expect(masked).not.toContain('98123');
  expect(masked).toContain('45 days');
  expect(masked).toContain('2024-01-15');
  expect(masked.length).toBe(text.length);
  // "within" is found at the same place in the masked text.
  const start = new TextEncoder().encode(text.slice(0, text.indexOf('within'))).length;
  expect(marked(text, [[start, start + 6]], masked)).toEqual(['within']);
});

test('the attachment rule refuses what is not a PDF or over 15 MB', () => {
  expect(attachmentError({ name: 'a.pdf', type: 'application/pdf', size: 15_728_640 })).toBeNull();
  expect(attachmentError({ name: 'a.pdf', type: 'application/pdf', size: 15_728_641 })).toBe('attachment_not_supported');
  expect(attachmentError({ name: 'notes.txt', type: 'text/plain', size: 10 })).toBe('attachment_not_supported');
});

test('suggested questions are built from the documents’ names', () => {
  expect(spokenName('refund_policy-2030.PDF')).toBe('refund policy 2030');
  expect(suggestionTopics([doc({ id: 2, name: 'Returns.pdf' }), doc({ id: 3, name: 'returns.pdf' }), doc()])).toEqual([
    'Returns',
    'refund policy',
  ]);
});
