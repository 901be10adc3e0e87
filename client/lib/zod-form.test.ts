import { describe, expect, it } from 'vitest';
import { sendOtpInput } from '../../shared/auth.schema';
import { zodValidate } from './zod-form';

describe('zodValidate', () => {
  const validate = zodValidate(sendOtpInput);

  it('gives no errors for valid values', () => {
    expect(validate({ name: 'Ada', email: 'ada@example.com', password: 'secret1' })).toEqual({});
  });

  it('gives the shared message of each bad field', () => {
    expect(validate({ name: 'A', email: 'nope', password: '123' })).toEqual({
      name: 'Name must be at least 2 characters',
      email: 'Invalid email address',
      password: 'Password must be at least 6 characters',
    });
  });
});
