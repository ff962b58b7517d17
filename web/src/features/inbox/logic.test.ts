import { describe, expect, test } from 'vitest';
import type { Conversation, InboxMessage } from '@/generated/contract';
import { appendPage, applyAck, chatLines, eventData, isTab, mergeAck, mergeFirstPage, mergeMessages, notePieces, TABS, withMention } from './logic';

const conv = (id: number, at: string): Conversation => ({
  id,
  channel: 'shared',
  created_by_user: null,
  chat_id: `${id}@c.us`,
  contact: `+${id}`,
  name: null,
  is_group: false,
  standing: 'needs_reply',
  assignee_id: null,
  last_message_at: at,
  preview: null,
  unread: false,
});

const msg = (id: number, at: string, over: Partial<InboxMessage> = {}): InboxMessage => ({
  id,
  kind: 'message',
  outbound: false,
  author_id: null,
  sender: null,
  body: `m${id}`,
  media_name: null,
  media_type: null,
  media_ready: false,
  ack: 'read',
  error: null,
  sent_at: at,
  ...over,
});

test('the tabs are the spec’s twelve, in its order', () => {
  expect(TABS).toEqual(['all', 'unread', 'groups', 'scheduled', 'followup', 'mentions', 'needs_reply', 'awaiting_reply', 'tasks', 'open', 'hub_contacts', 'hub_lifecycle']);
  expect(isTab('mentions')).toBe(true);
  expect(isTab('Mentions')).toBe(false);
  expect(isTab(null)).toBe(false);
});

describe('acks only move forward', () => {
  test.each([
    ['queued', 'sent', 'sent'],
    ['sent', 'read', 'read'],
    ['read', 'delivered', 'read'],
    ['delivered', 'sent', 'delivered'],
    ['queued', 'failed', 'failed'],
    ['sent', 'failed', 'failed'],
    ['delivered', 'failed', 'delivered'],
    ['failed', 'delivered', 'delivered'],
    ['failed', 'queued', 'failed'],
  ])('%s then %s is %s', (a, b, out) => expect(mergeAck(a, b)).toBe(out));
});

test('a fresh first page goes on top; older loaded rows after it stay, none twice', () => {
  const loaded = [conv(5, '2030-01-05'), conv(4, '2030-01-04'), conv(3, '2030-01-03'), conv(2, '2030-01-02')];
  // 3 got a new message and moved to the top; the first page now holds 3, 5.
  const fresh = [conv(3, '2030-01-06'), conv(5, '2030-01-05')];
  expect(mergeFirstPage(loaded, fresh).map((c) => c.id)).toEqual([3, 5, 4, 2]);
  expect(mergeFirstPage(loaded, [])).toEqual([]);
  expect(appendPage(loaded.slice(0, 2), [conv(4, '2030-01-04'), conv(1, '2030-01-01')]).map((c) => c.id)).toEqual([5, 4, 1]);
});

test('messages merge by id, newest first, an ack never moving back', () => {
  const have = [msg(2, '2030-01-02T00:00:00Z', { outbound: true, ack: 'read' }), msg(1, '2030-01-01T00:00:00Z')];
  const out = mergeMessages(have, [msg(3, '2030-01-03T00:00:00Z'), msg(2, '2030-01-02T00:00:00Z', { outbound: true, ack: 'sent' })]);
  expect(out.map((m) => m.id)).toEqual([3, 2, 1]);
  expect(out[1]!.ack).toBe('read');
  expect(applyAck(out, 2, 'delivered')[1]!.ack).toBe('read');
  expect(applyAck([msg(9, 'x', { ack: 'sent' })], 9, 'delivered')[0]!.ack).toBe('delivered');
});

test('mentions read as names; unknown ids stay as written', () => {
  const names = new Map([[7, 'Asha']]);
  expect(notePieces('hi @[7], see @[8]', names)).toEqual([{ text: 'hi ' }, { mention: 7, name: 'Asha' }, { text: ', see @[8]' }]);
  expect(withMention('', 7)).toBe('@[7] ');
  expect(withMention('ask', 7)).toBe('ask @[7] ');
  expect(withMention('ask ', 7)).toBe('ask @[7] ');
});

test('the AI suggestion reads the last messages oldest first, not notes', () => {
  const list = [msg(3, 'c', { outbound: true, body: 'ok' }), msg(2, 'b', { kind: 'note', body: 'internal' }), msg(1, 'a', { body: 'price?' })];
  expect(chatLines(list)).toEqual([
    { text: 'price?', direction: 'INCOMING' },
    { text: 'ok', direction: 'OUTGOING' },
  ]);
});

test('event data is a JSON object or nothing', () => {
  expect(eventData('{"conversation_id":4}')).toEqual({ conversation_id: 4 });
  expect(eventData('[1]')).toBeNull();
  expect(eventData('nope')).toBeNull();
});
