// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test/renderUi.tsx';
import { type DateRange, DateRangeFilter, isDateRangeValid } from './DateRangeFilter.tsx';
import { FilterPanel } from './FilterPanel.tsx';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => cleanup());

/** A filter panel with only a date range, searching with what is typed. */
function RangePanel({ onSearch, initial = {} }: { onSearch(range: DateRange): void; initial?: DateRange }) {
  const [range, setRange] = useState<DateRange>(initial);
  return (
    <FilterPanel valid={isDateRangeValid(range)} onSearch={() => onSearch(range)} onClear={() => setRange({})}>
      <DateRangeFilter value={range} onChange={setRange} />
    </FilterPanel>
  );
}

describe('isDateRangeValid', () => {
  it('takes empty ends, one end, or a start not after the end', () => {
    expect(isDateRangeValid({})).toBe(true);
    expect(isDateRangeValid({ from: '2026-11-01' })).toBe(true);
    expect(isDateRangeValid({ to: '2026-11-01' })).toBe(true);
    expect(isDateRangeValid({ from: '2026-11-01', to: '2026-11-01' })).toBe(true);
    expect(isDateRangeValid({ from: '2026-11-01', to: '2026-12-01' })).toBe(true);
  });

  it('refuses an end before the start, and days that do not exist', () => {
    expect(isDateRangeValid({ from: '2026-11-02', to: '2026-11-01' })).toBe(false);
    expect(isDateRangeValid({ from: '2026-02-30' })).toBe(false);
    expect(isDateRangeValid({ to: '2026-13-01' })).toBe(false);
    expect(isDateRangeValid({ from: '01/11/2026' })).toBe(false);
  });
});

describe('DateRangeFilter', () => {
  it('bounds each picker by the other end', () => {
    renderUi(<RangePanel onSearch={vi.fn()} initial={{ from: '2026-11-01', to: '2026-11-30' }} />);
    expect(screen.getByLabelText('From date').getAttribute('max')).toBe('2026-11-30');
    expect(screen.getByLabelText('To date').getAttribute('min')).toBe('2026-11-01');
    expect(screen.getByLabelText('From date').getAttribute('type')).toBe('date');
  });

  it('flags an end before the start and will not search until it is fixed', () => {
    const onSearch = vi.fn();
    renderUi(<RangePanel onSearch={onSearch} />);
    fireEvent.change(screen.getByLabelText('From date'), { target: { value: '2026-11-10' } });
    fireEvent.change(screen.getByLabelText('To date'), { target: { value: '2026-11-01' } });
    const to = screen.getByLabelText('To date');
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('The end date cannot be before the start date.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).not.toHaveBeenCalled();

    fireEvent.change(to, { target: { value: '2026-11-20' } });
    expect(to.getAttribute('aria-invalid')).not.toBe('true');
    expect(screen.queryByText('The end date cannot be before the start date.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledWith({ from: '2026-11-10', to: '2026-11-20' });
  });

  it('drops an end that is emptied, and clears both', () => {
    const onSearch = vi.fn();
    renderUi(<RangePanel onSearch={onSearch} initial={{ from: '2026-11-01', to: '2026-11-30' }} />);
    fireEvent.change(screen.getByLabelText('To date'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenLastCalledWith({ from: '2026-11-01' });
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect((screen.getByLabelText('From date') as HTMLInputElement).value).toBe('');
  });

  it('speaks Arabic', () => {
    renderUi(<RangePanel onSearch={vi.fn()} initial={{ from: '2026-11-10', to: '2026-11-01' }} />, 'ar');
    expect(screen.getByLabelText('من تاريخ')).toBeTruthy();
    expect(screen.getByLabelText('إلى تاريخ').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('لا يمكن أن يكون تاريخ النهاية قبل تاريخ البداية.')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'البحث والتصفية' })).toBeTruthy();
  });
});
