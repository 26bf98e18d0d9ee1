import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  clockAt,
  describeExpirations,
  optionRange,
  resolveExpirations,
  summarizeDates,
  thirdFriday,
  validateExpirations,
} from './expirations';

// Wednesday 2026-03-11, 10:00 New York.
const clock = { today: '2026-03-11', minutes: 600 };
const available = ['2026-03-11', '2026-03-12', '2026-03-13', '2026-03-16', '2026-03-20', '2026-04-17', '2026-06-19', '2027-01-15'];

describe('expiration options', () => {
  it('resolves 0DTE, 1DTE and 2DTE on trading days', () => {
    expect(resolveExpirations({ option: 'TODAY' }, available, clock)).toEqual(['2026-03-11']);
    expect(resolveExpirations({ option: 'TOMORROW' }, available, clock)).toEqual(['2026-03-12']);
    expect(resolveExpirations({ option: 'DAY_AFTER_TOMORROW' }, available, clock)).toEqual(['2026-03-13']);
    // From a Friday, 1DTE is Monday.
    expect(optionRange('TOMORROW', { today: '2026-03-13', minutes: 600 })).toEqual(['2026-03-16', '2026-03-16']);
  });
  it('resolves this week and next week', () => {
    expect(resolveExpirations({ option: 'THIS_WEEK' }, available, clock)).toEqual(['2026-03-11', '2026-03-12', '2026-03-13']);
    expect(resolveExpirations({ option: 'NEXT_WEEK' }, available, clock)).toEqual(['2026-03-16', '2026-03-20']);
  });
  it("rolls 'this week' to next week after Friday 16:00 New York time", () => {
    const fridayMorning = { today: '2026-03-13', minutes: 15 * 60 + 59 };
    const fridayEvening = { today: '2026-03-13', minutes: 16 * 60 };
    expect(optionRange('THIS_WEEK', fridayMorning)).toEqual(['2026-03-13', '2026-03-13']);
    expect(optionRange('THIS_WEEK', fridayEvening)).toEqual(['2026-03-16', '2026-03-20']);
    expect(optionRange('NEXT_WEEK', fridayEvening)).toEqual(['2026-03-23', '2026-03-27']);
  });
  it('computes the third Friday', () => {
    expect(thirdFriday(2026, 3)).toBe('2026-03-20');
    expect(thirdFriday(2026, 4)).toBe('2026-04-17');
    expect(resolveExpirations({ option: 'THIRD_FRIDAY' }, available, clock)).toEqual(['2026-03-20']);
    // After this month's third Friday, the next month's is used.
    expect(optionRange('THIRD_FRIDAY', { today: '2026-03-21', minutes: 0 })).toEqual(['2026-04-17', '2026-04-17']);
  });
  it('resolves months, years and the next thirty days', () => {
    expect(resolveExpirations({ option: 'THIS_MONTH' }, available, clock)).toEqual(available.slice(0, 5));
    expect(resolveExpirations({ option: 'NEXT_MONTH' }, available, clock)).toEqual(['2026-04-17']);
    expect(resolveExpirations({ option: 'THIRTY_NEXT_DAYS' }, available, clock)).toEqual(available.slice(0, 5));
    expect(resolveExpirations({ option: 'THIS_YEAR' }, available, clock)).toEqual(available.slice(0, 7));
    expect(resolveExpirations({ option: 'NEXT_YEAR' }, available, clock)).toEqual(['2027-01-15']);
  });
  it('resolves ALL, custom ranges and specific dates', () => {
    expect(resolveExpirations({ option: 'ALL' }, available, clock)).toEqual(available);
    expect(resolveExpirations({ option: 'CUSTOM', from: '2026-03-14', to: '2026-04-30' }, available, clock)).toEqual([
      '2026-03-16',
      '2026-03-20',
      '2026-04-17',
    ]);
    expect(resolveExpirations({ option: 'SPECIFIC', dates: ['2026-06-19', '2026-06-20'] }, available, clock)).toEqual(['2026-06-19']);
  });
  it('reads New York time from an instant', () => {
    // 2026-03-13T21:30Z is 17:30 EDT on Friday.
    expect(clockAt(new Date('2026-03-13T21:30:00Z'))).toEqual({ today: '2026-03-13', minutes: 17 * 60 + 30 });
  });
});

describe('validation messages', () => {
  it('rejects a custom range in the past unless historical', () => {
    const past = { option: 'CUSTOM' as const, from: '2026-03-01', to: '2026-03-05' };
    expect(validateExpirations(past, available, clock)).toBe(MESSAGES.rangeInPast);
    expect(MESSAGES.rangeInPast).toBe('Chosen range is in the past');
    expect(validateExpirations(past, ['2026-03-02'], clock, true)).toBeNull();
  });
  it('rejects a range without expirations', () => {
    expect(validateExpirations({ option: 'CUSTOM', from: '2026-07-01', to: '2026-07-31' }, available, clock)).toBe(
      'There is no expiration in this date range',
    );
  });
  it('always accepts a same-day range', () => {
    expect(validateExpirations({ option: 'CUSTOM', from: '2026-03-01', to: '2026-03-01' }, available, clock)).toBeNull();
  });
  it('rejects specific dates that match nothing', () => {
    expect(validateExpirations({ option: 'SPECIFIC', dates: ['2026-05-01'] }, available, clock)).toBe(
      'Your choice is not matching any expirations',
    );
    expect(validateExpirations({ option: 'SPECIFIC', dates: ['2026-04-17'] }, available, clock)).toBeNull();
  });
});

describe('date lists', () => {
  it('shows at most six dates, then "and N more"', () => {
    const fmt = (d: string) => d;
    expect(summarizeDates(available.slice(0, 6), fmt)).toBe(available.slice(0, 6).join(', '));
    expect(summarizeDates(available, fmt)).toBe(`${available.slice(0, 6).join(', ')} and 2 more`);
  });
  it('describes options for captions', () => {
    expect(describeExpirations({ option: 'TODAY' })).toBe('0DTE');
    expect(describeExpirations({ option: 'CUSTOM', from: '2026-03-11', to: '2026-03-11' })).toBe('Mar 11, 2026');
  });
});
