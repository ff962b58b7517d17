// The manage tools' pure pieces: tabs and their addresses, inserting a variable at the caret,
// the label tree, what a refusal means for a form, and a chat note or doc checked before it is
// sent.
import { ApiError } from '@/lib/api';
import { insertVariable, labelTree, noteDraft, noteName, parentChoices, refusalOf, tabOf, TAB_PATHS, valueIndex, attachmentError, formatWhen } from './logic';
import { label, systemLabel } from './testing';

describe('manage logic', () => {
  it('maps every tab to its address and back; anything else is Quick Replies', () => {
    for (const [tab, path] of Object.entries(TAB_PATHS)) expect(tabOf(path)).toBe(tab);
    expect(tabOf('/labels/')).toBe('labels');
    expect(tabOf('/quick-replies/other')).toBe('quick_replies');
  });

  it('inserts a variable at the caret, or at the end without one', () => {
    expect(insertVariable('Hello !', 6, 'first_name')).toEqual({ text: 'Hello {{first_name}}!', caret: 20 });
    expect(insertVariable('Hi ', null, 'my_name')).toEqual({ text: 'Hi {{my_name}}', caret: 14 });
  });

  it('nests sublabels under their parent and offers only editable main labels as parents', () => {
    const vip = label({ id: 1, name: 'VIP' });
    const gold = label({ id: 2, name: 'Gold', parent_id: 1 });
    const orphan = label({ id: 3, name: 'Orphan', parent_id: 99 });
    const shared = label({ id: 4, name: 'Shared', kind: 'shared', editable: false });
    const tree = labelTree([systemLabel, vip, gold, orphan, shared]);
    expect(tree.map((n) => [n.label.name, n.children.map((c) => c.name)])).toEqual([
      ['new_customer', []],
      ['VIP', ['Gold']],
      ['Orphan', []],
      ['Shared', []],
    ]);
    expect(parentChoices([systemLabel, vip, gold, shared], null).map((l) => l.name)).toEqual(['VIP']);
    expect(parentChoices([systemLabel, vip, gold], 1)).toEqual([]);
  });

  it('reads a refusal: a field of a 422, the upgrade prompt of a 402, the role of a 403', () => {
    expect(refusalOf(new ApiError(422, 'validation_failed', { name: 'quick_reply_name_invalid' }))).toEqual({ kind: 'field', field: 'name', code: 'quick_reply_name_invalid' });
    expect(refusalOf(new ApiError(409, 'conflict', { name: 'label_name_taken' }))).toEqual({ kind: 'field', field: 'name', code: 'label_name_taken' });
    expect(refusalOf(new ApiError(402, 'plan_limit_reached', { plan: 'labels' }))).toEqual({ kind: 'limit', plan: 'labels' });
    expect(refusalOf(new ApiError(403, 'forbidden', { role: 'label_admin_only' }))).toEqual({ kind: 'general', code: 'label_admin_only' });
    expect(refusalOf(new ApiError(0, 'network'))).toEqual({ kind: 'general', code: 'network' });
    expect(refusalOf(new Error('boom'))).toEqual({ kind: 'general', code: 'internal' });
    expect(valueIndex('values[3]')).toBe(3);
    expect(valueIndex('name')).toBeNull();
  });

  it('checks a note or doc: a body always, a title for a doc; trimmed, an empty title null', () => {
    expect(noteDraft('note', '  ', '  Call back  ')).toEqual({ ok: { title: null, body: 'Call back' } });
    expect(noteDraft('note', '', ' \n ')).toEqual({ err: { field: 'body', code: 'fields_required' } });
    expect(noteDraft('note', 'x', 'y'.repeat(20_001))).toEqual({ err: { field: 'body', code: 'fields_required' } });
    expect(noteDraft('doc', ' ', 'Prices')).toEqual({ err: { field: 'title', code: 'fields_required' } });
    expect(noteDraft('doc', ' Price list ', 'Widget: 100')).toEqual({ ok: { title: 'Price list', body: 'Widget: 100' } });
    expect(noteDraft('doc', 't'.repeat(300), 'b')).toEqual({ ok: { title: 't'.repeat(240), body: 'b' } });
  });

  it("names a note by its title, else its body's first line (cut at 40 characters)", () => {
    expect(noteName({ title: 'Budget', body: 'About 50k' })).toBe('Budget');
    expect(noteName({ title: '', body: 'Wants a quote\nCall Friday' })).toBe('Wants a quote');
    expect(noteName({ title: '', body: 'a'.repeat(50) })).toBe(`${'a'.repeat(40)}…`);
    expect(formatWhen('', 'en')).toBeNull();
    expect(formatWhen('not a time', 'en')).toBeNull();
    expect(formatWhen('2030-01-02T09:00:00Z', 'en')).toMatch(/2030/);
  });

  it('refuses an attachment over 16 MiB', () => {
    const file = (size: number) => Object.defineProperty(new File(['x'], 'a.bin'), 'size', { value: size }) as File;
    expect(attachmentError(file(16 * 1024 * 1024))).toBeNull();
    expect(attachmentError(file(16 * 1024 * 1024 + 1))).toBe('attachment_too_large');
  });
});
