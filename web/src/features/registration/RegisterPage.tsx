import { Alert, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { namesOf } from '../../../../domain/identity/nic.ts';
import { registrationPrefill } from '../../../../domain/registration/prefill.ts';
import { CLIENTS } from '../../../../domain/shared/clients.ts';
import { AnchorLink, ButtonLink } from '../../app/layout/links.tsx';
import { useLanguageStore } from '../../app/stores/language.ts';
import { QueryState } from '../../components/QueryState.tsx';
import { notifyDone } from '../../lib/notify.ts';
import { allReads } from '../../lib/reads.ts';
import { useScreen } from '../../lib/useScreen.ts';
import { pendingIdentityQuery } from '../identity/index.ts';
import { useConfig } from '../session/index.ts';
import { lookupsQuery } from './api.ts';
import { RegistrationForm } from './RegistrationForm.tsx';
import { thankYouSearchOf } from './thankYouSearch.ts';

/** Spec: success messages hide after 5000 ms. */

interface DraftSaved {
  referenceNumber: string | null;
  userName: string;
  hasEmailVerification: boolean;
}

/** /$lang/register: a visitor's registration form; submit opens the thank-you page, a draft shows how to come back. */
export function RegisterPage() {
  const { t, title, lang } = useScreen('page.register');
  const navigate = useNavigate();
  const config = useConfig();
  const lookups = useQuery(lookupsQuery);
  // After the user-verification page (SSO register path): the form starts from the verified record.
  const verified = useQuery(pendingIdentityQuery).data?.record ?? null;
  const [draft, setDraft] = useState<DraftSaved | null>(null);

  if (!config.data || !lookups.data) {
    return (
      <Stack mt="lg">
        <Title order={1}>{title}</Title>
        <QueryState query={allReads(config, lookups)} />
      </Stack>
    );
  }

  if (draft) return <DraftSavedPanel draft={draft} />;

  return (
    <Stack mt="lg" gap="lg">
      <div>
        <Title order={1}>{title}</Title>
        <Text mt="xs">{t('reg.intro')}</Text>
        <Group gap={6} mt="xs">
          <Text size="sm">{t('reg.haveAccount')}</Text>
          <AnchorLink to="/$lang/login" params={{ lang }} size="sm">
            {t('app.signIn')}
          </AnchorLink>
        </Group>
      </div>
      {verified && (
        <Alert color="brand" role="status" data-testid="reg-prefilled">
          {t('nic.prefilled', { name: namesOf(verified)[lang] })}
        </Alert>
      )}
      <RegistrationForm
        key={verified?.nationalId ?? 'blank'}
        target="create"
        {...(verified ? { initial: registrationPrefill(verified) } : {})}
        client={CLIENTS[config.data.clientCode]}
        captcha={config.data.captcha}
        lookups={lookups.data}
        onSaved={async (response, submitted, form) => {
          if (submitted) {
            await navigate({
              to: '/$lang/registration/thank-you',
              params: { lang },
              search: thankYouSearchOf(response),
            });
            return;
          }
          notifyDone(t('reg.draftSaved'));
          setDraft({
            referenceNumber: response.referenceNumber,
            userName: form.user?.userName ?? '',
            hasEmailVerification: response.hasEmailVerification,
          });
        }}
      />
    </Stack>
  );
}

/** After a visitor's draft: the account exists, so the way back is to sign in. */
function DraftSavedPanel({ draft }: { draft: DraftSaved }) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    window.scrollTo?.(0, 0);
    heading.current?.focus();
  }, []);
  return (
    <Stack mt="lg" maw={640}>
      <Title order={1} ref={heading} tabIndex={-1}>
        {t('reg.draftSaved')}
      </Title>
      <Paper withBorder p="lg" radius="md">
        <Stack>
          {draft.referenceNumber && (
            <Alert color="brand" variant="light" data-testid="draft-reference">
              <Text fw={700}>{t('reg.draftSavedRef', { ref: isolate(draft.referenceNumber) })}</Text>
            </Alert>
          )}
          <Text>{t('reg.draftSavedText', { userName: isolate(draft.userName) })}</Text>
          {draft.hasEmailVerification && (
            <Alert color="brand" variant="light" role="status">
              {t('thankYou.verifyEmail')}
            </Alert>
          )}
          <div>
            <ButtonLink to="/$lang/login" params={{ lang }} search={{ redirect: '/registration/edit' }}>
              {t('reg.signInToContinue')}
            </ButtonLink>
          </div>
        </Stack>
      </Paper>
    </Stack>
  );
}

/** First-strong isolation: a Latin value inside Arabic text keeps its own order (U+2068 … U+2069). */
export function isolate(value: string): string {
  return `\u2068${value}\u2069`;
}
