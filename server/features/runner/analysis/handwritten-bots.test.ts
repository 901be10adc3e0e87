// Bot files written the way people write them (not by the builtin assistant): older and newer
// library styles, dotenv, ESM and TypeScript, relative modules, config read through helpers.

import { describe, expect, it } from 'vitest';
import { detectEnvVars } from './env-vars';
import { parseImports } from './imports';

interface Bot {
  name: string;
  language: 'python' | 'javascript' | 'typescript';
  code: string;
  packages: string[];
  env: string[];
}

const BOTS: Bot[] = [
  {
    name: 'python-telegram-bot 13 with dotenv',
    language: 'python',
    code: `#!/usr/bin/env python3
"""Echo bot. Install: pip install python-telegram-bot==13.15 python-dotenv
Usage: import this module and call main()."""
import logging
import os
from dotenv import load_dotenv
from telegram import Update
from telegram.ext import Updater, CommandHandler, MessageHandler, Filters, CallbackContext

load_dotenv()
logging.basicConfig(level=logging.INFO)
TOKEN = os.getenv("BOT_TOKEN")
ADMIN_ID = int(os.environ["ADMIN_ID"])

def start(update: Update, context: CallbackContext) -> None:
    update.message.reply_text("Hi! os.environ['NOT_A_READ']")

def main():
    updater = Updater(TOKEN)
    updater.dispatcher.add_handler(CommandHandler("start", start))
    updater.start_polling()

if __name__ == "__main__":
    main()
`,
    packages: ['python-dotenv', 'python-telegram-bot'],
    env: ['BOT_TOKEN?', 'ADMIN_ID!'],
  },
  {
    name: 'aiogram 3 with aiohttp and a relative router',
    language: 'python',
    code: `import asyncio, os
from aiogram import Bot, Dispatcher
from aiogram.filters import CommandStart
import aiohttp
from .handlers import router
from typing import Optional

WEATHER_KEY: Optional[str] = os.environ.get("OPENWEATHER_API_KEY", "")

async def weather(city: str) -> dict:
    async with aiohttp.ClientSession() as session:
        async with session.get(f"https://api.openweathermap.org/data/2.5/weather?q={city}&appid={WEATHER_KEY}") as r:
            return await r.json()

async def main() -> None:
    bot = Bot(token=os.environ["TELEGRAM_BOT_TOKEN"])
    dp = Dispatcher()
    dp.include_router(router)
    await dp.start_polling(bot)

asyncio.run(main())
`,
    packages: ['aiogram', 'aiohttp'],
    env: ['OPENWEATHER_API_KEY?', 'TELEGRAM_BOT_TOKEN!'],
  },
  {
    name: 'discord.py with yaml config, Pillow and a dataclass of settings',
    language: 'python',
    code: `from dataclasses import dataclass, field
from os import environ, getenv
import discord
from discord.ext import commands
import yaml
from PIL import Image, ImageDraw
try:
    import uvloop
except ImportError:  # pragma: no cover
    uvloop = None

@dataclass
class Settings:
    token: str = environ["DISCORD_TOKEN"]
    prefix: str = getenv("BOT_PREFIX", "!")
    guild: int = int(environ.get("GUILD_ID", "0"))

with open("config.yaml") as f:
    CONFIG = yaml.safe_load(f)

bot = commands.Bot(command_prefix=Settings().prefix, intents=discord.Intents.default())
bot.run(Settings().token)
`,
    packages: ['discord.py', 'pyyaml', 'pillow', 'uvloop'],
    env: ['DISCORD_TOKEN!', 'BOT_PREFIX?', 'GUILD_ID?'],
  },
  {
    name: 'discord.js 14 as an ES module with dotenv/config',
    language: 'javascript',
    code: `import 'dotenv/config';
import { Client, Events, GatewayIntentBits } from 'discord.js';
import { readFile } from 'node:fs/promises';
import path from 'path';
import commands from './commands/index.js';
import config from './config.json' with { type: 'json' };

const { DISCORD_TOKEN, GUILD_ID, PREFIX = '!' } = process.env;
const client = new Client({ intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages] });

client.once(Events.ClientReady, (c) => console.log(\`Ready as \${c.user.tag} in \${GUILD_ID}\`));
client.on(Events.MessageCreate, async (message) => {
  if (!message.content.startsWith(PREFIX)) return;
  const { default: dayjs } = await import('dayjs');
  message.reply(dayjs().format());
});
client.login(DISCORD_TOKEN);
`,
    packages: ['dotenv', 'discord.js', 'dayjs'],
    env: ['DISCORD_TOKEN!', 'GUILD_ID!', 'PREFIX?'],
  },
  {
    name: 'Telegraf in TypeScript with axios',
    language: 'typescript',
    code: `import { Telegraf, type Context } from 'telegraf';
import type { Update } from 'telegraf/types';
import axios, { AxiosError } from 'axios';
import * as dotenv from 'dotenv';

dotenv.config();

interface Quote { text: string; author: string }

const token = process.env.BOT_TOKEN;
if (!token) throw new Error('BOT_TOKEN is required');
const API_URL = process.env.API_URL ?? 'https://api.example.com';

const bot = new Telegraf<Context<Update>>(token);
bot.command('quote', async (ctx) => {
  try {
    const { data } = await axios.get<Quote>(\`\${API_URL}/quote\`);
    await ctx.reply(\`\${data.text} - \${data.author}\`);
  } catch (err) {
    await ctx.reply((err as AxiosError).message);
  }
});
bot.launch();
`,
    packages: ['telegraf', 'axios', 'dotenv'],
    env: ['BOT_TOKEN!', 'API_URL?'],
  },
  {
    name: 'Slack Bolt in CommonJS with a config module',
    language: 'javascript',
    code: `'use strict';
const { App, LogLevel } = require('@slack/bolt');
const cron = require('node-cron');
const { formatDistance } = require('date-fns/formatDistance');
const config = require('./config');

const app = new App({
  token: process.env.SLACK_BOT_TOKEN,
  signingSecret: process.env.SLACK_SIGNING_SECRET,
  socketMode: Boolean(process.env.SLACK_APP_TOKEN),
  appToken: process.env.SLACK_APP_TOKEN,
  logLevel: process.env.DEBUG ? LogLevel.DEBUG : LogLevel.INFO,
});

cron.schedule('0 9 * * 1-5', () => app.client.chat.postMessage({ channel: process.env['SLACK_CHANNEL_ID'], text: 'Standup!' }));
(async () => { await app.start(Number(process.env.PORT) || 3000); })();
`,
    packages: ['@slack/bolt', 'node-cron', 'date-fns'],
    env: ['SLACK_BOT_TOKEN!', 'SLACK_SIGNING_SECRET!', 'SLACK_APP_TOKEN!', 'DEBUG?', 'SLACK_CHANNEL_ID!', 'PORT?'],
  },
];

describe('analysis of hand-written bots', () => {
  describe.each(BOTS)('$name', (bot) => {
    it('imports exactly its packages', async () => {
      expect((await parseImports(bot.code, bot.language)).packages.map((p) => p.package)).toEqual(bot.packages);
    });

    it('reads exactly its variables', async () => {
      const language = bot.language === 'python' ? 'python' : 'javascript'; // .ts is sent as javascript
      expect((await detectEnvVars(bot.code, language)).map((v) => `${v.key}${v.required ? '!' : '?'}`)).toEqual(bot.env);
    });
  });
});
