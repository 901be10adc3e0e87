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
/** Languages named in the words of requests written partly in them ("la traduit en français"). */
const NATIVE_NAMES: Record<string, string> = {
  français: 'French', francais: 'French', anglais: 'English', espagnol: 'Spanish', allemand: 'German', italien: 'Italian', portugais: 'Portuguese',
  español: 'Spanish', espanol: 'Spanish', inglés: 'English', ingles: 'English', francés: 'French', frances: 'French', alemán: 'German', aleman: 'German',
  deutsch: 'German', englisch: 'English', französisch: 'French', spanisch: 'Spanish', italienisch: 'Italian',
  italiano: 'Italian', inglese: 'English', francese: 'French', spagnolo: 'Spanish', tedesco: 'German',
  português: 'Portuguese', portugues: 'Portuguese', inglês: 'English', francês: 'French', espanhol: 'Spanish', alemão: 'German',
  nederlands: 'Dutch', engels: 'English', frans: 'French', spaans: 'Spanish', duits: 'German',
};
const LANGUAGE = `(${[...LANGUAGES, ...Object.keys(NATIVE_NAMES)].join('|')})(?![\\p{L}])`;
/** "translate", "traduire"/"la traduit", "traducir", "tradurre", "übersetzen", "vertalen". */
const TRANSLATE = '(?:translat\\w*|tradu\\w+|übersetz\\w*|vertaal\\w*|vertal\\w*)';
/** "into", "to", and "al", "auf", "ins", "naar", "para", "em", "a" before a language. */
const INTO_TO = '(?:(?:in)?to|al|a|auf|ins|naar|para|em)';
/** Any of those, or "in"/"en" ("in Spanish", "en français"), which may name the language written in. */
const INTO = '(?:(?:in)?to|en|al|a|in|auf|ins|naar|para|em)';

const TARGET = [
  new RegExp(`\\b${TRANSLATE}[^.;!?\\n]*?\\b${INTO_TO}\\s+${LANGUAGE}`, 'iu'),
  new RegExp(`\\b${LANGUAGE}\\s+(?:translation|translator|translations)\\b`, 'iu'),
  new RegExp(`\\b${TRANSLATE}[^.;!?\\n]*?\\b${INTO}\\s+${LANGUAGE}`, 'iu'),
  new RegExp(`\\b${TRANSLATE}[^.;!?\\n]*?\\bfrom\\s+\\w+\\s+to\\s+${LANGUAGE}`, 'iu'),
];

function named(language: string): string {
  const native = NATIVE_NAMES[language.toLowerCase()];
  if (native) return native;
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
    // "/fr + une phrase → la traduit en français": the words after the arrow may come before the verb.
    const command = new RegExp(`(?:^|[^\\w/])[/!]([A-Za-z][A-Za-z0-9_]{0,31})\\b(?:\\s+(?:\\+\\s*)?(?:<[^>]{1,30}>|\\[[^\\]]{1,30}\\]|text|words|something|(?:a|une|un|una|ein|eine)\\s+\\p{L}+))?\\s*(?:→|->|=>|:|—|–|-)?\\s*(?:(?:la|le|les|lo|it|them)\\s+)?${TRANSLATE}[^.;!?\\n]*?\\b${INTO}\\s+${LANGUAGE}`, 'iu').exec(text);
    if (command) {
      const name = command[1]!.toLowerCase();
      rules.push({ id: name, when: { kind: 'command', name }, if: [], do: [{ kind: 'data', source: { kind: 'translate', to: named(command[2]!) } }], source: text.trim() });
      continue;
    }
    const every = new RegExp(`\\btranslat\\w*\\s+(?:every|each|all|any)\\s+(?:other\\s+)?(?:messages?|msgs?|posts?)\\b[^.;!?\\n]*?\\b(?:in)?to\\s+${LANGUAGE}`, 'iu').exec(text);
    if (every) rules.push({ id: 'translate-all', when: { kind: 'message', always: true }, if: [], do: [{ kind: 'data', source: { kind: 'translate', to: named(every[1]!) } }], source: text.trim() });
  }
  return rules;
}
