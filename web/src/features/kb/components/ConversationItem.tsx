// One conversation of the sidebar: its title on one line (the full title on hover), reopened
// with a click, with a menu to rename it (1 to 80 characters, the domain's rule, checked by the
// server too) or delete it after confirming.
import { ActionIcon, Group, Menu, NavLink, TextInput } from '@mantine/core';
import { IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '@/components/ConfirmModal';
import { FormModal } from '@/components/FormModal';
import type { KbConversation } from '@/generated/contract';
import { codeOf, useCodeText } from '@/lib/errorText';
import { toast } from '@/lib/toast';
import { maskPersonal } from '../logic';
import { useKb } from '../stores/kb';

/** The longest title (the domain's `kb::conversation::MAX_TITLE_CHARS`). */
export const MAX_TITLE_CHARS = 80;

export function ConversationItem({ conversation: c, active }: { conversation: KbConversation; active: boolean }) {
  const { t } = useTranslation('kb');
  const codeText = useCodeText();
  const mask = useKb((s) => s.mask);
  const open = useKb((s) => s.open);
  const rename = useKb((s) => s.renameConversation);
  const remove = useKb((s) => s.deleteConversation);
  const [mode, setMode] = useState<'idle' | 'renaming' | 'deleting'>('idle');
  const [title, setTitle] = useState(c.title);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const shown = mask ? maskPersonal(c.title) : c.title;
  const trimmed = title.trim();
  const localError = trimmed === '' ? 'title_required' : [...trimmed].length > MAX_TITLE_CHARS ? 'title_too_long' : null;

  const close = () => {
    setMode('idle');
    setError(null);
  };

  async function submitRename() {
    if (localError) {
      setError(localError);
      return;
    }
    setBusy(true);
    try {
      await rename(c.id, trimmed);
      toast.success(t('conversation_renamed'));
      close();
    } catch (err) {
      setError(codeOf(err));
    } finally {
      setBusy(false);
    }
  }

  async function confirmDelete() {
    setBusy(true);
    try {
      await remove(c.id);
      toast.success(t('conversation_deleted'));
      close();
    } catch (err) {
      toast.error(codeText(codeOf(err)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Group gap={0} wrap="nowrap" data-testid="conversation-item">
      <NavLink
        component="button"
        label={shown}
        title={shown}
        noWrap
        styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }, body: { minWidth: 0 } }}
        active={active}
        aria-current={active ? 'true' : undefined}
        onClick={() => void open(c.id)}
        style={{ flex: 1, minWidth: 0 }}
      />
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={t('conversation_actions', { title: shown })}>
            <IconDots size={16} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={<IconPencil size={14} aria-hidden />}
            onClick={() => {
              setTitle(c.title);
              setError(null);
              setMode('renaming');
            }}
          >
            {t('rename')}
          </Menu.Item>
          <Menu.Item color="red" leftSection={<IconTrash size={14} aria-hidden />} onClick={() => setMode('deleting')}>
            {t('delete_conversation')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <FormModal
        opened={mode === 'renaming'}
        onClose={close}
        title={t('rename_title')}
        onSubmit={() => void submitRename()}
        busy={busy}
        submitLabel={t('save')}
        cancelLabel={t('cancel')}
      >
        <TextInput
          label={t('conversation_title')}
          description={t('title_limit', { max: MAX_TITLE_CHARS })}
          value={title}
          maxLength={MAX_TITLE_CHARS}
          onChange={(e) => {
            setTitle(e.currentTarget.value);
            setError(null);
          }}
          error={error ? codeText(error) : null}
          data-autofocus
        />
      </FormModal>
      <ConfirmModal
        opened={mode === 'deleting'}
        onClose={close}
        title={t('delete_conversation_title')}
        text={t('delete_conversation_confirm', { title: shown })}
        gap="sm"
        cancelLabel={t('cancel')}
        confirmLabel={t('delete_yes')}
        onConfirm={() => void confirmDelete()}
        busy={busy}
      />
    </Group>
  );
}
