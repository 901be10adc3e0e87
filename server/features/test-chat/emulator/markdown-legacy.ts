// parse_mode Markdown (the legacy one), following tdlib: *bold*, _italic_, `code`, ```pre```,
// [text](url); only _ * ` [ can be escaped, and an entity left open fails the whole message with
// "Can't find end of the entity starting at byte offset N" (the classic underscore-in-a-name bug).
import { CodePoints } from './code-points';
import { linkTarget, type UserLookup } from './link-target';
import { EntityParseError, type ParsedText } from './markdown-v2';
import type { MessageEntity } from './telegram-types';

const isSpace = (char: string) => char === '' || char === ' ' || char === '\t' || char === '\r' || char === '\n' || char === '\v';

export function parseMarkdownLegacy(source: string, users: UserLookup): ParsedText {
  const s = new CodePoints(source);
  let out = '';
  const entities: MessageEntity[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s.at(i);
    const next = s.at(i + 1);
    if (c === '\\' && (next === '_' || next === '*' || next === '`' || next === '[')) {
      out += next;
      i++;
      continue;
    }
    if (c !== '_' && c !== '*' && c !== '`' && c !== '[') {
      out += c;
      continue;
    }

    const beginPos = i;
    const endCharacter = c === '[' ? ']' : c;
    let isPre = false;
    let language = '';
    i++;
    if (c === '`' && s.at(i) === '`' && s.at(i + 1) === '`') {
      i += 2;
      isPre = true;
      let languageEnd = i;
      while (!isSpace(s.at(languageEnd)) && s.at(languageEnd) !== '`') languageEnd++;
      if (languageEnd !== i && languageEnd < s.length && s.at(languageEnd) !== '`') {
        language = s.slice(i, languageEnd);
        i = languageEnd;
      }
      if (s.at(i) === '\n' || s.at(i) === '\r') {
        if ((s.at(i + 1) === '\n' || s.at(i + 1) === '\r') && s.at(i) !== s.at(i + 1)) i += 2;
        else i++;
      }
    }

    const offset = out.length;
    while (i < s.length && (s.at(i) !== endCharacter || (isPre && !(s.at(i + 1) === '`' && s.at(i + 2) === '`')))) {
      out += s.at(i++);
    }
    if (i >= s.length) throw new EntityParseError(`Can't find end of the entity starting at byte offset ${s.byteOffset(beginPos)}`);

    const length = out.length - offset;
    if (length > 0) {
      if (c === '_') entities.push({ type: 'italic', offset, length });
      else if (c === '*') entities.push({ type: 'bold', offset, length });
      else if (c === '`') entities.push(isPre ? { type: 'pre', offset, length, ...(language ? { language } : {}) } : { type: 'code', offset, length });
      else {
        let url = '';
        if (s.at(i + 1) !== '(') url = s.slice(beginPos + 1, i);
        else {
          i += 2;
          while (i < s.length && s.at(i) !== ')') url += s.at(i++);
        }
        const target = linkTarget(url, users);
        if (target && 'user' in target) entities.push({ type: 'text_mention', offset, length, user: target.user });
        else if (target) entities.push({ type: 'text_link', offset, length, url: target.url });
      }
    } else if (c === '[' && s.at(i + 1) === '(') {
      i += 2;
      while (i < s.length && s.at(i) !== ')') i++;
    }
    if (isPre) i += 2;
  }
  return { text: out, entities };
}
