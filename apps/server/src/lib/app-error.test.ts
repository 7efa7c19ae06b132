import { ERROR_CODES, ERROR_STATUS, VALIDATION_REFUSED_STATUS } from '@meridian/contracts/errors';
import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';

describe('AppError', () => {
  it('answers every code with the status of the one table', () => {
    for (const code of ERROR_CODES) {
      expect(new AppError(code, 'errors.generic').status, code).toBe(ERROR_STATUS[code]);
    }
    expect(new AppError('CONFLICT', 'errors.generic').status).toBe(409);
    expect(AppError.field('amount', 'validation.invalidValue').status).toBe(400);
  });

  it('answers a value stored data refuses as a 422 VALIDATION, also once moved to a field', () => {
    const refused = AppError.refused('address-book.addressNotSaved');
    expect([refused.code, refused.status]).toEqual(['VALIDATION', VALIDATION_REFUSED_STATUS]);
    const onField = refused.onField('address');
    expect([onField.code, onField.status, onField.field]).toEqual(['VALIDATION', 422, 'address']);
    expect(new AppError('INSUFFICIENT_FUNDS', 'errors.insufficientBalance').onField('amount').status).toBe(422);
  });
});
