// An upload's progress bar: the whole bar is the progressbar, so it shows (and is named, by
// `label`) even at 0%, read out as "40%" — or as `valueText` (a later step, "Indexing…"), with
// the bar full and moving while it lasts. `UploadStatus` says what is sent above its bar.
import { Progress, Stack, Text } from '@mantine/core';

export function UploadBar({ label, percent, valueText }: { label: string; percent: number; valueText?: string }) {
  const moving = valueText !== undefined;
  return (
    <Progress.Root
      size="md"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText ?? `${percent}%`}
    >
      <Progress.Section value={percent} withAria={false} striped={moving} animated={moving} />
    </Progress.Root>
  );
}

/** What is being sent ("Uploading brochure.pdf…"), and its bar named the same. */
export function UploadStatus({ label, percent, 'data-testid': testId }: { label: string; percent: number; 'data-testid'?: string }) {
  return (
    <Stack gap={4} data-testid={testId}>
      <Text size="sm">{label}</Text>
      <UploadBar label={label} percent={percent} />
    </Stack>
  );
}
