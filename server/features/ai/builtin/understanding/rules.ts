// Rules: the text of /rules ("rules: 'Be kind. No ads.'", "a /rules command with: 1. be nice 2. no spam";
// unquoted lists are quoted by free-texts.ts before this reads them).

import { quoteNear } from './wording';

const RULES_CUE = /(?:^|[^\w])[/!]?rules\b|\bguidelines\b|\bcode of conduct\b/i;

export function rulesTextIn(masked: string, quotes: string[]): string | null {
  return quoteNear(masked, quotes, RULES_CUE);
}
