import { describe, expect, it } from 'vitest';
import { priceStep } from '@/lib/format';
import { dateTimeLocalToIso, isoOffset, toDateTimeLocal } from './date-time-local';
import { checkSignalForm, emptySignalForm, priceText, sampleSignal, type TSignalFormValues } from './signal-form';

// Tests run with TZ=UTC: the browser's offset is +00:00.
const NOW = Date.parse('2025-03-01T10:17:42Z');

describe('datetime-local values', () => {
  it('become ISO times with the browser’s offset', () => {
    expect(dateTimeLocalToIso('2025-03-01T14:30')).toBe('2025-03-01T14:30:00+00:00');
    expect(Date.parse(dateTimeLocalToIso('2025-03-01T14:30'))).toBe(Date.parse('2025-03-01T14:30:00Z'));
  });
  it('are empty when they are not a time', () => {
    expect(dateTimeLocalToIso('')).toBe('');
    expect(dateTimeLocalToIso('tomorrow')).toBe('');
    expect(dateTimeLocalToIso('2025-02-30T10:00')).toBe('');
  });
  it('come back from a moment, to the minute', () => {
    expect(toDateTimeLocal(new Date(NOW))).toBe('2025-03-01T10:17');
  });
  it('write offsets east and west of UTC', () => {
    expect(isoOffset(120)).toBe('+02:00');
    expect(isoOffset(-330)).toBe('-05:30');
    expect(isoOffset(0)).toBe('+00:00');
    expect(isoOffset(345)).toBe('+05:45');
  });
});

describe('Fill Sample Data', () => {
  const texts = { title: 'Sample', description: 'A sample signal' };

  it('calls the chosen pair at its live price, target 0.5% above, opening in 30 minutes and closing in 4 hours', () => {
    const sample = sampleSignal({ pair: 'ETH/USD', price: 2000, now: NOW, ...texts });
    expect(sample).toEqual({
      title: 'Sample',
      description: 'A sample signal',
      asset: 'ETH/USD',
      entryPrice: '2000.00',
      targetPrice: '2010.00',
      percentageReturn: '5',
      minEntryAmount: '100',
      scheduleTime: '2025-03-01T10:47',
      closingTime: '2025-03-01T14:17',
    });
  });

  // Prices are written in the pair's decimals; the target is 0.5% above the entry.
  it.each([
    {
      rule: 'takes the first pair when none is chosen',
      pair: '',
      price: 61_234.5,
      expected: { asset: 'BTC/USD', entryPrice: '61234.50', targetPrice: '61540.67' },
    },
    {
      rule: 'writes a forex pair in five decimals',
      pair: 'EUR/USD',
      price: 1.08345,
      expected: { entryPrice: '1.08345', targetPrice: '1.08887' },
    },
    {
      rule: 'keeps the target above the entry on the smallest price',
      pair: 'XRP/USD',
      price: 0.0001,
      expected: { entryPrice: '0.0001', targetPrice: '0.0002' },
    },
    {
      rule: 'leaves the prices to the admin without a live price',
      pair: 'SOL/USD',
      price: undefined,
      expected: { entryPrice: '', targetPrice: '' },
    },
  ] as const)('$rule', ({ pair, price, expected }) => {
    expect(sampleSignal({ pair, price, now: NOW, ...texts })).toMatchObject(expected);
  });

  it('passes the form’s own checks', () => {
    const sample = sampleSignal({ pair: 'USD/JPY', price: 149.123, now: NOW, ...texts });
    const check = checkSignalForm(sample, NOW);
    expect(check.ok).toBe(true);
    if (check.ok) {
      expect(check.input.scheduleTime).toBe('2025-03-01T10:47:00+00:00');
      expect(check.input.closingTime).toBe('2025-03-01T14:17:00+00:00');
    }
  });
});

describe('checkSignalForm', () => {
  const valid: TSignalFormValues = {
    title: 'BTC breakout',
    description: 'Above resistance',
    asset: 'BTC/USD',
    entryPrice: '60000',
    targetPrice: '61000',
    percentageReturn: '7.5',
    minEntryAmount: '100',
    scheduleTime: '2025-03-01T11:00',
    closingTime: '2025-03-01T15:00',
  };

  it('says every required field is required', () => {
    const check = checkSignalForm({ ...emptySignalForm(), minEntryAmount: '' }, NOW);
    expect(check).toEqual({
      ok: false,
      errors: {
        title: 'validation.signalTitleRequired',
        description: 'validation.descriptionRequired',
        asset: 'validation.assetRequired',
        entryPrice: 'validation.entryPriceRequired',
        targetPrice: 'validation.targetPriceRequired',
        percentageReturn: 'validation.percentageReturnRequired',
        minEntryAmount: 'validation.minEntryAmountRequired',
        scheduleTime: 'validation.scheduleTimeRequired',
        closingTime: 'validation.closingTimeRequired',
      },
    });
  });

  it('applies the contract’s rules', () => {
    const check = checkSignalForm(
      {
        ...valid,
        entryPrice: '60000.001',
        targetPrice: '60000',
        percentageReturn: '7.55',
        minEntryAmount: '0.5',
        closingTime: '2025-03-01T10:59',
      },
      NOW,
    );
    expect(check).toEqual({
      ok: false,
      errors: {
        entryPrice: 'validation.priceDecimals',
        percentageReturn: 'validation.percentageReturnRange',
        minEntryAmount: 'validation.minEntryAmountMin',
        closingTime: 'validation.closingBeforeSchedule',
      },
    });
    expect(checkSignalForm({ ...valid, targetPrice: '60000' }, NOW)).toEqual({
      ok: false,
      errors: { targetPrice: 'validation.targetEqualsEntry' },
    });
    expect(checkSignalForm({ ...valid, closingTime: '2025-03-01T10:59' }, NOW)).toEqual({
      ok: false,
      errors: { closingTime: 'validation.closingBeforeSchedule' },
    });
  });

  it('wants a schedule time still ahead', () => {
    expect(checkSignalForm({ ...valid, scheduleTime: '2025-03-01T10:15' }, NOW)).toEqual({
      ok: false,
      errors: { scheduleTime: 'validation.scheduleInPast' },
    });
  });

  it('answers the API’s input for a valid form', () => {
    expect(checkSignalForm(valid, NOW)).toEqual({
      ok: true,
      // The same fields, the times as ISO times with the browser's offset.
      input: { ...valid, scheduleTime: '2025-03-01T11:00:00+00:00', closingTime: '2025-03-01T15:00:00+00:00' },
    });
  });
});

describe('prices', () => {
  it('are written with the pair’s decimals', () => {
    expect(priceText('BTC/USD', 6_000_000n)).toBe('60000.00');
    expect(priceText('EUR/USD', 5n)).toBe('0.00005');
  });
  it('step by one unit of the last decimal', () => {
    expect(priceStep('', '0.01')).toBe('0.01');
    expect(priceStep('BTC/USD')).toBe('0.01');
    expect(priceStep('XRP/USD')).toBe('0.0001');
    expect(priceStep('USD/JPY')).toBe('0.001');
  });
});
