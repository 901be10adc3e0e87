// Translate: the language messages are translated into ("translate messages to Spanish",
// "a French translator", "translate everything into german").

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
