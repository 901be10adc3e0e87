// Message entities, as Telegram stores a sent message: plain text plus typed ranges (UTF-16
// offsets, like JavaScript strings).
import { normalize, safeHref, text, type FormatNode } from './format-nodes';


interface Entity {
  type: string;
  offset: number;
  length: number;
  url?: string;
  language?: string;
}

function readEntities(raw: ReadonlyArray<Record<string, unknown>>, length: number): Entity[] {
  const out: Entity[] = [];
  for (const e of raw) {
    const { type, offset, length: size } = e;
    if (typeof type !== 'string' || !Number.isInteger(offset) || !Number.isInteger(size)) continue;
    const start = offset as number;
    const span = size as number;
    if (start < 0 || span <= 0 || start + span > length) continue;
    out.push({
      type,
      offset: start,
      length: span,
      ...(typeof e.url === 'string' ? { url: e.url } : {}),
      ...(typeof e.language === 'string' ? { language: e.language } : {}),
    });
  }
  // Outer before inner: by start, then the longer first.
  return out.sort((a, b) => a.offset - b.offset || b.length - a.length);
}

function entityNode(source: string, entity: Entity, children: FormatNode[]): FormatNode[] {
  const body = source.slice(entity.offset, entity.offset + entity.length);
  switch (entity.type) {
    case 'bold':
    case 'italic':
    case 'underline':
    case 'spoiler':
      return [{ type: entity.type, children }];
    case 'strikethrough':
      return [{ type: 'strike', children }];
    case 'blockquote':
      return [{ type: 'blockquote', children }];
    case 'expandable_blockquote':
      return [{ type: 'blockquote', children, expandable: true }];
    case 'code':
      return [{ type: 'code', text: body }];
    case 'pre':
      return [{ type: 'pre', text: body, ...(entity.language ? { language: entity.language } : {}) }];
    case 'text_link': {
      const href = safeHref(entity.url ?? '');
      return href ? [{ type: 'link', href, children }] : children;
    }
    case 'url': {
      const href = safeHref(/^[a-z][a-z0-9+.-]*:/i.test(body) ? body : `https://${body}`);
      return href ? [{ type: 'link', href, children }] : children;
    }
    case 'bot_command':
      return [{ type: 'command', command: body }];
    default:
      // mention, hashtag, email, custom_emoji...: shown as their text.
      return children;
  }
}

function buildEntities(source: string, entities: Entity[], from: number, to: number): FormatNode[] {
  const out: FormatNode[] = [];
  let pos = from;
  let i = 0;
  while (i < entities.length) {
    const entity = entities[i]!;
    if (entity.offset < pos) {
      // Overlaps one already placed: Telegram never sends these; drop it rather than guess.
      i += 1;
      continue;
    }
    const stop = entity.offset + entity.length;
    const inner: Entity[] = [];
    let j = i + 1;
    while (j < entities.length && entities[j]!.offset < stop) {
      if (entities[j]!.offset + entities[j]!.length <= stop) inner.push(entities[j]!);
      j += 1;
    }
    out.push(text(source.slice(pos, entity.offset)));
    out.push(...entityNode(source, entity, buildEntities(source, inner, entity.offset, stop)));
    pos = stop;
    i = j;
  }
  out.push(text(source.slice(pos, to)));
  return normalize(out);
}

export function parseEntities(source: string, entities: ReadonlyArray<Record<string, unknown>>): FormatNode[] {
  return buildEntities(source, readEntities(entities, source.length), 0, source.length);
}
