import { Button, Group, Image, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  CAPTION_MAX,
  type ContentFields,
  type ContentKind,
  MAX_GALLERY_IMAGES,
  type PageKey,
} from '../../../../domain/content/rules.ts';
import { fileUrl, useUpload } from '../../app/upload.ts';
import { FormField } from '../../components/form/FormField.tsx';
import { useFieldSource } from '../../components/form/useDomainForm.ts';
import { UploadProblem, useImagePicker } from './ImageField.tsx';
import { RichHtml } from './RichHtml.tsx';

// The content form's larger parts: a gallery's images, a document's file, the preview in both languages.

export interface Values extends ContentFields {
  key: PageKey | '';
}

/** Which fields a kind shows (the domain empties the others: rules.ts normalise). */
const USES = {
  summary: ['slide', 'news', 'gallery', 'document', 'excellentVolunteer'],
  body: ['news', 'page'],
  image: ['slide', 'news', 'page', 'gallery', 'excellentVolunteer'],
  link: ['slide'],
} as const satisfies Record<string, readonly ContentKind[]>;
export const uses = (field: keyof typeof USES, kind: ContentKind) =>
  (USES[field] as readonly ContentKind[]).includes(kind);

/** A gallery's images (up to 150), each with its caption in both languages. */
export function GalleryImages({
  values,
  set,
}: {
  values: Values;
  set<K extends keyof Values>(k: K, value: Values[K]): void;
}) {
  const { t } = useTranslation();
  const picker = useImagePicker(
    (added) => set('images', [...values.images, ...added.map((i) => ({ ...i, captionAr: '', captionEn: '' }))]),
    true,
  );
  const source = useFieldSource();
  const change = (i: number, k: 'captionAr' | 'captionEn', value: string) =>
    set(
      'images',
      values.images.map((img, j) => (j === i ? { ...img, [k]: value } : img)),
    );
  return (
    <FormField path="images" label={t('content.field.images')} required kind="control">
      {({ control }) => (
        <Stack gap="sm">
          <Text size="sm" aria-live="polite">
            {t('content.imagesCount', { count: values.images.length })}
          </Text>
          {values.images.map((img, i) => (
            <Group key={img.fileId} align="flex-end" wrap="wrap" gap="sm">
              <Image src={fileUrl(img.thumbId)} alt="" w={96} h={72} fit="cover" radius="sm" />
              {(['captionAr', 'captionEn'] as const).map((k) => (
                <TextInput
                  key={k}
                  label={t(`content.field.${k}`)}
                  dir={k === 'captionAr' ? 'rtl' : 'ltr'}
                  maxLength={CAPTION_MAX}
                  value={img[k]}
                  onChange={(e) => change(i, k, e.currentTarget.value)}
                />
              ))}
              <Button
                variant="subtle"
                color="red.9"
                size="sm"
                onClick={() =>
                  set(
                    'images',
                    values.images.filter((_, j) => j !== i),
                  )
                }
              >
                {t('content.removeImageN', { n: i + 1 })}
              </Button>
            </Group>
          ))}
          <Group>
            {picker.hiddenInput('gallery-input')}
            <Button
              id={source.idOf('images')}
              variant="default"
              size="sm"
              loading={picker.upload.uploading}
              disabled={values.images.length >= MAX_GALLERY_IMAGES}
              aria-describedby={control['aria-describedby']}
              onClick={picker.open}
            >
              {t('content.addImages')}
            </Button>
          </Group>
          <UploadProblem state={picker.upload.state} />
        </Stack>
      )}
    </FormField>
  );
}

/** A document's file (any of the spec's document types). */
export function DocumentFile({ fileId, onChange }: { fileId: string | null; onChange(id: string | null): void }) {
  const { t } = useTranslation();
  const upload = useUpload('contentDocument');
  const source = useFieldSource();
  return (
    <FormField path="fileId" label={t('content.field.file')} required kind="control">
      {({ control }) => (
        <Stack gap="xs">
          <input
            id={source.idOf('fileId')}
            type="file"
            aria-label={t('content.uploadFile')}
            aria-describedby={control['aria-describedby']}
            data-testid="document-input"
            onChange={async (e) => {
              const file = e.currentTarget.files?.[0];
              if (!file) return;
              const r = await upload.start(file);
              if (r?.ok) onChange(r.file.fileId);
            }}
          />
          {fileId && upload.state.phase !== 'failed' && (
            <Text size="sm" role="status">
              {t('content.fileUploaded')}
            </Text>
          )}
          <UploadProblem state={upload.state} />
        </Stack>
      )}
    </FormField>
  );
}

/** The item as the site will show it, in Arabic and in English. */
export function Preview({ values, kind }: { values: Values; kind: ContentKind }) {
  const { t } = useTranslation();
  const one = (l: 'ar' | 'en') => {
    const title = l === 'ar' ? values.titleAr : values.titleEn;
    const summary = l === 'ar' ? values.summaryAr : values.summaryEn;
    const body = l === 'ar' ? values.bodyAr : values.bodyEn;
    return (
      <Stack gap="xs" lang={l} dir={l === 'ar' ? 'rtl' : 'ltr'} p="sm">
        {values.image && <Image src={fileUrl(values.image.fileId)} alt="" mah={200} fit="contain" />}
        <Title order={3}>{title}</Title>
        {summary && <Text>{summary}</Text>}
        {uses('body', kind) && body && <RichHtml html={body} />}
      </Stack>
    );
  };
  return (
    <Stack gap="xs" component="section" aria-label={t('content.preview')}>
      <Title order={2} size="h4">
        {t('content.preview')}
      </Title>
      <Tabs defaultValue="ar" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="ar">{t('content.previewAr')}</Tabs.Tab>
          <Tabs.Tab value="en">{t('content.previewEn')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="ar">{one('ar')}</Tabs.Panel>
        <Tabs.Panel value="en">{one('en')}</Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
