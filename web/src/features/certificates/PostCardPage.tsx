import { Button, Container, Group, Paper, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguageStore } from '../../app/stores/language.ts';
import { postCardUrl } from './api.ts';

/** Spec "post card": a post card made from a name (name required: PostCardNameRequired). */
export function PostCardPage() {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const make = (e: React.FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      setError(t('PostCardNameRequired'));
      return;
    }
    setError(null);
    window.location.assign(postCardUrl(name.trim(), lang));
  };
  return (
    <Container size="sm" py="md">
      <Title order={1} size="h2" mb="md">
        {t('postcard.title')}
      </Title>
      <Paper withBorder p="md" component="form" onSubmit={make} noValidate>
        <TextInput
          id="postcard-name"
          label={t('postcard.name')}
          value={name}
          maxLength={100}
          required
          error={error}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <Group mt="md">
          <Button type="submit">{t('postcard.make')}</Button>
        </Group>
      </Paper>
    </Container>
  );
}
