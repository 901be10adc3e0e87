import { describe, expect, it } from 'vitest';
import { detectPlatform } from './platform';

describe('detectPlatform', () => {
  it('reads the platform from the file name', () => {
    expect(detectPlatform('telegram_bot.py')).toBe('telegram');
    expect(detectPlatform('tweet-replies.ts')).toBe('twitter');
    expect(detectPlatform('discord_bot.js')).toBe('discord');
    expect(detectPlatform('bot.py')).toBe('other');
  });

  it('counts a file that imports any Telegram library as Telegram, whatever its name', () => {
    const telegramFiles = [
      'from telegram import Update\nfrom telegram.ext import Application, CommandHandler',
      "from aiogram import Bot, Dispatcher\nfrom aiogram.client.session.aiohttp import AiohttpSession",
      'import aiogram',
      'from pyrogram import Client, filters',
      'from telethon import TelegramClient, events',
      'import telebot',
      "const { Telegraf } = require('telegraf');",
      "import { Bot } from 'grammy';",
      "const { Bot } = require('grammy');",
      "import { run } from '@grammyjs/runner';",
      "const TelegramBot = require('node-telegram-bot-api');",
    ];
    for (const content of telegramFiles) expect(detectPlatform('main.py', content), content).toBe('telegram');
  });

  it('leaves files of other platforms and plain code alone', () => {
    expect(detectPlatform('main.py', 'import discord\nfrom discord.ext import commands')).toBe('discord');
    expect(detectPlatform('main.js', "const { App } = require('@slack/bolt');")).toBe('slack');
    expect(detectPlatform('main.py', 'import requests\nprint("hello")')).toBe('other');
  });
});
