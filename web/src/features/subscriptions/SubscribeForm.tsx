import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorCode } from '../../../../domain/shared/errors.ts';
import { EMAIL_MAX, subscribeIssues } from '../../../../domain/subscription/rules.ts';
import { errorCode } from '../../app/api.ts';
import { useLanguageStore } from '../../app/stores/language.ts';
import { subscribe } from './api.ts';

/**
 * Subscribe to the mail list (spec: home, "subscribe to the mail list"): an address, then a confirmation mail. The
 * answer is the same whether or not the address was already on the list. Small enough for the home page to embed.
 */
export function SubscribeForm() {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const [email, setEmail] = useState('');
  const [issue, setIssue] = useState<ErrorCode | null>(null);
  const send = useMutation({
    mutationFn: () => subscribe(email.trim(), lang),
    onSuccess: () => setEmail(''),
    onError: (e) => setIssue(errorCode(e)),
  });
  return (
    <form
      noValidate
      aria-label={t('subscribe.title')}
      onSubmit={(e) => {
        e.preventDefault();
        const found = subscribeIssues(email);
        setIssue(found);
        if (!found) send.mutate();
      }}
    >
      <Stack gap="xs">
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            id="subscribe-email"
            label={t('subscribe.email')}
            type="email"
            dir="ltr"
            autoComplete="email"
            maxLength={EMAIL_MAX}
            value={email}
            onChange={(e) => {
              setEmail(e.currentTarget.value);
              setIssue(null);
            }}
            error={issue ? t(issue) : undefined}
            style={{ flex: 1 }}
            data-testid="subscribe-email"
          />
          <Button type="submit" loading={send.isPending} data-testid="subscribe-submit">
            {t('subscribe.submit')}
          </Button>
        </Group>
        {send.isSuccess && (
          <Alert color="green" role="status" data-testid="subscribe-done">
            {t('subscribe.sent')}
          </Alert>
        )}
      </Stack>
    </form>
  );
}
