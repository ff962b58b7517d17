// The chat's input row (000 §2, §5): attach a PDF, type a question (Enter sends; empty input is
// ignored), Send. An attachment is checked by the domain's rule first and refused in the browser
// with 'Only PDF files up to 15MB are supported.'; otherwise it is uploaded with a progress bar,
// then 'Indexing…' until the server has read it; the server's refusals are shown translated.
import { ActionIcon, Alert, Button, Group, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconPaperclip, IconSend } from '@tabler/icons-react';
import { useImperativeHandle, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadBar } from '@/components/UploadBar';
import { codeOf, useCodeText } from '@/lib/errorText';
import { uploadDocument, type UploadPhase } from '../api';
import { attachmentError } from '../logic';
import { useKb } from '../stores/kb';

/** The upload's bar, then full while the server indexes the document. */
function DocumentBar({ name, progress }: { name: string; progress: UploadPhase }) {
  const { t } = useTranslation('kb');
  const indexing = progress.phase === 'indexing';
  return <UploadBar label={t('uploading', { name })} percent={indexing ? 100 : progress.percent} valueText={indexing ? t('indexing') : undefined} />;
}

type Upload =
  | { state: 'idle' }
  | { state: 'busy'; name: string; progress: UploadPhase }
  | { state: 'done'; name: string }
  | { state: 'error'; code: string };

/** The question input's id: an empty conversation list's "Ask a question" focuses it. */
export const QUESTION_INPUT_ID = 'kb-question';

export function Composer({
  orgId,
  mayUpload = true,
  attachRef,
}: {
  orgId: number;
  mayUpload?: boolean;
  /** Set to "open the file picker", for Discovery's empty document list. */
  attachRef?: Ref<() => void>;
}) {
  const { t } = useTranslation('kb');
  const codeText = useCodeText();
  const draft = useKb((s) => s.draft);
  const setDraft = useKb((s) => s.setDraft);
  const ask = useKb((s) => s.ask);
  const addDocument = useKb((s) => s.addDocument);
  const [upload, setUpload] = useState<Upload>({ state: 'idle' });
  const fileInput = useRef<HTMLInputElement>(null);
  useImperativeHandle(attachRef, () => () => fileInput.current?.click(), []);

  const send = () => {
    const question = draft.trim();
    if (!question || useKb.getState().asking) return;
    setDraft('');
    void ask(question);
  };

  const pick = async (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    const refused = attachmentError(file);
    if (refused) {
      setUpload({ state: 'error', code: refused });
      return;
    }
    setUpload({ state: 'busy', name: file.name, progress: { phase: 'uploading', percent: 0 } });
    try {
      const doc = await uploadDocument(orgId, file, (progress) => setUpload({ state: 'busy', name: file.name, progress }));
      addDocument(doc);
      setUpload({ state: 'done', name: doc.name });
    } catch (e) {
      setUpload({ state: 'error', code: codeOf(e) });
    }
  };

  const busy = upload.state === 'busy';
  return (
    <Stack gap="xs">
      {upload.state === 'busy' && (
        <Stack gap={4} data-testid="upload-status">
          <Text size="sm">
            {upload.progress.phase === 'indexing' ? t('indexing') : t('uploading', { name: upload.name })}
          </Text>
          <DocumentBar name={upload.name} progress={upload.progress} />
        </Stack>
      )}
      {upload.state === 'done' && (
        <Alert color="teal" variant="light" withCloseButton onClose={() => setUpload({ state: 'idle' })} data-testid="upload-done">
          {t('uploaded', { name: upload.name })}
        </Alert>
      )}
      {upload.state === 'error' && (
        <Alert color="red" variant="light" role="alert" withCloseButton onClose={() => setUpload({ state: 'idle' })} data-testid="upload-error">
          {codeText(upload.code)}
        </Alert>
      )}
      <Group gap="xs" wrap="nowrap" align="flex-end">
        {mayUpload && (
          <>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('attach')}
              title={t('attach')}
              loading={busy}
              onClick={() => fileInput.current?.click()}
            >
              <IconPaperclip size={18} aria-hidden />
            </ActionIcon>
            <VisuallyHidden>
              <input
                ref={fileInput}
                type="file"
                accept="application/pdf,.pdf"
                tabIndex={-1}
                data-testid="attach-input"
                aria-hidden
                onChange={(e) => void pick(e.currentTarget.files?.[0])}
              />
            </VisuallyHidden>
          </>
        )}
        <TextInput
          id={QUESTION_INPUT_ID}
          style={{ flex: 1 }}
          aria-label={t('question')}
          placeholder={t('placeholder')}
          value={draft}
          onChange={(e) => setDraft(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              send();
            }
          }}
        />
        <Button rightSection={<IconSend size={16} aria-hidden />} onClick={send}>
          {t('send')}
        </Button>
      </Group>
    </Stack>
  );
}
