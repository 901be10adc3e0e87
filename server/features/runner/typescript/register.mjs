// `node --import <this file> bot.ts`: registers the TypeScript hooks (./ts-loader.mjs, beside this
// file in the sandbox's read-only /opt/botwright/ts) before the bot is loaded.
import { register } from 'node:module';

register('./ts-loader.mjs', import.meta.url);
