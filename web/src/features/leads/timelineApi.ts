// A contact's timeline and what is added to it from the contact's drawer (docs/API.md
// "Contacts"): the history a page of 50 at a time, newest first (`next` is the older page's
// `before`), a note and a task — each kept here and written to every CRM the contact is linked
// to; a CRM that refuses is reported in the answer, the note or task kept. Every shape is the
// generated contract type. A refused field answers 422 naming it; a contact not seen 404.
import type { ContactActivity, ContactNoteRequest, ContactTaskRequest, Timeline, TimelineQuery } from '@/generated/contract';
import { apiFetch, queryString } from '@/lib/api';

const contactPath = (contactId: number) => `/api/contacts/${contactId}`;

/** A page of the timeline: the newest without `before`, else the one older than it. */
export const fetchTimeline = (orgId: number, contactId: number, before: string | null, signal?: AbortSignal) =>
  apiFetch<Timeline>(`${contactPath(contactId)}/timeline${queryString({ org_id: orgId, before } satisfies TimelineQuery)}`, { signal });

export const addNote = (orgId: number, contactId: number, body: string) =>
  apiFetch<ContactActivity>(`${contactPath(contactId)}/notes`, { method: 'POST', body: { org_id: orgId, body } satisfies ContactNoteRequest });

/** A new task: its title, notes only when given, and when it is due in which zone. */
export type TaskDraft = Omit<ContactTaskRequest, 'org_id'>;

export const addTask = (orgId: number, contactId: number, draft: TaskDraft) =>
  apiFetch<ContactActivity>(`${contactPath(contactId)}/tasks`, { method: 'POST', body: { org_id: orgId, ...draft } satisfies ContactTaskRequest });
