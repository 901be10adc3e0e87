// The conditions a sentence puts on its rules: "only in #ask-here", "in #it-help if someone mentions
// password" (where the rule listens, not where it posts), "only admins can use /announce".

/** "only in #ask-here", "only admins can use /announce": conditions on the sentence's rules. */
export function conditionsIn(sentence: string): { chat: string | null; admins: boolean } {
  const only = /\bonly (?:in|on|inside|from)\s+(?:the\s+)?#([\w-]+)|\bin\s+#([\w-]+)\s+only\b/i.exec(sentence);
  // "in #it-help if someone mentions password", "every photo posted in #cleanup-log": where the rule listens;
  // "post the answers in #bug-reports" is where it posts, not a condition.
  // Only where the rule's trigger is written: a #channel inside the words it says is text.
  const said = /:\s|→|->|\b(?:reply|replies|say|says|answer|answers|respond|responds)\b/i.exec(sentence);
  const head = said ? sentence.slice(0, said.index) : sentence;
  const where = [...head.matchAll(/\b(?:in|inside|from)\s+(?:the\s+)?#([\w-]+)/gi)].find(
    // "count who posts drafts in #approvals": people posting there, so the rule listens there.
    (h) => !/(?<!\b(?:who|someone|anyone|somebody|people|ppl|members?|they)\s)\b(?:post|posts|posting|send|sends|share|shares|tweet|tweets|announce|announces|drop|drops|put|puts|forward|forwards|copy|copies)\b(?:\s+[^\s#]+){0,3}\s*$/i.test(sentence.slice(0, h.index)),
  );
  // "only for Kommandant + Zugführer (admins)", "only mentors (admins)": the people named are admins.
  const admins = /\bonly (?:for )?(?:admins?|mods?|moderators?|the owner|staff)\b|\b(?:admins?|mods?|moderators?) only\b|\bonly (?:for |by )?[^.()\n]{1,40}\((?:the )?(?:admins?|mods?|moderators?)\)/i.test(sentence);
  return { chat: only ? (only[1] ?? only[2])! : where ? where[1]! : null, admins };
}

/**
 * Whether "only admins" holds for this command of the sentence: written right before it ("only
 * admins can /close") or in its own clause; with one command in the sentence, anywhere in it.
 */
export function adminsOnlyFor(sentence: string, command: string): boolean {
  if (!conditionsIn(sentence).admins) return false;
  const commands = sentence.match(/(?:^|\s)[/!][A-Za-z]\w*/g) ?? [];
  if (commands.length <= 1) return true;
  const name = command.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return (
    new RegExp(`\\bonly (?:for )?(?:admins?|mods?|moderators?|the owner|staff)\\b[^/!.]{0,25}[/!]${name}\\b`, 'i').test(sentence) ||
    new RegExp(`[/!]${name}\\b[^/!.]{0,60}\\b(?:admins?|mods?|moderators?) only\\b|[/!]${name}\\b[^/!.]{0,60}\\bonly (?:for )?(?:admins?|mods?|moderators?)\\b(?!\\s+(?:can|may|are allowed to)\\s+(?:do|use|run|send\\s+)?\\s*[/!](?!${name}\\b))`, 'i').test(sentence)
  );
}
