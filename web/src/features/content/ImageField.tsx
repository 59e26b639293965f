import { Button, Group, Image, Stack, Text } from '@mantine/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContentImage } from '../../../../domain/content/rules.ts';
import { acceptOf, fileUrl, useUpload } from '../../app/upload.ts';

/**
 * Uploads content images (the server checks them by content, resizes them and makes a thumbnail) and hands back
 * each image with its thumbnail; `multiple` for a gallery.
 */
export function useImagePicker(onImages: (images: ContentImage[]) => void, multiple = false) {
  const upload = useUpload('contentImage');
  const input = useRef<HTMLInputElement>(null);
  async function pick(files: FileList | null) {
    const list = [...(files ?? [])];
    if (input.current) input.current.value = '';
    const done: ContentImage[] = [];
    for (const file of list) {
      const r = await upload.start(file);
      if (!r?.ok) break;
      done.push({ fileId: r.file.fileId, thumbId: r.file.thumbnailId ?? r.file.fileId });
    }
    if (done.length) onImages(done);
  }
  const hiddenInput = (testId: string) => (
    <input
      ref={input}
      type="file"
      hidden
      tabIndex={-1}
      multiple={multiple}
      accept={acceptOf('contentImage')}
      data-testid={testId}
      onChange={(e) => void pick(e.currentTarget.files)}
    />
  );
  return { upload, open: () => input.current?.click(), hiddenInput };
}

/** A failed upload's code, said where the picker is (nothing while none failed). */
export function UploadProblem({ state }: { state: ReturnType<typeof useUpload>['state'] }) {
  const { t } = useTranslation();
  return state.phase === 'failed' ? (
    <Text c="red.9" size="sm" role="alert">
      {t(state.code)}
    </Text>
  ) : null;
}

/** One image (main image, slide, photo) with its preview, replace and remove. */
export function ImageField({
  id,
  label,
  value,
  describedBy,
  invalid,
  onChange,
}: {
  id: string;
  label: string;
  value: ContentImage | null;
  describedBy?: string | undefined;
  invalid?: boolean;
  onChange(image: ContentImage | null): void;
}) {
  const { t } = useTranslation();
  const picker = useImagePicker((images) => onChange(images[0] ?? null));
  return (
    <Stack gap="xs">
      {value && <Image src={fileUrl(value.thumbId)} alt={label} w={240} radius="sm" data-testid={`${id}-preview`} />}
      <Group gap="xs">
        {picker.hiddenInput(`${id}-input`)}
        <Button
          id={id}
          variant="default"
          size="sm"
          loading={picker.upload.uploading}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          onClick={picker.open}
        >
          {value ? t('content.replaceImage') : t('content.uploadImage')}
        </Button>
        {value && (
          <Button variant="subtle" size="sm" color="red.9" onClick={() => onChange(null)}>
            {t('content.removeImage')}
          </Button>
        )}
      </Group>
      <UploadProblem state={picker.upload.state} />
    </Stack>
  );
}
