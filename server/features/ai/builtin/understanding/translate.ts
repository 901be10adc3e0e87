// Translate: the language messages are translated into ("translate messages to Spanish",
// "a French translator", "translate everything into german").
import { type Masked, restore } from './masked';
import type { RuleDraft } from './rule-draft';

const LANGUAGES = [
  'English', 'Spanish', 'French', 'German', 'Italian', 'Portuguese', 'Russian', 'Chinese', 'Mandarin', 'Cantonese',
  'Japanese', 'Korean', 'Arabic', 'Hindi', 'Bengali', 'Urdu', 'Dutch', 'Polish', 'Turkish', 'Ukrainian', 'Swedish',
  'Norwegian', 'Danish', 'Finnish', 'Greek', 'Hebrew', 'Vietnamese', 'Thai', 'Indonesian', 'Malay', 'Czech',
  'Slovak', 'Hungarian', 'Romanian', 'Bulgarian', 'Serbian', 'Croatian', 'Persian', 'Farsi', 'Swahili', 'Tagalog',
  'Filipino', 'Catalan', 'Basque', 'Irish', 'Welsh', 'Latin', 'Esperanto', 'Tamil', 'Telugu', 'Punjabi', 'Estonian',
  'Latvian', 'Lithuanian', 'Slovenian', 'Icelandic', 'Afrikaans',
];
const LANGUAGE = `(${LANGUAGES.join('|')})`;

const TARGET = [
  new RegExp(`\\btranslat\\w*\\b[^.;!?\\n]*?\\b(?:in)?to\\s+${LANGUAGE}\\b`, 'i'),
  new RegExp(`\\b${LANGUAGE}\\s+(?:translation|translator|translations)\\b`, 'i'),
  new RegExp(`\\btranslat\\w*\\b[^.;!?\\n]*?\\bin\\s+${LANGUAGE}\\b`, 'i'),
  new RegExp(`\\btranslat\\w*\\b[^.;!?\\n]*?\\bfrom\\s+\\w+\\s+to\\s+${LANGUAGE}\\b`, 'i'),
];

function named(language: string): string {
  const found = LANGUAGES.find((l) => l.toLowerCase() === language.toLowerCase())!;
  return found === 'Farsi' ? 'Persian' : found;
}

/** The target language, in English and capitalised ('Spanish'), or null. */
export function targetLanguageIn(masked: string): string | null {
  for (const re of TARGET) {
    const m = re.exec(masked);
    if (m) return named(m[1]!);
  }
  return null;
}

/**
 * Translations read as rules: "/ua <text> translates the text into Ukrainian" (a command of its own
 * language) and "translates every message into English" (every message, whatever else answers it).
 */
export function translateRules(m: Masked): RuleDraft[] {
  const rules: RuleDraft[] = [];
  for (const line of m.masked.split('\n')) {
    const text = restore(line, m.quotes);
    const command = new RegExp(`(?:^|[^\\w/])[/!]([A-Za-z][A-Za-z0-9_]{0,31})\\b(?:\\s+(?:<[^>]{1,30}>|\\[[^\\]]{1,30}\\]|text|words|something))?\\s*(?:→|->|=>|:|—|–|-)?\\s*translat\\w*\\b[^.;!?\\n]*?\\b(?:in)?to\\s+${LANGUAGE}\\b`, 'i').exec(text);
    if (command) {
      const name = command[1]!.toLowerCase();
      rules.push({ id: name, when: { kind: 'command', name }, if: [], do: [{ kind: 'data', source: { kind: 'translate', to: named(command[2]!) } }], source: text.trim() });
      continue;
    }
    const every = new RegExp(`\\btranslat\\w*\\s+(?:every|each|all|any)\\s+(?:other\\s+)?(?:messages?|msgs?|posts?)\\b[^.;!?\\n]*?\\b(?:in)?to\\s+${LANGUAGE}\\b`, 'i').exec(text);
    if (every) rules.push({ id: 'translate-all', when: { kind: 'message', always: true }, if: [], do: [{ kind: 'data', source: { kind: 'translate', to: named(every[1]!) } }], source: text.trim() });
  }
  return rules;
}
