// The caller's quick replies (docs/API.md 'Manage tools'), read by the manage tools and by the
// team inbox's composer alike.
import { apiFetch, queryString } from '@/lib/api';
import type { QuickReplyList } from '@/generated/contract';

export const listQuickReplies = (orgId: number | null) =>
  apiFetch<QuickReplyList>(`/api/manage/quick-replies${queryString({ org_id: orgId })}`);
