import { Button, Group, Image, Input, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorCode } from '../../../../../domain/shared/errors.ts';
import { UploadProgress } from '../../../app/UploadProgress.tsx';
import { acceptOf, fileUrl, type UploadState, useUpload } from '../../../app/upload.ts';
import { FileRemoveButton } from '../../../components/form/FilePicker.tsx';
import { wholeImage } from '../format.ts';
import { MAX_GALLERY_IMAGES } from './eventForm.ts';

// The event's main image and gallery on the staff form: uploaded at once (kind eventImage, checked by content on the
// server), kept as file ids in the form; removing one only changes the form until it is saved.

const ACCEPT = acceptOf('eventImage');

function UploadStatus({ id, state, idle }: { id: string; state: UploadState; idle: string }) {
  const { t } = useTranslation();
  return (
    <Text id={id} size="sm" aria-live="polite" style={{ overflowWrap: 'anywhere' }}>
      {state.phase === 'uploading' ? t('reg.file.uploading', { name: state.name }) : idle}
    </Text>
  );
}

export function MainImageField({
  value,
  onChange,
  onBusy,
}: {
  value: string;
  onChange(fileId: string): void;
  onBusy(busy: boolean): void;
}) {
  const { t } = useTranslation();
  const { state, start, reset, uploading } = useUpload('eventImage');
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => onBusy(uploading), [uploading, onBusy]);
  const id = 'event-mainImageFileId';
  const label = t('manage.field.mainImageFileId');
  const error = state.phase === 'failed' ? t(state.code) : undefined;
  const buttonText = value ? t('manage.images.replace') : t('manage.images.choose');

  async function pick(file: File | undefined) {
    if (input.current) input.current.value = '';
    if (!file) return;
    const result = await start(file);
    if (result?.ok) onChange(result.file.fileId);
  }

  return (
    <Input.Wrapper
      id={id}
      label={label}
      error={error}
      description={t('manage.images.hintMain')}
      descriptionProps={{ id: `${id}-description` }}
      errorProps={{ id: `${id}-error` }}
      inputWrapperOrder={['label', 'description', 'input', 'error']}
    >
      <Stack gap="xs" mt={6}>
        {value && (
          <Image
            src={fileUrl(value)}
            alt={t('manage.images.mainPreview')}
            h={160}
            {...wholeImage}
            radius="sm"
            data-testid="main-image-preview"
          />
        )}
        <Group gap="sm" wrap="wrap">
          <input
            ref={input}
            type="file"
            hidden
            tabIndex={-1}
            accept={ACCEPT}
            data-testid="event-mainImage-input"
            onChange={(e) => void pick(e.currentTarget.files?.[0])}
          />
          <Button
            id={id}
            variant="default"
            size="sm"
            loading={uploading}
            aria-label={`${label}: ${buttonText}`}
            aria-describedby={[`${id}-description`, error ? `${id}-error` : null, `${id}-status`]
              .filter(Boolean)
              .join(' ')}
            aria-invalid={error ? true : undefined}
            onClick={() => input.current?.click()}
          >
            {buttonText}
          </Button>
          {value && !uploading && (
            <FileRemoveButton
              text={t('manage.images.remove')}
              fieldLabel={label}
              upload={{ reset }}
              onRemoved={() => onChange('')}
              testId="main-image-remove"
            />
          )}
          <UploadStatus id={`${id}-status`} state={state} idle={value ? '' : t('manage.images.noMain')} />
        </Group>
        <UploadProgress state={state} />
      </Stack>
    </Input.Wrapper>
  );
}

export function GalleryField({
  value,
  onAdd,
  onRemove,
  onBusy,
}: {
  value: string[];
  onAdd(fileId: string): void;
  onRemove(index: number): void;
  onBusy(busy: boolean): void;
}) {
  const { t } = useTranslation();
  const { state, start, uploading } = useUpload('eventImage');
  const input = useRef<HTMLInputElement>(null);
  const [failures, setFailures] = useState<{ name: string; code: ErrorCode }[]>([]);
  const [tooMany, setTooMany] = useState(false);
  useEffect(() => onBusy(uploading), [uploading, onBusy]);
  const id = 'event-galleryFileIds';
  const label = t('manage.field.galleryFileIds');
  const full = value.length >= MAX_GALLERY_IMAGES;

  // Several files at once, one upload after the other; each success joins the gallery as it lands.
  async function pick(list: FileList | null) {
    const files = list ? [...list] : [];
    if (input.current) input.current.value = '';
    if (files.length === 0) return;
    const room = Math.max(0, MAX_GALLERY_IMAGES - value.length);
    setTooMany(files.length > room);
    setFailures([]);
    for (const file of files.slice(0, room)) {
      const result = await start(file);
      if (result === null) return;
      if (result.ok) onAdd(result.file.fileId);
      else setFailures((old) => [...old, { name: file.name, code: result.code }]);
    }
  }

  const errors = [
    ...(tooMany ? [t('manage.images.tooMany', { max: MAX_GALLERY_IMAGES })] : []),
    ...failures.map((f) => t('manage.images.failed', { name: f.name, error: t(f.code) })),
  ];
  return (
    <Input.Wrapper
      id={id}
      label={label}
      error={
        errors.length > 0 ? (
          <Stack gap={2} component="span">
            {errors.map((e) => (
              <span key={e}>{e}</span>
            ))}
          </Stack>
        ) : undefined
      }
      description={t('manage.images.hintGallery', { max: MAX_GALLERY_IMAGES })}
      descriptionProps={{ id: `${id}-description` }}
      errorProps={{ id: `${id}-error`, component: 'div' }}
      inputWrapperOrder={['label', 'description', 'input', 'error']}
    >
      <Stack gap="xs" mt={6}>
        {value.length > 0 && (
          <Group component="ul" gap="sm" className="plain-list" data-testid="gallery-previews">
            {value.map((fileId, i) => (
              <Stack component="li" key={fileId} gap={4} align="center" data-testid="gallery-preview">
                <Image
                  src={fileUrl(fileId)}
                  alt={t('manage.images.thumb', { n: i + 1 })}
                  w={120}
                  h={90}
                  fit="cover"
                  radius="sm"
                />
                <Button
                  variant="subtle"
                  color="red"
                  c="red.9"
                  size="compact-xs"
                  aria-label={t('manage.images.removeAt', { n: i + 1 })}
                  onClick={() => onRemove(i)}
                >
                  {t('manage.images.remove')}
                </Button>
              </Stack>
            ))}
          </Group>
        )}
        <Group gap="sm" wrap="wrap">
          <input
            ref={input}
            type="file"
            hidden
            multiple
            tabIndex={-1}
            accept={ACCEPT}
            data-testid="event-gallery-input"
            onChange={(e) => void pick(e.currentTarget.files)}
          />
          <Button
            id={id}
            variant="default"
            size="sm"
            loading={uploading}
            disabled={full}
            aria-label={`${label}: ${t('manage.images.add')}`}
            aria-describedby={[`${id}-description`, errors.length ? `${id}-error` : null, `${id}-status`]
              .filter(Boolean)
              .join(' ')}
            aria-invalid={errors.length ? true : undefined}
            onClick={() => input.current?.click()}
          >
            {t('manage.images.add')}
          </Button>
          <UploadStatus id={`${id}-status`} state={state} idle={t('manage.images.count', { n: value.length })} />
        </Group>
        <UploadProgress state={state} />
      </Stack>
    </Input.Wrapper>
  );
}
