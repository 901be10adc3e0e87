// Day names as people write their hours, in English and in the languages their requests mix in:
// "mon-sat", "lun-sáb", "Mo-Fr", "ma-vr", "L-V" (Spanish initials), "seg a sex".
import type { Weekday } from '../bot-request';

/** Per weekday (Monday first), its names, longest first. */
const NAMES: string[][] = [
  ['monday', 'lunedì', 'lunedi', 'maandag', 'segunda-feira', 'segunda', 'montag', 'lundi', 'lunes', 'mon', 'lun', 'seg', 'mo', 'ma'],
  ['tuesday', 'terça-feira', 'martedì', 'martedi', 'dienstag', 'dinsdag', 'martes', 'mardi', 'terça', 'terca', 'tues', 'tue', 'mar', 'ter', 'di'],
  ['wednesday', 'miércoles', 'miercoles', 'mercoledì', 'mercoledi', 'quarta-feira', 'woensdag', 'mercredi', 'mittwoch', 'quarta', 'wed', 'mié', 'mie', 'mer', 'qua', 'mi', 'wo'],
  ['thursday', 'quinta-feira', 'donnerstag', 'donderdag', 'giovedì', 'giovedi', 'jueves', 'quinta', 'jeudi', 'thurs', 'thur', 'thu', 'jue', 'gio', 'jeu', 'qui', 'do'],
  ['friday', 'sexta-feira', 'venerdì', 'venerdi', 'vendredi', 'viernes', 'vrijdag', 'freitag', 'sexta', 'fri', 'vie', 'ven', 'sex', 'fr', 'vr'],
  ['saturday', 'zaterdag', 'samstag', 'sábado', 'sabado', 'sabato', 'samedi', 'sat', 'sáb', 'sab', 'sam', 'sa', 'za'],
  ['sunday', 'domenica', 'dimanche', 'domingo', 'sonntag', 'zondag', 'sun', 'dom', 'dim', 'so', 'zo'],
];
/** Spanish initials, in a span only ("L-V", "L-S"): lunes, martes, miércoles (X), jueves, viernes, sábado, domingo. */
const INITIALS = 'LMXJVSD';

const ALL = NAMES.flat().sort((a, b) => b.length - a.length);
/** One day's name (a regex source; read with the `i` flag), not the start of a longer word. */
export const DAY_NAME = `(?<![a-zà-ÿ])(?:${ALL.join('|')})(?![a-zà-ÿ])\\.?`;
/** "L-V": a span of Spanish initials. */
export const INITIALS_SPAN = `\\b[${INITIALS}]\\s*[-–]\\s*[${INITIALS}]\\b`;

/** The weekday a name means, or null. Two-letter names alone ("do", "so") only when written with a capital. */
export function weekdayNamed(name: string): Weekday | null {
  const word = name.trim().replace(/\.$/, '');
  if (/^[A-Z]$/.test(word)) return INITIALS.includes(word) ? (INITIALS.indexOf(word) as Weekday) : null;
  const at = NAMES.findIndex((names) => names.includes(word.toLowerCase()));
  return at >= 0 ? (at as Weekday) : null;
}

/** Whether a day written alone is one: a two-letter name only with a capital ("Sa 10-14", not "do 9-5"). */
export function isDayAlone(word: string): boolean {
  const plain = word.trim().replace(/\.$/, '');
  return weekdayNamed(plain) !== null && (plain.length > 2 || /^[A-Z]/.test(plain));
}

/** Whole day names of five letters or more in other languages ("vendredi", "samstag", "domingo"): the days a post names. */
export function longDayNamesIn(text: string): Weekday[] {
  const english = new Set(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'thurs']);
  const long = ALL.filter((n) => n.length >= 5 && !english.has(n));
  const found = [...text.toLowerCase().matchAll(new RegExp(`(?<![a-zà-ÿ])(?:${long.join('|')})(?![a-zà-ÿ])`, 'g'))].map((m) => weekdayNamed(m[0])!);
  return [...new Set(found)].sort((a, b) => a - b);
}

