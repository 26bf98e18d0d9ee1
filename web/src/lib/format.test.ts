import { describe, expect, it } from 'vitest';
import { formatCompact, formatCurrency, formatDate, formatDateList, formatDateTime, formatIsoDate, formatNumber, formatTime } from './format';

describe('numbers', () => {
  it('uses en-US grouping and at most 3 decimals', () => {
    expect(formatNumber(1234567.891234)).toBe('1,234,567.891');
    expect(formatNumber(0.5)).toBe('0.5');
    expect(formatNumber(2.5, { maxDecimals: 7 })).toBe('2.5');
    expect(formatNumber(1.23456, { maxDecimals: 7 })).toBe('1.235');
  });
  it('has a compact option', () => {
    expect(formatCompact(1_250_000)).toBe('1.25M');
    expect(formatNumber(-3_400_000_000, { compact: true, maxDecimals: 1 })).toBe('-3.4B');
    expect(formatCompact(950)).toBe('950');
  });
  it('shows a dash for missing values and can sign', () => {
    expect(formatNumber(null)).toBe('—');
    expect(formatNumber(Number.NaN)).toBe('—');
    expect(formatNumber(5, { signed: true })).toBe('+5');
  });
  it('formats dollars', () => {
    expect(formatCurrency(249)).toBe('$249');
    expect(formatCurrency(49.5)).toBe('$49.50');
  });
});

describe('dates', () => {
  const d = new Date(2025, 0, 8, 9, 5); // local time
  it('renders the spec formats', () => {
    expect(formatIsoDate(d)).toBe('2025-01-08');
    expect(formatTime(d)).toBe('09:05');
    expect(formatTime(new Date(2025, 0, 8, 15, 30), { clock: '12h' })).toBe('3:30 PM');
    expect(formatDate(d)).toBe('Jan 8, 2025');
    expect(formatDateTime(d)).toBe('Jan 8, 2025 09:05');
  });
  it('treats a bare yyyy-MM-dd as a calendar day in every time zone', () => {
    expect(formatDate('2025-03-21')).toBe('Mar 21, 2025');
    expect(formatIsoDate('2025-03-21')).toBe('2025-03-21');
  });
  it('formats in UTC on request and ignores invalid input', () => {
    expect(formatDateTime('2025-06-02T13:45:00Z', { utc: true })).toBe('Jun 2, 2025 13:45');
    expect(formatDate('not a date')).toBe('');
  });
  it("shows at most 6 dates then 'and N more'", () => {
    const dates = ['2025-01-01', '2025-01-02', '2025-01-03', '2025-01-06', '2025-01-07', '2025-01-08', '2025-01-09', '2025-01-10'];
    expect(formatDateList(dates)).toBe('Jan 1, 2025, Jan 2, 2025, Jan 3, 2025, Jan 6, 2025, Jan 7, 2025, Jan 8, 2025 and 2 more');
    expect(formatDateList(dates.slice(0, 2), 6, (x) => x)).toBe('2025-01-01, 2025-01-02');
  });
});
