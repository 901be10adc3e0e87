// The parts every generated Python bot shares: header, logging, settings and the reply logic
// (keywords, banned words, commands, reminders, AI answers) that do not depend on the platform.

import type { BotPlan } from '../plan';
import { listLiteral, pyString } from '../literals';
import { lines, sections, type Part } from './compose';

export interface PyOptions {
  /** The platform library is asyncio-based (python-telegram-bot, discord.py). */
  async: boolean;
  /** Commands arrive as plain text ("!help"), not through a command API. */
  textCommands: boolean;
}

export function pyHeader(plan: BotPlan, filename: string, does: string[]): string {
  const required = plan.env.filter((e) => e.required).map((e) => e.name);
  return lines(
    `"""${plan.botName}: a ${plan.info.label} bot (${plan.info.library.python}).`,
    '',
    'What it does:',
    ...does.map((d) => `- ${d}`),
    '',
    `Run it: set ${required.join(', ') || 'the variables below if you need them'}, install the dependencies, then run`,
    `\`python ${filename}\`. Every token is read from the environment, never written in the code.`,
    '"""',
  );
}

export function pyImports(stdlib: string[], thirdParty: Part[]): string {
  const std = [...new Set(stdlib)].sort().map((m) => `import ${m}`);
  const third = thirdParty.filter((p): p is string => typeof p === 'string');
  return third.length > 0 ? `${std.join('\n')}\n\n${third.join('\n')}` : std.join('\n');
}

export function pyLogging(plan: BotPlan, quiet: string[] = []): string {
  return lines(
    'logging.basicConfig(',
    '    format="%(asctime)s %(levelname)s %(name)s: %(message)s",',
    '    level=os.getenv("LOG_LEVEL", "INFO").upper(),',
    ')',
    ...quiet.map((name) => `logging.getLogger(${pyString(name)}).setLevel(logging.WARNING)`),
    `logger = logging.getLogger(${pyString(plan.slug)})`,
  );
}

function dict(name: string, entries: Array<[string, string]>, example: string): string {
  if (entries.length === 0) return `${name} = {\n    # ${example}\n}`;
  return `${name} = {\n${entries.map(([k, v]) => `    ${pyString(k)}: ${v},`).join('\n')}\n}`;
}

export function pySettings(plan: BotPlan, extra: Part[] = []): string {
  const f = plan.features;
  const p = plan.prefix;
  const settings = lines(
    '# --- Settings: change these to change what the bot says and does ---',
    `BOT_NAME = ${pyString(plan.botName)}`,
    f.has('commands') && `START_MESSAGE = ${pyString(plan.startMessage)}`,
    f.has('commands') && `HELP_MESSAGE = ${pyString(plan.helpMessage)}`,
    plan.fallbackMessage !== null && `FALLBACK_MESSAGE = ${pyString(plan.fallbackMessage)}`,
    f.has('welcome') && `WELCOME_MESSAGE = ${pyString(plan.welcomeMessage)}  # {name} becomes the member's name`,
    (plan.platform === 'discord' || plan.platform === 'slack') &&
      `REPLY_ONLY_WHEN_MENTIONED = ${plan.replyOnlyWhenMentioned ? 'True' : 'False'}  # keywords and commands always work`,
    f.has('moderation') && `BANNED_WORDS = ${listLiteral('python', plan.bannedWords)}`,
    f.has('moderation') && `BANNED_WORD_WARNING = ${pyString(plan.bannedWordWarning)}`,
    f.has('scheduled') && `POST_INTERVAL_MINUTES = ${plan.intervalMinutes}`,
    f.has('scheduled') && `SCHEDULED_POSTS = ${listLiteral('python', plan.posts)}`,
    f.has('reminders') && `REMINDER_USAGE = ${pyString(`Usage: ${p}remind <minutes> <text>, for example: ${p}remind 10 take the bread out`)}`,
    f.has('llm') && 'OPENAI_MODEL = os.getenv("OPENAI_MODEL", "gpt-4o-mini")',
    f.has('llm') && `SYSTEM_PROMPT = ${pyString(plan.systemPrompt)}`,
    ...extra,
  );
  const commands =
    f.has('commands') &&
    lines(
      `# Commands: "name": reply. Add a line to add a command; ${p}help lists them all.`,
      dict(
        'COMMAND_REPLIES',
        plan.commandReplies.map((c) => [c.name, c.name === 'start' ? 'START_MESSAGE' : pyString(c.reply)]),
        '"price": "Bread is 3 euros",',
      ),
    );
  const keywords = lines(
    '# Keyword replies: a message that contains the keyword gets the reply.',
    dict('KEYWORD_REPLIES', plan.keywordReplies.map((k) => [k.keyword, pyString(k.reply)]), '"hours": "We open at 9",'),
  );
  return sections(1, settings, commands, keywords);
}

/** Helpers shared by every platform; `reply_to` is the bot's brain. */
export function pyHelpers(plan: BotPlan, options: PyOptions): string {
  const f = plan.features;
  const aw = options.async ? 'await ' : '';
  const asyncDef = options.async ? 'async def' : 'def';
  const p = plan.prefix;

  const requireEnv = lines(
    'def require_env(name):',
    '    """Reads a required setting from the environment, or stops with a clear message."""',
    '    value = os.getenv(name, "").strip()',
    '    if not value:',
    `        raise SystemExit("Missing environment variable " + name + ": set it before starting the bot.")`,
    '    return value',
  );
  const normalise = lines(
    'def normalise(text):',
    '    """Lower-cases the text and keeps only its words, so \'Hours?\' matches the keyword \'hours\'."""',
    String.raw`    return " " + " ".join(re.findall(r"\w+", text.lower())) + " "`,
  );
  const keywordReply = lines(
    'def keyword_reply(text):',
    '    """The reply for the first keyword of KEYWORD_REPLIES the message contains, or None."""',
    '    words = normalise(text)',
    '    for keyword, reply in KEYWORD_REPLIES.items():',
    '        phrase = normalise(keyword)',
    '        if phrase.strip() and phrase in words:',
    '            return reply',
    '    return None',
  );
  const bannedWord =
    f.has('moderation') &&
    lines(
      'def find_banned_word(text):',
      '    """The first word of BANNED_WORDS the message contains, or None."""',
      '    words = normalise(text)',
      '    for word in BANNED_WORDS:',
      '        phrase = normalise(word)',
      '        if phrase.strip() and phrase in words:',
      '            return word',
      '    return None',
    );
  const helpText =
    f.has('commands') &&
    lines(
      'def help_text():',
      '    """HELP_MESSAGE followed by every command the bot answers."""',
      `    names = ["${p}" + name for name in COMMAND_REPLIES] + ["${p}help"]`,
      f.has('reminders') && `    names.append("${p}remind <minutes> <text>")`,
      String.raw`    return HELP_MESSAGE + "\n" + "\n".join(names)`,
    );
  const parseCommand =
    f.has('commands') &&
    options.textCommands &&
    lines(
      'def parse_command(text):',
      `    """Splits "${p}remind 10 buy milk" into ("remind", ["10", "buy", "milk"]); None when it is no command."""`,
      '    if not text.startswith(("/", "!")):',
      '        return None',
      '    parts = text[1:].split()',
      '    if not parts:',
      '        return None',
      '    return parts[0].lower(), parts[1:]',
    );
  const commandReply =
    f.has('commands') &&
    options.textCommands &&
    lines(
      'def command_reply(name):',
      '    """The answer to a command, or None for a command this bot does not know."""',
      '    if name == "help":',
      '        return help_text()',
      '    return COMMAND_REPLIES.get(name)',
    );
  const parseReminder =
    f.has('reminders') &&
    lines(
      'def parse_reminder(args):',
      '    """Reads "<minutes> <text>" from the words after the remind command; None when they do not fit."""',
      '    if len(args) < 2 or not args[0].isdigit() or int(args[0]) < 1:',
      '        return None',
      '    return int(args[0]), " ".join(args[1:])',
    );
  const llm =
    f.has('llm') &&
    lines(
      `llm = ${options.async ? 'AsyncOpenAI' : 'OpenAI'}(api_key=require_env("OPENAI_API_KEY"), base_url=os.getenv("OPENAI_BASE_URL") or None)`,
      '',
      '',
      `${asyncDef} ask_llm(text):`,
      '    """Asks the language model for an answer; None when the call fails."""',
      '    try:',
      `        response = ${aw}llm.chat.completions.create(`,
      '            model=OPENAI_MODEL,',
      '            messages=[',
      '                {"role": "system", "content": SYSTEM_PROMPT},',
      '                {"role": "user", "content": text},',
      '            ],',
      '            timeout=60,',
      '        )',
      '        return response.choices[0].message.content',
      '    except Exception as error:  # the bot keeps running when the AI service fails',
      '        logger.error("The language model call failed: %s", error)',
      '        return None',
    );
  const replyTo = lines(
    `${asyncDef} reply_to(text):`,
    `    """Works out the bot's answer to a message${plan.fallbackMessage === null && !f.has('echo') && !f.has('llm') ? ' (None: stay silent)' : ''}."""`,
    '    reply = keyword_reply(text)',
    f.has('llm') && '    if reply is None:',
    f.has('llm') && `        reply = ${aw}ask_llm(text)`,
    f.has('echo') && '    if reply is None:',
    f.has('echo') && '        reply = text  # echo: send the message back',
    plan.fallbackMessage !== null && '    if reply is None:',
    plan.fallbackMessage !== null && '        reply = FALLBACK_MESSAGE',
    '    return reply',
  );
  const keep =
    options.async &&
    (f.has('scheduled') || f.has('reminders')) &&
    lines(
      'background_tasks = set()',
      '',
      '',
      'def keep(task):',
      '    """Holds a background task until it ends (asyncio only keeps weak references)."""',
      '    background_tasks.add(task)',
      '    task.add_done_callback(background_tasks.discard)',
    );

  return sections(2, requireEnv, normalise, keywordReply, bannedWord, helpText, parseCommand, commandReply, parseReminder, llm, replyTo, keep);
}

/** What the bot does, one line per feature, for the header and the answer. */
export function describeFeatures(plan: BotPlan): string[] {
  const f = plan.features;
  const p = plan.prefix;
  const out: string[] = [];
  if (f.has('commands')) {
    const custom = plan.commandReplies.filter((c) => c.name !== 'start').map((c) => `${p}${c.name}`);
    const names = [`${p}start`, `${p}help`, ...custom, ...(f.has('reminders') ? [`${p}remind`] : [])];
    out.push(`Answers ${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}.`);
  } else if (f.has('reminders')) out.push(`Answers ${p}remind.`);
  if (plan.keywordReplies.length > 0) out.push(`Replies to messages containing: ${plan.keywordReplies.map((k) => k.keyword).join(', ')}.`);
  if (f.has('llm')) out.push('Answers other messages with an AI model through the OpenAI API.');
  if (f.has('echo')) out.push(f.has('llm') ? 'Echoes a message back if the AI is unavailable.' : 'Echoes every other message back.');
  if (f.has('welcome')) out.push(plan.platform === 'whatsapp' ? 'Welcomes each new contact with their first message.' : plan.platform === 'generic' ? 'Welcomes new users (POST /join).' : 'Welcomes new members.');
  if (f.has('moderation')) {
    out.push(
      plan.platform === 'telegram' || plan.platform === 'discord'
        ? 'Deletes messages with banned words and warns the sender.'
        : 'Warns senders of messages with banned words.',
    );
  }
  if (f.has('scheduled')) out.push(`Posts a message every ${plan.intervalMinutes} minute${plan.intervalMinutes === 1 ? '' : 's'}.`);
  if (f.has('reminders')) out.push(`Sends reminders: ${p}remind <minutes> <text>.`);
  if (plan.platform === 'twitter') out.push(`Checks its mentions every minute and replies${f.has('echo') || f.has('llm') ? '' : ' when a keyword matches'}.`);
  out.push('Logs everything it does with timestamps.');
  return out;
}
