// The organisation's shared labels (the manage tools' labels of kind `shared`): the only ones a
// contact can carry. Read once for the page (the filter, the column, the drawer, the bulk bar);
// without them (none made, or not readable) they are an empty list, and the screens say so.
import { useMemo } from 'react';
import { useLoad } from '@/lib/useLoad';
import { fetchLabelBoard } from './api';

export interface SharedLabel {
  id: number;
  name: string;
  color: string;
}

/** The shared labels of a label board, in its order. */
export const sharedLabelsOf = (labels: readonly { id: number; name: string; color: string; kind: string }[]): SharedLabel[] =>
  labels.filter((l) => l.kind === 'shared').map(({ id, name, color }) => ({ id, name, color }));

export function useSharedLabels(orgId: number | null) {
  const board = useLoad(orgId === null ? null : (signal) => fetchLabelBoard(orgId, signal), [orgId]);
  const labels = useMemo(() => sharedLabelsOf(board.data?.labels ?? []), [board.data]);
  const byId = useMemo(() => new Map(labels.map((l) => [l.id, l])), [labels]);
  /** Read (or failed): an empty list now means there are none to choose. */
  const settled = board.phase !== 'loading';
  return { labels, byId, settled };
}

export type SharedLabels = ReturnType<typeof useSharedLabels>;
