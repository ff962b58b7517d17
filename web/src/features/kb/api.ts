// The knowledge base's calls (crates/server/src/routes/kb.rs), in the generated contract's
// shapes: documents (uploaded as the PDF's bytes with XMLHttpRequest, which alone reports upload
// progress), questions, conversations and, for admins, the unanswered questions.
import { apiFetch, apiUpload, queryString, resultData } from '@/lib/api';
import type { AskAnswer, AskRequest, KbConversation, KbConversationDetail, KbDocument, UnansweredQuestion } from '@/generated/contract';

const KB = '/api/kb';

export const listDocuments = (orgId: number) =>
  resultData<KbDocument[]>(`${KB}/documents${queryString({ org_id: orgId })}`);

export const deleteDocument = (orgId: number, id: number) =>
  resultData<KbDocument[]>(`${KB}/documents/${id}${queryString({ org_id: orgId })}`, { method: 'DELETE' });

/** The PDF itself (the session cookie goes with the link). */
export const documentUrl = (orgId: number, id: number) => `${KB}/documents/${id}/file${queryString({ org_id: orgId })}`;

export function ask(orgId: number, conversationId: number | null, question: string): Promise<AskAnswer> {
  const body: AskRequest = { org_id: orgId, conversation_id: conversationId, question };
  return apiFetch<AskAnswer>(`${KB}/ask`, { method: 'POST', body });
}

export const listConversations = (orgId: number) =>
  resultData<KbConversation[]>(`${KB}/conversations${queryString({ org_id: orgId })}`);

export const getConversation = (orgId: number, id: number) =>
  apiFetch<KbConversationDetail>(`${KB}/conversations/${id}${queryString({ org_id: orgId })}`);

export const renameConversation = (orgId: number, id: number, title: string) =>
  apiFetch<KbConversation>(`${KB}/conversations/${id}${queryString({ org_id: orgId })}`, { method: 'PATCH', body: { title } });

export const deleteConversation = (orgId: number, id: number) =>
  apiFetch<void>(`${KB}/conversations/${id}${queryString({ org_id: orgId })}`, { method: 'DELETE' });

export const listUnanswered = (orgId: number) =>
  resultData<UnansweredQuestion[]>(`${KB}/unanswered${queryString({ org_id: orgId })}`);

/** Where an upload stands: bytes sent (0–100), then the server reading and indexing the PDF. */
export type UploadPhase = { phase: 'uploading'; percent: number } | { phase: 'indexing' };

/** Uploads a PDF as the request body; failures become the app's ApiError. */
export function uploadDocument(orgId: number, file: File, onProgress: (p: UploadPhase) => void): Promise<KbDocument> {
  return apiUpload<KbDocument>(`${KB}/documents${queryString({ org_id: orgId, name: file.name })}`, file, {
    contentType: 'application/pdf',
    onProgress: (percent) => onProgress({ phase: 'uploading', percent }),
    onSent: () => onProgress({ phase: 'indexing' }),
  });
}
