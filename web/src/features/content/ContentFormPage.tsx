import { Alert, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CONTENT_KINDS,
  type ContentKind,
  contentIssues,
  emptyFields,
  LINK_MAX,
  normalise,
  PAGE_KEYS,
  type PageKey,
  SUMMARY_MAX,
  TITLE_MAX,
} from '../../../../domain/content/rules.ts';
import type { ErrorCode } from '../../../../domain/shared/errors.ts';
import { errorCode } from '../../app/api.ts';
import { ButtonLink } from '../../app/layout/links.tsx';
import { useLanguageStore } from '../../app/stores/language.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { FormField } from '../../components/form/FormField.tsx';
import { binder, SelectField, TextAreaField, TextField } from '../../components/form/fields.tsx';
import { RulesForm } from '../../components/form/RulesForm.tsx';
import { useDomainForm } from '../../components/form/useDomainForm.ts';
import { QueryState } from '../../components/QueryState.tsx';
import { notifyDone } from '../../lib/notify.ts';
import { useScreen } from '../../lib/useScreen.ts';
import { type ContentItem, contentItemQuery, createContent, editContent } from './api.ts';
import { DocumentFile, GalleryImages, Preview, uses, type Values } from './FormParts.tsx';
import { ImageField } from './ImageField.tsx';

// The editor is its own chunk: only this admin form loads it.
const RichTextField = lazy(() => import('./RichTextField.tsx'));

const newRoute = getRouteApi('/$lang/content/new/$kind');
const editRoute = getRouteApi('/$lang/content/$id');

function ContentForm({ kind, item }: { kind: ContentKind; item: ContentItem | null }) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const domain = useDomainForm<Values, 'save'>({
    initialValues: item ? { ...item, key: item.key ?? '' } : { ...emptyFields(), key: kind === 'page' ? 'about' : '' },
    rules: (v) => contentIssues(kind, normalise(kind, v)),
    defaultMode: 'save',
    idPrefix: 'content',
  });
  const v = domain.values;
  const { set } = domain;
  const bind = binder(v, set);
  const [failure, setFailure] = useState<ErrorCode | null>(null);
  const save = useMutation({
    mutationFn: async () => {
      const { key, ...fields } = v;
      if (item) return editContent(queryClient, item.id, fields);
      return createContent(queryClient, { ...fields, kind, key: kind === 'page' ? (key as PageKey) : null });
    },
    onSuccess: () => {
      notifyDone(t('content.saved'));
      void navigate({ to: '/$lang/content', params: { lang }, search: { kind } });
    },
    onError: (e) => {
      const code = errorCode(e);
      const field = (e as { details?: { field?: string } }).details?.field;
      if (field) domain.showIssues([{ path: field, code }]);
      setFailure(code);
    },
  });
  const person = kind === 'excellentVolunteer';
  const text = (
    k: 'titleAr' | 'titleEn' | 'videoAr' | 'videoEn' | 'link',
    max: number,
    labelKey: string,
    required = true,
  ) => (
    <TextField
      {...bind(k)}
      label={t(labelKey as never)}
      required={required}
      maxLength={max}
      dir={k.endsWith('Ar') ? 'rtl' : 'ltr'}
    />
  );
  const summary = (k: 'summaryAr' | 'summaryEn') => (
    <TextAreaField
      {...bind(k)}
      label={t(`content.field.${person ? (k === 'summaryAr' ? 'citationAr' : 'citationEn') : k}`)}
      required={person}
      minRows={2}
      maxLength={SUMMARY_MAX}
      dir={k === 'summaryAr' ? 'rtl' : 'ltr'}
    />
  );
  const body = (k: 'bodyAr' | 'bodyEn') => (
    <FormField path={k} label={t(`content.field.${k}`)} required kind="control">
      {({ control }) => (
        <Suspense fallback={<Text c="dimmed">{t('content.editorLoading')}</Text>}>
          <RichTextField
            id={domain.fields.idOf(k)}
            label={t(`content.field.${k}`)}
            lang={k === 'bodyAr' ? 'ar' : 'en'}
            value={v[k]}
            describedBy={control['aria-describedby']}
            invalid={control.invalid}
            onChange={(html) => set(k, html)}
          />
        </Suspense>
      )}
    </FormField>
  );

  return (
    <RulesForm domain={domain} mode="save" onSubmit={() => setFailure(null)} onValid={() => save.mutate()}>
      {kind === 'page' && !item && (
        <SelectField
          {...bind('key')}
          label={t('content.field.key')}
          required
          blank={false}
          options={PAGE_KEYS.map((k) => ({ value: k, label: t(`content.key.${k}`) }))}
        />
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {text('titleAr', TITLE_MAX, person ? 'content.field.nameAr' : 'content.field.titleAr')}
        {text('titleEn', TITLE_MAX, person ? 'content.field.nameEn' : 'content.field.titleEn')}
      </SimpleGrid>
      {uses('summary', kind) && (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {summary('summaryAr')}
          {summary('summaryEn')}
        </SimpleGrid>
      )}
      {uses('body', kind) && (
        <>
          {body('bodyAr')}
          {body('bodyEn')}
        </>
      )}
      {uses('image', kind) && (
        <FormField
          path="image"
          label={t(person ? 'content.field.photo' : 'content.field.image')}
          required={kind === 'slide' || person}
          kind="control"
        >
          {({ control }) => (
            <ImageField
              id={domain.fields.idOf('image')}
              label={t(person ? 'content.field.photo' : 'content.field.image')}
              value={v.image}
              describedBy={control['aria-describedby']}
              invalid={control.invalid}
              onChange={(image) => set('image', image)}
            />
          )}
        </FormField>
      )}
      {uses('link', kind) && text('link', LINK_MAX, 'content.field.link', false)}
      {kind === 'video' && (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {text('videoAr', LINK_MAX, 'content.field.videoAr')}
          {text('videoEn', LINK_MAX, 'content.field.videoEn')}
        </SimpleGrid>
      )}
      {kind === 'gallery' && <GalleryImages values={v} set={set} />}
      {kind === 'document' && <DocumentFile fileId={v.fileId} onChange={(id) => set('fileId', id)} />}
      <Preview values={v} kind={kind} />
      {failure && (
        <Alert color="red" role="alert">
          {t(failure)}
        </Alert>
      )}
      <Group>
        <Button type="submit" loading={save.isPending} data-testid="content-save">
          {t('content.save')}
        </Button>
        <ButtonLink variant="default" to="/$lang/content" params={{ lang }} search={{ kind }}>
          {t('content.cancel')}
        </ButtonLink>
      </Group>
    </RulesForm>
  );
}

/** /$lang/content/new/$kind: a new item of a kind. */
export function NewContentPage() {
  const { t, title } = useScreen('page.contentNew');
  const { kind } = newRoute.useParams();
  const known = (CONTENT_KINDS as readonly string[]).includes(kind);
  return (
    <Stack mt="lg" gap="md" maw={1000}>
      <Title order={1}>
        {title}
        {known ? ` – ${t(`content.kind.${kind as ContentKind}`)}` : ''}
      </Title>
      {known ? <ContentForm kind={kind as ContentKind} item={null} /> : <Text>{t('NotFound')}</Text>}
    </Stack>
  );
}

/** /$lang/content/$id: edit an item (any state). */
export function EditContentPage() {
  const title = usePageTitle('page.contentEdit');
  const { id } = editRoute.useParams();
  const item = useQuery(contentItemQuery(id));
  return (
    <Stack mt="lg" gap="md" maw={1000}>
      <Title order={1}>{title}</Title>
      {item.data ? <ContentForm kind={item.data.kind} item={item.data} /> : <QueryState query={item} />}
    </Stack>
  );
}
