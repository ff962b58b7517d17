// What a screen shows while it reads from the server and when the read failed: a centred
// spinner named for screen readers, and a red alert with the failure in words and a retry.
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCodeText } from '@/lib/errorText';
import type { LoadState } from '@/lib/useLoad';

/** A spinner; `compact` for cards and panels (smaller, less room around it). */
export function LoadingState({ label, compact = false }: { label: string; compact?: boolean }) {
  return (
    <Center py={compact ? 'md' : 'xl'}>
      <Loader size={compact ? 'sm' : undefined} aria-label={label} />
    </Center>
  );
}

export interface LoadErrorProps {
  /** What could not be read, e.g. "The organisations could not be loaded". */
  title: string;
  /** The failure's code, said in words from the `errors` catalogue. */
  code: string | null;
  /** Reads again; no retry button without it (a failure retrying cannot mend). */
  onRetry?: () => void;
  /** The retry button's own words (the screen's), else "Try again". */
  retryLabel?: string;
}

export function LoadError({ title, code, onRetry, retryLabel }: LoadErrorProps) {
  const { t } = useTranslation('common');
  const codeText = useCodeText();
  return (
    <Alert color="red" role="alert" title={title}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{codeText(code)}</Text>
        {onRetry && (
          <Button size="xs" variant="light" onClick={onRetry}>
            {retryLabel ?? t('retry')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

/** The spinner while `read` loads, else its failure: for a screen drawn only once it has loaded. */
export function LoadStateOf({ read, loading, failed, compact }: { read: LoadState; loading: string; failed: string; compact?: boolean }) {
  return read.phase === 'error' ? (
    <LoadError title={failed} code={read.errorCode} onRetry={read.retry} />
  ) : (
    <LoadingState label={loading} compact={compact} />
  );
}
