// How a credit ledger row reads on the Usage page (type labels, signed amounts).

const labels: Record<string, string> = {
  ai_message: 'AI Assistant',
  code_edit: 'Code Modification',
  purchase: 'Credit Purchase',
  refund: 'Credit Refund',
  signup_bonus: 'Welcome Bonus',
  adjustment: 'Balance Adjustment',
};

export function transactionLabel(type: string): string {
  return Object.hasOwn(labels, type) ? labels[type]! : 'Transaction';
}

/** '+100' for a grant, '-5' for a charge, '0' for nothing. */
export function signedAmount(amount: number): string {
  return amount > 0 ? `+${amount}` : String(amount);
}

/** Balance under which the remaining credits show in red. */
export const LOW_CREDITS = 5;
/** The usage bar's full scale, labelled 'Recommended Monthly Usage'. */
export const RECOMMENDED_MONTHLY_CREDITS = 500;

/** Share of the recommended monthly usage, as a 0..100 percentage. */
export function usagePercent(credits: number, scale = RECOMMENDED_MONTHLY_CREDITS): number {
  if (!Number.isFinite(credits) || credits <= 0) return 0;
  return Math.min(100, (credits / scale) * 100);
}
