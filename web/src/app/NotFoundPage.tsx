// Any address the route table does not know (issue #25): says the page does not exist (not that
// something crashed), names the address, and offers a way back — the dashboard when signed in,
// the sign-in page otherwise, and the previous page when there is one.
import { Button, Center, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMapQuestion } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { FullScreenLoader } from '@/components/FullScreenLoader';
import { useSession } from '@/stores/session';
import { SIGNUP_PATH } from './guards';

export default function NotFoundPage() {
  const { t } = useTranslation('common');
  const status = useSession((s) => s.status);
  const { pathname, key } = useLocation();
  const navigate = useNavigate();
  const title = t('not_found_title');

  useEffect(() => {
    document.title = `${title} · Switchboard`;
  }, [title]);

  if (status === 'checking') return <FullScreenLoader />;
  const signedIn = status === 'authenticated';
  // The router's first entry has the key "default": there is no page of ours to go back to.
  const canGoBack = key !== 'default';

  return (
    <Center mih="100vh" p="md" data-testid="not-found">
      <Stack align="center" gap="md" maw={480}>
        <ThemeIcon size={56} radius="xl" variant="light" color="indigo" aria-hidden>
          <IconMapQuestion size={32} />
        </ThemeIcon>
        <Title order={1} size="h2" ta="center">
          {title}
        </Title>
        <Text c="dimmed" ta="center" style={{ overflowWrap: 'anywhere' }}>
          {t('not_found_body', { path: pathname })}
        </Text>
        <Group justify="center">
          {canGoBack && (
            <Button variant="default" onClick={() => void navigate(-1)}>
              {t('not_found_back')}
            </Button>
          )}
          <Button component={Link} to={signedIn ? '/conversations/analytics' : SIGNUP_PATH}>
            {signedIn ? t('not_found_home') : t('not_found_sign_in')}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
