import { Loader } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useCallback, useState } from 'react';

// The widget (and the altcha library, which needs a browser to load) is fetched only by a form that shows it.
const CaptchaWidget = lazy(() => import('./CaptchaWidget.tsx').then((m) => ({ default: m.CaptchaWidget })));

export interface CaptchaState {
  /** Whether the form must carry a solved captcha (off where the spec hides it: a local environment). */
  enabled: boolean;
  /** The solved challenge, sent with the form; undefined until solved. */
  payload: string | undefined;
  /** A solution serves one request: after an answer, the form asks for a new challenge. */
  renew(): void;
  field: ReactNode;
}

export function useCaptcha(enabled: boolean): CaptchaState {
  const [payload, setPayload] = useState<string | undefined>();
  const [generation, setGeneration] = useState(0);
  const renew = useCallback(() => {
    setPayload(undefined);
    setGeneration((g) => g + 1);
  }, []);
  return {
    enabled,
    payload,
    renew,
    field: enabled ? (
      <Suspense fallback={<Loader size="sm" />}>
        <CaptchaWidget key={generation} onPayload={setPayload} />
      </Suspense>
    ) : null,
  };
}
