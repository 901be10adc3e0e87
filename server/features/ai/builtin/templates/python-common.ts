// The parts every generated Python bot shares: header, logging, settings and the reply logic
// (keywords, banned words, commands, reminders, AI answers) that do not depend on the platform.

import type { BotPlan } from '../plan';
import { listLiteral, pyString } from '../literals';
import { hasBehaviourCommands, PY_SENDER, pyBehaviourImports, pyBehaviours, pyBehaviourSettings } from './behaviours-python';
import { usesModel } from './behaviour-kinds';
import { lines, sections, type Part } from './compose';

export { describeFeatures } from './describe';

export interface PyOptions {
  /** The platform library is asyncio-based (python-telegram-bot, discord.py). */
  async: boolean;
  /** Commands arrive as plain text ("!help"), not through a command API. */
  textCommands: boolean;
  /** How /menu answers: the platform's buttons, a numbered text, or JSON with the menu (webhook). */
  menu: 'buttons' | 'text' | 'json';
  /** The bot's file name (the default DATA_FILE is named after it). */
  filename: string;
}

export { usesModel };

/**
 * A line of the module docstring: one line (line breaks become spaces), backslashes doubled and no
 * three quotes in a row, so texts from the request (a poll question, a menu label) stay text.
 */
function docstringLine(text: string): string {
  return text
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/\\/g, '\\\\')
    .replace(/"{3,}/g, (quotes) => quotes.split('').join('\\'));
}

export function pyHeader(plan: BotPlan, filename: string, does: string[]): string {
  const required = plan.env.filter((e) => e.required).map((e) => e.name);
  return lines(
    `"""${plan.botName}: a ${plan.info.label} bot (${plan.info.library.python}).`,
    '',
    'What it does:',
    ...does.map((d) => `- ${docstringLine(d)}`),
    '',
    `Run it: set ${required.join(', ') || 'the variables below if you need them'}, install the dependencies, then run`,
    `\`python ${filename}\`. Every token is read from the environment, never written in the code.`,
    '"""',
  );
}

/**
 * The imports: standard-library modules ('json') or whole 'from x import y' lines, then the
 * third-party lines. `behaviours` adds what the plan's behaviours need.
 */
export function pyImports(stdlib: string[], thirdParty: Part[], behaviours?: { plan: BotPlan; options: PyOptions }): string {
  const all = [...new Set([...stdlib, ...(behaviours ? pyBehaviourImports(behaviours.plan, behaviours.options) : [])])];
  const plain = all.filter((m) => !m.startsWith('from ')).sort().map((m) => `import ${m}`);
  const from = all.filter((m) => m.startsWith('from ')).sort();
  const std = [...plain, ...from];
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
  const remind = plan.commands.remind ?? 'remind';
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
    f.has('moderation') && plan.warnLimit > 0 && `WARN_LIMIT = ${plan.warnLimit}  # warnings before a mute (0: never mute)`,
    f.has('moderation') && plan.warnLimit > 0 && `MUTE_MINUTES = ${plan.muteMinutes}`,
    f.has('moderation') && plan.warnLimit > 0 && `MUTE_MESSAGE = ${pyString(plan.muteMessage)}`,
    f.has('scheduled') && plan.postByInterval && `POST_INTERVAL_MINUTES = ${plan.intervalMinutes}`,
    f.has('scheduled') && plan.postTimes.length > 0 && `POST_TIMES = ${listLiteral('python', plan.postTimes)}  # times of day to post, 24-hour clock`,
    f.has('scheduled') && plan.postTimes.length > 0 && `POST_WEEKDAYS = [${plan.postWeekdays.join(', ')}]  # 0 = Monday ... 6 = Sunday; [] = every day`,
    f.has('scheduled') && `SCHEDULED_POSTS = ${listLiteral('python', plan.posts)}`,
    f.has('reminders') && `REMINDER_USAGE = ${pyString(`Usage: ${p}${remind} <minutes> <text>, for example: ${p}${remind} 10 take the bread out`)}`,
    usesModel(plan) && 'OPENAI_MODEL = os.getenv("OPENAI_MODEL", "gpt-4o-mini")',
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
  return sections(1, settings, commands, keywords, pyBehaviourSettings(plan));
}

/** Helpers shared by every platform; `reply_to` is the bot's brain. */
export function pyHelpers(plan: BotPlan, options: PyOptions): string {
  const f = plan.features;
  const aw = options.async ? 'await ' : '';
  const asyncDef = options.async ? 'async def' : 'def';
  const p = plan.prefix;
  const remind = plan.commands.remind ?? 'remind';
  const textMenu = f.has('menu') && options.menu !== 'buttons';

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
      f.has('reminders') && `    names.append("${p}${remind} <minutes> <text>")`,
      hasBehaviourCommands(plan) && `    names += ["${p}" + name for name in BEHAVIOUR_COMMANDS]`,
      String.raw`    return HELP_MESSAGE + "\n" + "\n".join(names)`,
    );
  const parseCommand =
    f.has('commands') &&
    options.textCommands &&
    lines(
      'def parse_command(text):',
      `    """Splits "${p}${remind} 10 buy milk" into ("${remind}", ["10", "buy", "milk"]); None when it is no command."""`,
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
    usesModel(plan) &&
    lines(
      `llm = ${options.async ? 'AsyncOpenAI' : 'OpenAI'}(api_key=require_env("OPENAI_API_KEY"), base_url=os.getenv("OPENAI_BASE_URL") or None)`,
      '',
      '',
      `${asyncDef} ask_llm(text, instructions):`,
      '    """Asks the language model to answer the text following the instructions; None when the call fails."""',
      '    try:',
      `        response = ${aw}llm.chat.completions.create(`,
      '            model=OPENAI_MODEL,',
      '            messages=[',
      '                {"role": "system", "content": instructions},',
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
    `${asyncDef} reply_to(text, sender):`,
    `    """Works out the bot's answer to a message${(plan.fallbackMessage === null && !f.has('echo') && !f.has('llm')) || f.has('away') ? ' (None: stay silent)' : ''}."""`,
    f.has('away') && '    if not is_open_now():',
    f.has('away') && '        return away_reply(sender)',
    textMenu ? '    reply = menu_choice(text)' : '    reply = keyword_reply(text)',
    textMenu && '    if reply is None:',
    textMenu && '        reply = keyword_reply(text)',
    f.has('llm') && '    if reply is None:',
    f.has('llm') && `        reply = ${aw}ask_llm(text, SYSTEM_PROMPT)`,
    f.has('echo') && '    if reply is None:',
    f.has('echo') && '        reply = text  # echo: send the message back',
    plan.fallbackMessage !== null && '    if reply is None:',
    plan.fallbackMessage !== null && '        reply = FALLBACK_MESSAGE',
    '    return reply',
  );
  const keep =
    options.async &&
    (f.has('scheduled') || f.has('reminders') || f.has('news')) &&
    lines(
      'background_tasks = set()',
      '',
      '',
      'def keep(task):',
      '    """Holds a background task until it ends (asyncio only keeps weak references)."""',
      '    background_tasks.add(task)',
      '    task.add_done_callback(background_tasks.discard)',
    );

  return sections(
    2,
    requireEnv,
    PY_SENDER,
    normalise,
    keywordReply,
    bannedWord,
    helpText,
    parseCommand,
    commandReply,
    parseReminder,
    llm,
    pyBehaviours(plan, { async: options.async, menu: options.menu, filename: options.filename }),
    replyTo,
    keep,
  );
}
