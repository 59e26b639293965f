// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/renderUi.tsx';
import { SelectField, TextAreaField, TextField } from './fields.tsx';
import { RulesForm } from './RulesForm.tsx';
import { DomainFormProvider, useDomainForm } from './useDomainForm.ts';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => cleanup());

interface Values {
  name?: string;
  notes?: string;
  regionId?: number;
}

/** A form with one field of each kind; the name is required by its rule. */
function Form() {
  const domain = useDomainForm<Values, 'submit'>({
    initialValues: {},
    rules: (v) => (v.name ? [] : [{ path: 'name', code: 'AllFieldsRequired' }]),
    defaultMode: 'submit',
    idPrefix: 'f',
  });
  const v = domain.values;
  const [seen, setSeen] = useState('');
  const set = <K extends keyof Values>(k: K, value: Values[K]) => domain.update((o) => ({ ...o, [k]: value }), k);
  return (
    <DomainFormProvider value={domain.fields}>
      <TextField path="name" label="Name" required maxLength={5} value={v.name} onChange={(s) => set('name', s)} />
      {/* Autosize measures fonts, which happy-dom lacks. */}
      <TextAreaField path="notes" label="Notes" autosize={false} value={v.notes} onChange={(s) => set('notes', s)} />
      <SelectField
        path="regionId"
        label="Region"
        blank="None"
        value={v.regionId}
        onChange={(s) => {
          set('regionId', s === '' ? undefined : Number(s));
          setSeen(s);
        }}
        options={[
          { value: '1', label: 'Riyadh' },
          { value: '2', label: 'Makkah' },
        ]}
      />
      <button type="button" onClick={() => domain.check('submit')}>
        check
      </button>
      <output data-testid="values">{`${JSON.stringify(v)}|${seen}`}</output>
    </DomainFormProvider>
  );
}

describe('form fields', () => {
  it('bind their values, wear the wrapper (label, ids, error) and give the select blank option its label', () => {
    renderUi(<Form />);
    const name = screen.getByLabelText(/Name/) as HTMLInputElement;
    expect(name.id).toBe('f-name');
    expect(name.maxLength).toBe(5);
    fireEvent.click(screen.getByText('check'));
    expect(name.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(name, { target: { value: 'Ali' } });
    fireEvent.change(screen.getByLabelText('Notes'), { target: { value: 'two\nlines' } });
    const region = screen.getByLabelText('Region') as HTMLSelectElement;
    expect([...region.options].map((o) => o.textContent)).toEqual(['None', 'Riyadh', 'Makkah']);
    fireEvent.change(region, { target: { value: '2' } });
    expect(region.value).toBe('2');
    expect(screen.getByTestId('values').textContent).toBe('{"name":"Ali","notes":"two\\nlines","regionId":2}|2');
    fireEvent.click(screen.getByText('check'));
    expect(name.getAttribute('aria-invalid')).toBeNull();
  });
});

/** A one-field form on RulesForm: counts the submits and what the rules let through. */
function Rules({ onValid, onSubmit }: { onValid(): void; onSubmit(): void }) {
  const domain = useDomainForm<Values, 'submit'>({
    initialValues: {},
    rules: (v) => (v.name ? [] : [{ path: 'name', code: 'AllFieldsRequired' }]),
    defaultMode: 'submit',
    idPrefix: 'r',
  });
  return (
    <RulesForm domain={domain} mode="submit" onSubmit={onSubmit} onValid={onValid}>
      <TextField
        path="name"
        label="Name"
        value={domain.values.name}
        onChange={(s) => domain.update((o) => ({ ...o, name: s }), 'name')}
      />
      <button type="submit">send</button>
    </RulesForm>
  );
}

describe('RulesForm', () => {
  it('runs onSubmit on every submit and onValid only once the rules find nothing', () => {
    const onValid = vi.fn();
    const onSubmit = vi.fn();
    renderUi(<Rules onValid={onValid} onSubmit={onSubmit} />);
    fireEvent.click(screen.getByText('send'));
    expect([onSubmit.mock.calls.length, onValid.mock.calls.length]).toEqual([1, 0]);
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ali' } });
    fireEvent.click(screen.getByText('send'));
    expect([onSubmit.mock.calls.length, onValid.mock.calls.length]).toEqual([2, 1]);
  });
});
