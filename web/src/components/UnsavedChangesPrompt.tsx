// Asks before unsaved edits are lost: a move inside the app (a link, back) is held by the
// router's blocker until the person chooses Stay or Leave; a reload or closing the tab gets the
// browser's own question (the only one a page may show then). The words come from the screen
// that uses it, so this stays out of the boot catalogue.
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';

export interface UnsavedTexts {
  title: string;
  body: string;
  stay: string;
  leave: string;
}

export function UnsavedChangesPrompt({ when, texts }: { when: boolean; texts: UnsavedTexts }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!when) return;
    const ask = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers ask only when a value is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [when]);

  // Saved (or undone) while the question was open: nothing is lost any more.
  useEffect(() => {
    if (blocker.state === 'blocked' && !when) blocker.proceed();
  }, [blocker, when]);

  const open = blocker.state === 'blocked';
  return (
    <Modal opened={open} onClose={() => blocker.reset?.()} title={texts.title} centered withCloseButton={false}>
      <Stack>
        <Text size="sm">{texts.body}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
            {texts.stay}
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()}>
            {texts.leave}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
