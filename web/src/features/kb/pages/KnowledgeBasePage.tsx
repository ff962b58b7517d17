// /knowledge-base (000 §2, §4; issue #17): ask the organisation's PDFs. A chat titled New
// Conversation with its message count, the sidebar (Mask, Discovery, New Chat and the caller's
// conversations), the greeting, questions answered with page-exact citations, and PDFs attached
// from the input row. The screen needs an organisation; without one it says so.
import { Container, Grid, Group, Loader, Paper, Stack, Text, Title, Button } from '@mantine/core';
import { useEffect, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { rule } from '@/lib/domain';
import { useWorkspace } from '@/stores/workspace';
import { Composer } from '../components/Composer';
import { Discovery } from '../components/Discovery';
import { Messages, messageCount } from '../components/Messages';
import { Sidebar } from '../components/Sidebar';
import { maskPersonal } from '../logic';
import { useKb } from '../stores/kb';

function Chat({ orgId, mayWrite, attachRef }: { orgId: number; mayWrite: boolean; attachRef: Ref<() => void> }) {
  const { t } = useTranslation('kb');
  const { t: tc } = useTranslation('common');
  const title = useKb((s) => s.title);
  const mask = useKb((s) => s.mask);
  const count = useKb((s) => messageCount(s.messages));
  const opening = useKb((s) => s.opening);
  const conversationId = useKb((s) => s.conversationId);
  const open = useKb((s) => s.open);
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <Group justify="space-between" align="baseline">
          <Title order={1} size="h3" data-testid="chat-title">
            {title ? (mask ? maskPersonal(title) : title) : t('new_conversation')}
          </Title>
          <Text size="sm" c="dimmed" data-testid="message-count">
            {t('message_count', { count })}
          </Text>
        </Group>
        {opening === 'loading' && <Loader size="sm" aria-label={tc('loading')} />}
        {opening === 'error' && conversationId !== null && (
          <Group gap="xs">
            <Text size="sm" c="red">
              {t('load_failed')}
            </Text>
            <Button size="xs" variant="subtle" onClick={() => void open(conversationId)}>
              {t('retry')}
            </Button>
          </Group>
        )}
        {opening !== 'loading' && opening !== 'error' && <Messages />}
        <Composer orgId={orgId} mayUpload={mayWrite} attachRef={attachRef} />
      </Stack>
    </Paper>
  );
}

export default function KnowledgeBasePage() {
  const { t } = useTranslation('kb');
  const { t: tp } = useTranslation('pages');
  const { t: tc } = useTranslation('common');
  const current = useWorkspace((s) => s.current);
  const org = useWorkspace((s) => s.org);
  const workspace = useWorkspace((s) => s.status);
  const orgId = current?.org_id ?? null;
  const admin = !rule('access_check', { level: 'admin', roleId: current?.role_id ?? null }).err;
  // Adding and deleting documents is for admins and managers (the server refuses others).
  const mayWrite = !rule('access_check', { level: 'manager', roleId: current?.role_id ?? null }).err;
  const setOrg = useKb((s) => s.setOrg);
  const loadConversations = useKb((s) => s.loadConversations);
  const [discovery, setDiscovery] = useState(false);
  const attachRef = useRef<() => void>(null);
  const pageTitle = tp('knowledge_base');

  useEffect(() => {
    document.title = `${pageTitle} · Switchboard`;
  }, [pageTitle]);

  const included = !(org && org.org_id === orgId && !org.knowledge_base);
  useEffect(() => {
    setOrg(orgId);
    if (included) void loadConversations();
  }, [orgId, included, setOrg, loadConversations]);

  if (orgId === null && (workspace === 'loading' || workspace === 'idle')) {
    return (
      <Container size="sm" py="xl">
        <Loader aria-label={tc('loading')} />
      </Container>
    );
  }
  if (orgId === null) {
    return (
      <Container size="sm" py="xl">
        <Text data-testid="kb-no-org">{t('no_org')}</Text>
      </Container>
    );
  }
  // The organisation's plan does not include it (and the operator has not granted it): say why
  // and what to do — admins can upgrade, others ask an admin.
  if (!included) {
    return (
      <Container size="sm" py="xl">
        <Paper withBorder radius="md" p="lg" data-testid="kb-not-in-plan">
          <Stack gap="sm" align="flex-start">
            <Title order={1} size="h3">
              {t('not_in_plan.title')}
            </Title>
            <Text>{admin ? t('not_in_plan.admin') : t('not_in_plan.member')}</Text>
            {admin && (
              <Button component={Link} to="/settings/billing">
                {t('not_in_plan.see_plans')}
              </Button>
            )}
          </Stack>
        </Paper>
      </Container>
    );
  }
  return (
    <Container size="xl" py="lg">
      <Grid gap="lg">
        {/* On a phone the chat comes first and the list after it, so the composer is in reach. */}
        <Grid.Col span={{ base: 12, sm: 4, md: 3 }} order={{ base: 2, sm: 1 }}>
          <Sidebar onDiscovery={() => setDiscovery(true)} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8, md: 9 }} order={{ base: 1, sm: 2 }}>
          <Chat orgId={orgId} mayWrite={mayWrite} attachRef={attachRef} />
        </Grid.Col>
      </Grid>
      <Discovery
        orgId={orgId}
        admin={admin}
        mayWrite={mayWrite}
        opened={discovery}
        onClose={() => setDiscovery(false)}
        onAttach={() => attachRef.current?.()}
      />
    </Container>
  );
}
