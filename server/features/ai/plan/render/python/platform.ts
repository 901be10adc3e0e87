// What each platform's part of a rendered Python bot gives the renderer (imports, code, packages), and the small pieces of Python several platforms share.

import type { BotPlan } from '../../../../../../shared/bot-plan.schema';
import { code, lines, type Part, sections } from '../compose';
import { channelSetting, keepsState, readsOwner, requiredRuleSettings } from '../env';
import type { PlanUses } from '../plan-uses';

export interface PyPlatform {
  /** How the header names the bot: 'a Telegram bot (python-telegram-bot 21)'. */
  label: string;
  /** Standard-library imports and whole third-party import lines. */
  stdlib: string[];
  thirdParty: string[];
  code: string;
  /** Loggers too chatty at INFO. */
  quiet: string[];
  /** pip packages. */
  dependencies: string[];
}

export const REQUIRE_ENV = code`
def require_env(name):
    """Reads a required setting from the environment, or stops with a clear message."""
    value = os.getenv(name, "").strip()
    if not value:
        raise SystemExit("Missing environment variable " + name + ": set it before starting the bot.")
    return value`;

/** Where a bot keeps the tasks it starts (asyncio itself keeps only weak references to them). */
export const BACKGROUND_TASKS = 'background_tasks = set()  # asyncio keeps only weak references to tasks';

/** tick_forever(engine): the schedule rules, run by the engine's loop. */
export const TICK_FOREVER = code`
async def tick_forever(engine):
    """Calls engine.tick() every 20 seconds: the schedule rules."""
    while True:
        try:
            await engine.tick()
        except Exception as error:  # the schedule goes on
            logger.error("The schedule failed: %s", error, exc_info=error)
        await asyncio.sleep(20)`;

/** The tasks a bot starts and tick_forever(engine), for a bot whose engine runs in asyncio's own loop. */
export const SCHEDULE_TASKS = lines(BACKGROUND_TASKS, '', '', TICK_FOREVER);

/** main() of a bot whose start-up is the coroutine run(). */
export const MAIN_RUNS = lines('def main():', '    asyncio.run(run())');

/**
 * A platform's code: its title line over the adapter, its other sections (helpers, handlers, main())
 * two blank lines apart, and the lines that call main() when the file is run.
 */
export function platformCode(title: string, adapter: string, ...parts: Part[]): string {
  return sections(2, lines(title, adapter), ...parts, lines('if __name__ == "__main__":', '    main()'));
}

/** numbered(text, options): a poll or buttons written as text where the platform has neither. */
export const NUMBERED = code`
def numbered(text, options):
    """A text followed by its options as numbered lines: "1. Pizza"."""
    return text + "\n" + "\n".join(str(place) + ". " + option for place, option in enumerate(options, start=1))`;

/** pressed(offered, text): the button a reply of its number or label means (buttons shown as text). */
export const PRESSED = code`
def pressed(offered, text):
    """The button of the numbered lines a reply names (by its number or its label), or None."""
    answer = text.strip().lower()
    for place, button in enumerate(offered or [], start=1):
        if answer in (str(place), button["label"].strip().lower()):
            return button
    return None`;

/** A loop in a thread of its own for the engine, beside a web server that is not asyncio (Flask). */
export const LOOP_THREAD = code`
def start_loop():
    """An asyncio loop running in a thread of its own: Flask answers in its threads, the engine runs here."""
    loop = asyncio.new_event_loop()
    threading.Thread(target=loop.run_forever, name="engine", daemon=True).start()
    return loop`;


/** main()'s line naming the data file: DATA_FILE is read only when the rules remember something. */
export function dataFileLine(uses: PlanUses): string {
  return keepsState(uses)
    ? '    data_file = os.getenv("DATA_FILE") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "bot_data.json")'
    : '    data_file = None  # the rules remember nothing';
}

/** main()'s checks of the settings the rules cannot work without (env.ts), before it connects. */
export function requiredChecks(platform: BotPlan['platform'], uses: PlanUses): string | false {
  const names = requiredRuleSettings(platform, uses);
  return names.length > 0 && names.map((name) => `    require_env("${name}")`).join('\n');
}

/** The adapter's channel() and owner() methods that read a setting, written only when the rules use them. */
export function channelAndOwner(platform: BotPlan['platform'], uses: PlanUses, ownerBody = 'return os.getenv("OWNER_CHAT_ID", "").strip() or None'): string | false {
  const channel = channelSetting(platform, uses);
  return (
    lines(
      channel && `\n    channel_setting = "${channel}"`,
      channel && `\n    async def channel(self):\n        """Where schedules and posts to the channel go: ${channel}."""\n        return os.getenv("${channel}", "").strip() or None`,
      readsOwner(platform, uses) && `\n    async def owner(self):\n        """The owner's chat (answers, forwarded messages): OWNER_CHAT_ID."""\n        ${ownerBody}`,
    ) || false
  );
}
