// @vitest-environment happy-dom
import { Checkbox, TextInput } from '@mantine/core';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { seedSnapshot } from '../../../../domain/lookups/testing.ts';
import type { RegistrationForm } from '../../../../domain/registration/form.ts';
import { validateRegistration } from '../../../../domain/registration/rules.ts';
import { CLIENTS } from '../../../../domain/shared/clients.ts';
import { ar } from '../../app/i18n/ar.ts';
import { en } from '../../app/i18n/en.ts';
import { renderUi } from '../../test/renderUi.tsx';
import { FormField } from './FormField.tsx';
import { GregorianDateInput, parseIsoDay } from './GregorianDateInput.tsx';
import { DomainFormProvider, useDomainForm } from './useDomainForm.ts';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => cleanup());

const NOW = new Date('2026-11-22T09:00:00.000Z');
type UserPart = Pick<RegistrationForm, 'user'>;

/** The domain's registration rules for the account fields only: a small form checked by the real rule function. */
function userRules(values: UserPart, mode: 'draft' | 'submit') {
  return validateRegistration(values, mode, CLIENTS.MOH, NOW, seedSnapshot()).filter((i) => i.path.startsWith('user.'));
}

/** A two-field form on the layer; reports what onSubmit let through. */
function AccountForm({ onValid }: { onValid(values: UserPart): void }) {
  const domain = useDomainForm<UserPart, 'draft' | 'submit'>({
    initialValues: {},
    rules: userRules,
    defaultMode: 'draft',
    idPrefix: 'acct',
  });
  const user = domain.values.user ?? {};
  return (
    <DomainFormProvider value={domain.fields}>
      <form noValidate onSubmit={domain.form.onSubmit(onValid)}>
        {(['email', 'mobile'] as const).map((key) => (
          <FormField key={key} path={`user.${key}`} label={key} required description={`${key} hint`}>
            {({ wrapper }) => (
              <TextInput
                {...wrapper}
                value={user[key] ?? ''}
                onChange={(e) =>
                  domain.update((v) => ({ ...v, user: { ...v.user, [key]: e.currentTarget.value } }), `user.${key}`)
                }
              />
            )}
          </FormField>
        ))}
        <button type="button" onClick={() => domain.check('draft')}>
          check
        </button>
        <button type="submit">send</button>
        <output data-testid="issues">{domain.issues.map((i) => `${i.path}:${i.code}`).join(' ')}</output>
      </form>
    </DomainFormProvider>
  );
}

/** The text of the elements an element is described by. */
function describedText(el: HTMLElement): string {
  return (el.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' | ');
}

describe('useDomainForm', () => {
  it.each([
    ['en', en],
    ['ar', ar],
  ] as const)('shows the domain rule’s catalogue code translated (%s), tied to the input', (lang, strings) => {
    renderUi(<AccountForm onValid={() => {}} />, lang);
    const email = document.getElementById('acct-user-email') as HTMLInputElement;
    fireEvent.change(email, { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'check' }));

    expect(screen.getByTestId('issues').textContent).toContain('user.email:InvalidEmail');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(email)).toContain(strings.InvalidEmail);
    expect(describedText(email)).toContain('email hint');
    const mobile = document.getElementById('acct-user-mobile') as HTMLInputElement;
    expect(describedText(mobile)).toContain(strings.AllFieldsRequired);

    // Changing a field forgets its issue; the others stay until the next check.
    fireEvent.change(email, { target: { value: 'sara@example.org' } });
    expect(email.getAttribute('aria-invalid')).toBeNull();
    expect(describedText(email)).not.toContain(strings.InvalidEmail);
    expect(screen.getByTestId('issues').textContent).not.toContain('user.email');
    expect(mobile.getAttribute('aria-invalid')).toBe('true');
  });

  it('lets onSubmit through only when the same rules find nothing', async () => {
    const onValid = vi.fn();
    renderUi(<AccountForm onValid={onValid} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'send' })));
    expect(onValid).not.toHaveBeenCalled();
    expect(document.getElementById('acct-user-mobile')?.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(document.getElementById('acct-user-email')!, { target: { value: 'sara@example.org' } });
    fireEvent.change(document.getElementById('acct-user-mobile')!, { target: { value: '0551234567' } });
    // The rest of the account (user name, password) is still missing: the rule function decides, not the inputs.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'send' })));
    expect(onValid).not.toHaveBeenCalled();
  });
});

describe('FormField', () => {
  it('names a group by its label, marks it required, and describes it by its hint and error', () => {
    renderUi(
      <DomainFormProvider value={{ idOf: (p) => `f-${p}`, errorOf: () => 'AllFieldsRequired' }}>
        <FormField path="days" label="Days" required kind="group" description="Pick at least one">
          {() => <Checkbox label="Sunday" />}
        </FormField>
      </DomainFormProvider>,
    );
    const group = screen.getByRole('group', { name: /^Days/ });
    expect(group.id).toBe('f-days');
    expect(within(group).getByLabelText('Sunday')).toBeTruthy();
    expect(describedText(group)).toContain(en.AllFieldsRequired);
    expect(describedText(group)).toContain('Pick at least one');
    expect(screen.getByText('Days').closest('[id="f-days-label"]')?.textContent).toMatch(/\*/);
  });

  it('gives a control that is not an input the id, the label and an error that wins over the form’s', () => {
    renderUi(
      <DomainFormProvider value={{ idOf: (p) => `f-${p}`, errorOf: () => undefined }}>
        <FormField path="file" label="Photo" kind="control" error="Too big" describedBy={['f-file-status']}>
          {({ control }) => (
            <button
              type="button"
              id="f-file"
              aria-describedby={control['aria-describedby']}
              aria-invalid={control['aria-invalid']}
            >
              choose
            </button>
          )}
        </FormField>
        <span id="f-file-status">nothing yet</span>
      </DomainFormProvider>,
    );
    const button = screen.getByLabelText('Photo');
    expect(button.id).toBe('f-file');
    expect(button.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(button)).toBe('Too big | nothing yet');
  });
});

/** A date field on the layer whose form says the day is invalid. */
function Birth({ onChange }: { onChange(v: string | undefined): void }) {
  const [value, setValue] = useState<string | undefined>();
  return (
    <DomainFormProvider value={{ idOf: (p) => `f-${p}`, errorOf: () => 'InvalidDate' }}>
      <FormField path="birth" label="Birth date">
        {({ wrapper }) => (
          <GregorianDateInput
            {...wrapper}
            min="1950-01-01"
            max="2030-06-22"
            value={value}
            onChange={(v) => {
              setValue(v);
              onChange(v);
            }}
          />
        )}
      </FormField>
    </DomainFormProvider>
  );
}

describe('GregorianDateInput', () => {
  it('parses ISO days in Latin or Arabic-Indic digits, and nothing else', () => {
    expect(parseIsoDay('1996-03-15')).toBe('1996-03-15');
    expect(parseIsoDay('١٩٩٦-٠٣-١٥')).toBe('1996-03-15');
    expect(parseIsoDay('2026-02-30')).toBeNull();
    expect(parseIsoDay('15/03/1996')).toBeNull();
    expect(parseIsoDay('')).toBeNull();
  });

  it('takes a typed day as its ISO value, keeps a typed day outside the bounds for the rule, and is labelled', () => {
    const onChange = vi.fn();
    renderUi(<Birth onChange={onChange} />);
    const input = screen.getByLabelText(/^Birth date/) as HTMLInputElement;
    expect(input.id).toBe('f-birth');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(input)).toContain(en.InvalidDate);
    fireEvent.change(input, { target: { value: '1996-03-15' } });
    expect(onChange).toHaveBeenLastCalledWith('1996-03-15');
    fireEvent.change(input, { target: { value: '1940-01-01' } });
    expect(onChange).toHaveBeenLastCalledWith('1940-01-01');
    fireEvent.change(input, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith(undefined);
  });

  it('opens a calendar in Arabic on the Arabic page, its month buttons named', () => {
    renderUi(<Birth onChange={() => {}} />, 'ar');
    const input = screen.getByLabelText(/^Birth date/) as HTMLInputElement;
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '١٩٩٦-٠٣-١٥' } });
    expect(screen.getByText(/مارس/)).toBeTruthy();
    expect(screen.getByRole('button', { name: ar['datePicker.previousMonth'] })).toBeTruthy();
    expect(screen.getByRole('button', { name: ar['datePicker.nextMonth'] })).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
    fireEvent.blur(input);
    expect(screen.queryByText(/مارس/)).toBeNull();
  });

  it('keeps the calendar closed when a value arrives without focus (autofill, a script)', () => {
    const onChange = vi.fn();
    renderUi(<Birth onChange={onChange} />);
    const input = screen.getByLabelText(/^Birth date/) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '1996-03-15' } });
    expect(onChange).toHaveBeenLastCalledWith('1996-03-15');
    expect(screen.queryByRole('button', { name: en['datePicker.previousMonth'] })).toBeNull();
  });
});
