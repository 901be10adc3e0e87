// parseImports over tricky inputs (real parsers: tree-sitter grammars loaded from their npm packages).

import { describe, expect, it } from 'vitest';
import { parseImports } from './imports';

const py = async (code: string) => (await parseImports(code, 'python')).packages.map((p) => p.package);
const js = async (code: string, language: 'javascript' | 'typescript' = 'javascript') => (await parseImports(code, language)).imports;

describe('parseImports: Python', () => {
  it.each([
    ['import requests', ['requests']],
    ['import numpy as np, pandas as pd', ['numpy', 'pandas']],
    ['import a.b.c', ['a']],
    ['import a . b', ['a']],
    ['from x import *', ['x']],
    ['from flask import Flask, request\nimport flask', ['flask']],
    ['import telegram\nfrom telegram.ext import Application', ['python-telegram-bot']],
    ['def main():\n    import schedule\n    schedule.every(1)', ['schedule']],
    ['try:\n    import ujson as json\nexcept ImportError:\n    import json', ['ujson']],
    ['import sys\nif sys.version_info >= (3, 11):\n    import tomllib\nelse:\n    import tomli as tomllib', ['tomli']],
    ['class Bot:\n    def run(self):\n        from aiogram import Bot', ['aiogram']],
  ])('%j -> %j', async (code, expected) => {
    expect(await py(code)).toEqual(expected);
  });

  it('maps import names to PyPI names', async () => {
    const code = [
      'import telegram', 'import discord', 'from dotenv import load_dotenv', 'from PIL import Image', 'import yaml',
      'from bs4 import BeautifulSoup', 'import cv2', 'from sklearn.model_selection import train_test_split',
      'from slack_bolt import App', 'from googleapiclient.discovery import build', 'from dateutil import parser',
      'import jwt', 'from Crypto.Cipher import AES', 'import telebot', 'from github import Github',
    ].join('\n');
    expect(await py(code)).toEqual([
      'python-telegram-bot', 'discord.py', 'python-dotenv', 'pillow', 'pyyaml', 'beautifulsoup4', 'opencv-python',
      'scikit-learn', 'slack-bolt', 'google-api-python-client', 'python-dateutil', 'PyJWT', 'pycryptodome',
      'pyTelegramBotAPI', 'PyGithub',
    ]);
  });

  it('names google.* namespace packages by their distribution', async () => {
    const result = await parseImports(
      'from google.cloud import storage, bigquery as bq\nimport google.generativeai as genai\nfrom google.oauth2 import service_account\nimport google.cloud.pubsub_v1',
      'python',
    );
    expect(result.imports).toEqual(['google.cloud.storage', 'google.cloud.bigquery', 'google.generativeai', 'google.oauth2', 'google.cloud.pubsub_v1']);
    expect(result.packages.map((p) => p.package)).toEqual(['google-cloud-storage', 'google-cloud-bigquery', 'google-generativeai', 'google-auth', 'google-cloud-pubsub-v1']);
  });

  it('lists the module, the package and pip for each import', async () => {
    expect(await parseImports('from telegram import Update\nimport requests', 'python')).toEqual({
      imports: ['telegram', 'requests'],
      packages: [
        { module: 'telegram', package: 'python-telegram-bot', ecosystem: 'pip' },
        { module: 'requests', package: 'requests', ecosystem: 'pip' },
      ],
    });
  });

  it('never lists the standard library, __future__, __main__ or relative imports', async () => {
    const code = [
      'from __future__ import annotations', 'import os, sys, json, logging, asyncio, re', 'import urllib.request',
      'from collections.abc import Mapping', 'import tomllib, zoneinfo, distutils', 'import __main__',
      'from . import helpers', 'from .config import TOKEN', 'from ..shared.db import connect', 'from .. import x',
    ].join('\n');
    expect(await py(code)).toEqual([]);
  });

  it('does not take imports in comments, strings or docstrings', async () => {
    const code = [
      '"""Bot.', '', 'import flask', 'from django import forms', '"""', '# import pandas', 'x = "import numpy"',
      "y = f'from scipy import {x}'", "z = '''\nimport torch\n'''", 'import requests  # import httpx',
      'def f():', '    """from selenium import webdriver"""', "    return 'import boto3'",
    ].join('\n');
    expect(await py(code)).toEqual(['requests']);
  });

  it('still finds the imports of a file with syntax errors', async () => {
    expect(await py('import requests\ndef broken(:\n    pass\nprint "py2"\nimport flask\nfrom\nimport')).toEqual(['requests', 'flask']);
  });

  it('answers empty for empty or non-code input', async () => {
    expect(await parseImports('', 'python')).toEqual({ imports: [], packages: [] });
    expect(await py('\u0000\uFFFF\uD800 import')).toEqual([]);
  });
});

describe('parseImports: JavaScript and TypeScript', () => {
  it('finds every kind of import and require with a literal name', async () => {
    const code = [
      "import x from 'default-pkg';", "import 'side-effect';", "import * as ns from 'ns-pkg';", "import { a, b as c } from 'named-pkg';",
      "export { q } from 're-export';", "export * from 'star-export';", "const r = require('required');", "const t = require(`template`);",
      "async function f() { await import('dynamic'); }", "import d, { e } from \"double-quoted\";",
    ].join('\n');
    expect(await js(code)).toEqual(['default-pkg', 'side-effect', 'ns-pkg', 'named-pkg', 're-export', 'star-export', 'required', 'template', 'dynamic', 'double-quoted']);
  });

  it('reduces deep paths to the package and keeps scoped names', async () => {
    const code = "require('lodash/fp'); require('lodash'); import { App } from '@slack/bolt'; import x from '@a/b/c/d.js'; import '@scope';";
    const result = await parseImports(code, 'javascript');
    expect(result.imports).toEqual(['lodash', '@slack/bolt', '@a/b']);
    expect(result.packages).toEqual([
      { module: 'lodash', package: 'lodash', ecosystem: 'npm' },
      { module: '@slack/bolt', package: '@slack/bolt', ecosystem: 'npm' },
      { module: '@a/b', package: '@a/b', ecosystem: 'npm' },
    ]);
  });

  it('never lists builtins, node: names, relative or absolute paths, URLs or subpath imports', async () => {
    const code = [
      "import fs from 'node:fs';", "import { readFile } from 'fs/promises';", "const path = require('path');", "require('child_process');",
      "import test from 'node:test';", "import './local.js';", "require('../lib/util');", "require('/abs/file');", "import '#internal';",
      "import x from 'https://esm.sh/x';", "require('events'); require('crypto'); require('http');",
    ].join('\n');
    expect(await js(code)).toEqual([]);
  });

  it('does not take names from comments, strings, templates or computed calls', async () => {
    const code = [
      "// require('commented')", "/* import x from 'block-comment' */", "const s = \"require('in-string')\";", 'const t = `import(\'in-template\')`;',
      'const name = "x"; require(name); import(name); require(`${name}-pkg`); require("a" + "b");', "obj.require('method-call');",
      "require('Upper-Case'); require('has space');", "require('ok');",
    ].join('\n');
    expect(await js(code)).toEqual(['ok']);
  });

  it('skips type-only imports in TypeScript but keeps mixed ones and import = require', async () => {
    const code = [
      "import type { Context } from 'types-only';", "export type { T } from 'type-export';", "import { type A, b } from 'mixed';",
      "import fs = require('fs-extra');", "import { Telegraf } from 'telegraf';", 'const token: string = process.env.TOKEN!;',
      'enum Mode { A, B }', 'function f<T>(x: T): T { return x; }',
    ].join('\n');
    expect(await js(code, 'typescript')).toEqual(['mixed', 'fs-extra', 'telegraf']);
  });

  it('reads TypeScript sent as javascript and JSX sent as either', async () => {
    expect(await js("import 'dotenv/config';\nconst port: number = Number(require('get-port'));\ninterface A { b: string }")).toEqual(['dotenv', 'get-port']);
    expect(await js("import React from 'react';\nexport const App = () => <div className=\"x\">{require('jsx-dep')}</div>;")).toEqual(['react', 'jsx-dep']);
    expect(await js("import React from 'react';\nexport const App = () => <main />;", 'typescript')).toEqual(['react']);
  });

  it('still finds the imports of a file with syntax errors', async () => {
    expect(await js("import a from 'first';\nfunction (\nconst b = require('second');\n}}}\nimport 'third'")).toEqual(['first', 'second', 'third']);
  });

  it('answers empty for empty input', async () => {
    expect(await parseImports('', 'typescript')).toEqual({ imports: [], packages: [] });
  });
});
