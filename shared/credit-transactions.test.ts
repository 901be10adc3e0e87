import { describe, expect, it } from 'vitest';
import { signedAmount, transactionLabel, usagePercent } from './credit-transactions';

describe('transactionLabel', () => {
  it('names every known type', () => {
    expect(transactionLabel('ai_message')).toBe('AI Assistant');
    expect(transactionLabel('code_edit')).toBe('Code Modification');
    expect(transactionLabel('purchase')).toBe('Credit Purchase');
    expect(transactionLabel('refund')).toBe('Credit Refund');
    expect(transactionLabel('signup_bonus')).toBe('Welcome Bonus');
  });

  it('falls back to Transaction, even for inherited property names', () => {
    expect(transactionLabel('admin_adjustment')).toBe('Transaction');
    expect(transactionLabel('adjustment')).toBe('Balance Adjustment');
    expect(transactionLabel('toString')).toBe('Transaction');
  });
});

describe('signedAmount', () => {
  it('signs grants and charges', () => {
    expect(signedAmount(100)).toBe('+100');
    expect(signedAmount(-5)).toBe('-5');
    expect(signedAmount(0)).toBe('0');
  });
});

describe('usagePercent', () => {
  it('scales against 500 and caps at 100', () => {
    expect(usagePercent(100)).toBe(20);
    expect(usagePercent(500)).toBe(100);
    expect(usagePercent(900)).toBe(100);
    expect(usagePercent(-3)).toBe(0);
  });
});
