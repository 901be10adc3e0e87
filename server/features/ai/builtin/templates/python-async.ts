// Python spellings of async code, for generated code written once for asyncio libraries
// (python-telegram-bot, discord.py) and for thread-based ones (Flask, Bolt, tweepy).

export function pyAsync(isAsync: boolean) {
  return { def: isAsync ? 'async def' : 'def', aw: isAsync ? 'await ' : '', sleep: isAsync ? 'await asyncio.sleep' : 'time.sleep' };
}
