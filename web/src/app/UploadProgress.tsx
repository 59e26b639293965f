import { Progress } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UploadState } from './upload.ts';

/** The progress bar of an upload under way (nothing otherwise); the status text is the caller's. */
export function UploadProgress({ state }: { state: UploadState }) {
  const { t } = useTranslation();
  if (state.phase !== 'uploading') return null;
  const percent = Math.round(state.progress * 100);
  return (
    <Progress.Root size="sm" mt={6}>
      <Progress.Section
        value={percent}
        withAria={false}
        role="progressbar"
        aria-label={t('reg.file.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      />
    </Progress.Root>
  );
}
