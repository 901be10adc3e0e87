// The words the bot will use, as the answer shows them under "In your words": each command's and
// keyword's answer, the phrases it deletes, its welcome, goodbye and posts, its menu and poll, so a
// misreading is seen at a glance instead of found by the person's users. Words the request did not
// give (a sample or a default) say so, with how to give them.

import type { BotPlan } from '../plan';
import type { BotRequest } from '../request';

const SHOWN = 90;

function short(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return `"${line.length > SHOWN ? `${line.slice(0, SHOWN - 1)}…` : line}"`;
}

const quotedList = (items: string[]) => items.map((i) => `"${i}"`).join(', ');

export function describeWords(plan: BotPlan, request: BotRequest): string[] {
  const f = plan.features;
  const p = plan.prefix;
  const out: string[] = [];
  const yours = (given: boolean, what: string) => (given ? '' : ` (${what}: tell me yours)`);

  for (const c of plan.commandReplies) if (c.name !== 'start' && c.reply) out.push(`${p}${c.name} answers ${short(c.reply)}`);

  const byReply = new Map<string, string[]>();
  for (const k of plan.keywordReplies) byReply.set(k.reply, [...(byReply.get(k.reply) ?? []), k.keyword]);
  const ownReplies = request.keywordReplies.length > 0;
  for (const [reply, keywords] of byReply) out.push(`A message with ${quotedList(keywords)} gets ${short(reply)}${yours(ownReplies, 'samples')}`);

  if (f.has('moderation')) out.push(`Messages containing ${quotedList(plan.bannedWords)} are deleted${yours(request.bannedWords.length > 0, 'a starting list')}`);
  if (f.has('welcome')) out.push(`New members get ${short(plan.welcomeMessage)}${yours(request.welcomeText !== null, 'my wording')}`);
  if (f.has('goodbye')) out.push(`Leaving members get ${short(plan.goodbyeMessage)}${yours(request.goodbyeText !== null, 'my wording')}`);
  if (f.has('scheduled') && plan.posts.length > 0) {
    out.push(`Posts ${plan.posts.map(short).join(', then ')}${yours(request.postTexts.length > 0, 'placeholders')}`);
  }
  if (f.has('menu')) {
    const buttons = plan.menu.map((m) => `${m.label} → ${short(m.reply)}`).join('; ');
    const own = plan.menu.every((m) => request.menu.some((r) => r.label.trim() === m.label && r.reply.trim()));
    out.push(`Menu buttons: ${buttons}${yours(own, 'samples')}`);
  }
  if (f.has('polls')) out.push(`The poll asks ${short(plan.poll.question)} with ${quotedList(plan.poll.options)}${yours(request.poll !== null, 'a sample')}`);
  if (f.has('away')) out.push(`Outside the open hours it answers ${short(plan.awayMessage)}${yours(request.awayText !== null, 'my wording')}`);
  return out;
}
