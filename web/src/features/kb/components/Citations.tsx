// An answer's citations (issue #17): the document, "page N", the passage with the matched words
// marked, and a link opening the PDF at that page in a new tab. Masked like the rest of the chat.
import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Citation } from '@/generated/contract';
import { citationsByPage, highlightPieces, maskPersonal } from '../logic';

/** The most citations shown under one answer. */
const SHOWN = 3;

export function CitationCard({ citation, mask }: { citation: Citation; mask: boolean }) {
  const { t } = useTranslation('kb');
  const name = mask ? maskPersonal(citation.document_name) : citation.document_name;
  const shown = mask ? maskPersonal(citation.passage) : citation.passage;
  const pieces = highlightPieces(citation.passage, citation.highlights, shown);
  return (
    <Paper withBorder p="xs" radius="sm" data-testid="citation">
      <Stack gap={4}>
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" fw={600} truncate data-testid="citation-document">
            {name}
          </Text>
          <Badge variant="light" size="sm" data-testid="citation-page">
            {t('page', { page: citation.page })}
          </Badge>
        </Group>
        <Text size="sm" component="blockquote" m={0} data-testid="citation-passage">
          {pieces.map((p, i) => (p.mark ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>))}
        </Text>
        <Anchor size="sm" href={citation.url} target="_blank" rel="noopener noreferrer">
          {t('open_page', { name, page: citation.page })}
        </Anchor>
      </Stack>
    </Paper>
  );
}

export function Citations({ citations, mask }: { citations: Citation[]; mask: boolean }) {
  const shown = citationsByPage(citations).slice(0, SHOWN);
  if (shown.length === 0) return null;
  return (
    <Stack gap="xs" mt="xs">
      {shown.map((c) => (
        <CitationCard key={`${c.document_id}:${c.page}`} citation={c} mask={mask} />
      ))}
    </Stack>
  );
}
