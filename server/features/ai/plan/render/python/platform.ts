// What each platform's part of a rendered Python bot gives the renderer (imports, code, settings,
// packages, setup steps), and the small pieces of Python several platforms share.

import { code } from '../compose';
import type { EnvVar } from '../env';

export interface PyPlatform {
  /** How the header names the bot: 'a Telegram bot (python-telegram-bot 21)'. */
  label: string;
  /** Standard-library imports and whole third-party import lines. */
  stdlib: string[];
  thirdParty: string[];
  code: string;
  /** Loggers too chatty at INFO. */
  quiet: string[];
  /** The platform's own settings (tokens...); the required ones are listed first, the others last. */
  env: EnvVar[];
  /** The setting channel() reads, listed when a rule posts to the channel (null: the platform needs none). */
  channel: EnvVar | null;
  /** What OWNER_CHAT_ID is on this platform (a chat id, a user id, a phone number). */
  owner: string;
  /** is_admin() asks whether the sender is OWNER_CHAT_ID (platforms without admins of their own). */
  ownerIsAdmin: boolean;
  /** pip packages. */
  dependencies: string[];
  /** Steps to create the bot on the platform (written in the header). */
  setup: string[];
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
