import { Code, Group, Progress, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  PASSWORD_MIN_LENGTH,
  PASSWORD_SPECIALS,
  type PasswordProblem,
  type PasswordStrength,
  passwordProblems,
  passwordStrength,
} from '../../../../domain/account/password.ts';
import { CheckIcon, CrossIcon } from '../../app/layout/icons.tsx';

const METER: Record<PasswordStrength, { value: number; color: string }> = {
  weak: { value: 33, color: 'red.8' },
  medium: { value: 66, color: 'orange.8' },
  strong: { value: 100, color: 'brand.7' },
};

/** Every rule of the policy, in the order shown; each ticks when passwordProblems no longer reports it. */
const RULES: readonly PasswordProblem[] = ['tooShort', 'noLowercase', 'noUppercase', 'noDigit', 'noSpecial'];

/** The bar and the spoken strength; the word is announced politely when it changes. */
export function PasswordStrengthMeter({ password, id }: { password: string; id: string }) {
  const { t } = useTranslation();
  const strength = passwordStrength(password);
  const word = t(`password.strength.${strength}`);
  return (
    <div>
      <Progress.Root size="sm" aria-hidden={password === '' ? true : undefined}>
        <Progress.Section
          value={password === '' ? 0 : METER[strength].value}
          color={METER[strength].color}
          withAria={false}
          role="progressbar"
          aria-label={t('password.strength.label')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={password === '' ? 0 : METER[strength].value}
          aria-valuetext={word}
        />
      </Progress.Root>
      <Text id={id} size="sm" mt={4} aria-live="polite">
        {password === '' ? null : t('password.strength.text', { strength: word })}
      </Text>
    </div>
  );
}

/** The policy as a checklist that ticks while the user types. */
export function PasswordRules({ password, id }: { password: string; id: string }) {
  const { t } = useTranslation();
  const problems = new Set(passwordProblems(password));
  return (
    <div id={id}>
      <Text size="sm" fw={600}>
        {t('password.rules.heading')}
      </Text>
      <ul className="password-rules">
        {RULES.map((rule) => {
          const met = !problems.has(rule);
          return (
            <li key={rule} data-rule={rule} data-met={met}>
              <Group gap={6} wrap="nowrap" c={met ? 'brand.8' : 'gray.7'}>
                {met ? <CheckIcon size={16} /> : <CrossIcon size={16} />}
                <Text size="sm" c="inherit">
                  {t(`password.rule.${rule}`, { min: PASSWORD_MIN_LENGTH })}
                  {rule === 'noSpecial' && (
                    <>
                      {' '}
                      <Code dir="ltr" style={{ whiteSpace: 'nowrap' }}>
                        {PASSWORD_SPECIALS}
                      </Code>
                    </>
                  )}
                  <VisuallyHidden> ({met ? t('password.rule.met') : t('password.rule.notMet')})</VisuallyHidden>
                </Text>
              </Group>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
