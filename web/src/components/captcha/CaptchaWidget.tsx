import { Fieldset, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import 'altcha/altcha.css';
import 'altcha/external';
import type { WidgetMethods } from 'altcha/types';
import type {} from 'altcha/types/global';
import type {} from 'altcha/types/react';
import PbkdfWorker from 'altcha/workers/pbkdf2?worker';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as C from '../../../../api/contracts/recovery.ts';
import { useLanguageStore } from '../../app/stores/language.ts';
import { endpointQuery } from '../../lib/endpointQuery.ts';

// The proof of work runs in the widget's own worker, served from this site (no blob: and no third party: the CSP
// allows neither); the challenge comes from our API. The "external" build loads nothing else.
globalThis.$altcha.algorithms.set('PBKDF2/SHA-256', () => new PbkdfWorker());

const STRING_KEYS = {
  label: 'captcha.label',
  verified: 'captcha.verified',
  verifying: 'captcha.verifying',
  waitAlert: 'captcha.verifying',
  verificationRequired: 'captcha.required',
  error: 'captcha.error',
  expired: 'captcha.expired',
  reload: 'captcha.reload',
  verify: 'captcha.verify',
  loading: 'app.loading',
  cancel: 'confirm.cancel',
} as const;

type Widget = HTMLElement & WidgetMethods;

/** The self-hosted captcha (ALTCHA) on a form: a checkbox that solves a proof of work, labelled in both languages. */
export function CaptchaWidget({ onPayload }: { onPayload(payload: string | undefined): void }) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const ref = useRef<Widget>(null);
  const instance = useId();
  const challenge = useQuery({
    ...endpointQuery(['captcha', instance], C.captchaChallenge, () => ({})),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });

  useEffect(() => {
    globalThis.$altcha.i18n.set(lang, Object.fromEntries(Object.entries(STRING_KEYS).map(([k, key]) => [k, t(key)])));
  }, [lang, t]);

  const data = challenge.data?.challenge;
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || !data) return;
    setReady(false);
    // Typed as a promise, but the element answers undefined: wait for either.
    void Promise.resolve(
      el.configure({ challenge: data, language: lang, hideFooter: true, hideLogo: true, type: 'checkbox' }),
    ).then(() => setReady(true));
  }, [data, lang]);

  const refetch = challenge.refetch;
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onState = (e: Event) => {
      const detail = (e as CustomEvent<{ payload?: string | null; state: string }>).detail;
      onPayload(detail.state === 'verified' && detail.payload ? detail.payload : undefined);
    };
    // A challenge lives ten minutes: an expired one is replaced by a fresh one.
    const onExpired = () => void refetch();
    el.addEventListener('statechange', onState);
    el.addEventListener('expired', onExpired);
    return () => {
      el.removeEventListener('statechange', onState);
      el.removeEventListener('expired', onExpired);
    };
  }, [onPayload, refetch]);

  return (
    <Fieldset variant="unstyled" legend={t('captcha.title')} p={0} data-captcha-ready={ready}>
      {challenge.isError && (
        <Text size="sm" c="red" role="alert">
          {t('ErrorLoadingData')}
        </Text>
      )}
      <altcha-widget ref={ref} data-testid="captcha" />
    </Fieldset>
  );
}
