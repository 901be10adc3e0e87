// Goodbye: the text said when a member leaves ("say goodbye when someone leaves with 'See you, {name}'").

import { quoteNear } from './wording';

const GOODBYE_CUE =
  /\bgood ?-?bye\w*|\bfarewell\w*|\bsays? bye\b|\b(?:someone|somebody|people|members?|users?|anyone|a member|a user|they|person) (?:leaves?|left|leaving|quits?|departs?)\b(?! (?:a|an|the|their|his|her|us|me|some|feedback|comments?|reviews?|messages?|notes?)\b)|\bleav(?:es|ing) the (?:group|server|channel|chat)\b/i;

export function goodbyeTextIn(masked: string, quotes: string[]): string | null {
  return quoteNear(masked, quotes, GOODBYE_CUE);
}
