// What the builtin assistant understands, over a table of requests written the way people write them
// (typos, several behaviours at once, follow-ups): each row names the behaviours and parameters the
// parsed request must contain. The share of rows understood is printed; the goal is all of them.

import { describe, expect, it } from 'vitest';
import { understandRequest, type BotRequest } from './request';
import type { Feature, Platform, Weekday } from './request';

interface Row {
  message: string;
  platform?: Platform;
  /** Behaviours the request must contain (others may be there too). */
  features: Feature[];
  /** Behaviours it must not contain. */
  without?: Feature[];
  /** Fields that must equal these values. */
  has?: Partial<BotRequest>;
}

const WEEKDAYS: Weekday[] = [0, 1, 2, 3, 4];

const ROWS: Row[] = [
  // Platforms, typos and plain words
  { message: 'make me a telegarm bot that welcomes new people', platform: 'telegram', features: ['welcome'] },
  { message: 'discrod bot that says hi when someone joins the server', platform: 'discord', features: ['welcome'] },
  { message: 'i need a whatsapp bot for my hair salon that answers questions', platform: 'whatsapp', features: ['keywords'], has: { purpose: 'hair salon' } },
  { message: 'slack bot that reminds my team about stuff', platform: 'slack', features: ['reminders'] },
  { message: 'a bot for my twiter account that posts every 2 hours', platform: 'twitter', features: ['scheduled'], has: { intervalMinutes: 120 } },
  { message: 'can you make a wether bot for telegram', platform: 'telegram', features: ['weather'] },
  { message: 'a discord bot with a welcom message, jokes and a remnder command', platform: 'discord', features: ['welcome', 'jokes', 'reminders'] },
  { message: 'telegram bot that tells the wether in Paris', platform: 'telegram', features: ['weather'], has: { city: 'Paris' } },
  { message: 'moderaton bot for discord that deletes swear words', platform: 'discord', features: ['moderation'] },
  { message: 'a transalte bot that translates everything to French', features: ['translate'], has: { targetLanguage: 'French' } },
  { message: 'whats app bot that sends my clients a reminder the day before their appointment', platform: 'whatsapp', features: ['reminders'] },
  { message: 'i want a telegram bot, my group is for gardening, it should greet new ppl', platform: 'telegram', features: ['welcome'] },
  { message: 'a sheduled post bot for my channel', features: ['scheduled'] },
  { message: 'a bot that sends a daily quote and reminds people of the rules, for my telegarm groop', platform: 'telegram', features: ['quotes', 'scheduled', 'reminders', 'rules'] },
  { message: 'discord bot in javascript that echoes', platform: 'discord', features: ['echo'], has: { language: 'javascript' } },

  // Jokes, quotes, facts
  { message: 'a telegram bot that tells jokes and has a /weather command', platform: 'telegram', features: ['jokes', 'weather'], has: { commandNames: { weather: 'weather' } } },
  { message: '/joke', features: ['jokes'] },
  { message: 'a /gag command that tells jokes', features: ['jokes'], has: { commandNames: { jokes: 'gag' } } },
  { message: 'I want a bot that tells dad jokes when you type /pun', features: ['jokes'], has: { commandNames: { jokes: 'pun' } } },
  { message: 'a bot that makes people laugh with puns', features: ['jokes'] },
  { message: 'a daily motivational quote in our group', features: ['quotes', 'scheduled'], has: { intervalMinutes: 1440 } },
  { message: 'send an inspirational quote every morning at 7', features: ['quotes', 'scheduled'], has: { postTimes: ['07:00'] } },
  { message: 'fun facts about space', features: ['facts'] },
  { message: 'a trivia bot that posts a random fact every hour', features: ['facts', 'scheduled'], without: ['random'], has: { intervalMinutes: 60 } },
  { message: 'tell a joke when someone types /joke and a quote with /quote', features: ['jokes', 'quotes'] },
  {
    message: "jokes like 'Why did the chicken cross the road?' and 'I told my wife she was drawing her eyebrows too high'",
    features: ['jokes'],
    has: { jokes: ['Why did the chicken cross the road?', 'I told my wife she was drawing her eyebrows too high'] },
  },
  { message: "our own quotes: 'Bake it till you make it', 'Life is short, eat the cake'", features: ['quotes'], has: { quotes: ['Bake it till you make it', 'Life is short, eat the cake'] } },
  { message: "a /fact command with facts like 'Honey never spoils' and 'Octopuses have three hearts'", features: ['facts'], has: { facts: ['Honey never spoils', 'Octopuses have three hearts'] } },
  { message: 'facts abt cats every day', features: ['facts', 'scheduled'] },
  { message: 'I want a bot that posts jokes on weekends', features: ['jokes', 'scheduled'], has: { postWeekdays: [5, 6] } },

  // Dice, coins, random picks
  { message: 'roll dice', features: ['random'] },
  { message: 'flip a coin', features: ['random'] },
  { message: "pick a random restaurant from Luigi's, Sushi Bar and Taco Town", features: ['random'], has: { choices: ["Luigi's", 'Sushi Bar', 'Taco Town'] } },
  { message: 'a bot that can roll a d20 for our D&D group', features: ['random'] },
  { message: 'heads or tails game for discord', platform: 'discord', features: ['random'] },
  { message: 'help us decide between pizza, burgers or sushi for lunch', features: ['random'], has: { choices: ['pizza', 'burgers', 'sushi'] } },
  { message: 'a random number between 1 and 100', features: ['random'] },
  { message: 'a bot that picks a winner for our giveaway', features: ['random'] },
  { message: 'bot that rolls dice, flips coins and keeps score for our game night', features: ['random', 'counter'] },

  // Polls
  { message: "a poll asking 'Pizza or pasta?' with options pizza, pasta", features: ['polls'], has: { poll: { question: 'Pizza or pasta?', options: ['pizza', 'pasta'] } } },
  { message: 'make a poll: Where should we go for the team lunch?', features: ['polls'], has: { poll: { question: 'Where should we go for the team lunch?', options: [] } } },
  { message: 'let people vote on the next movie night film', features: ['polls'] },
  { message: 'a survey bot for slack', platform: 'slack', features: ['polls'] },
  {
    message: "a poll with the question 'Best day for the meetup?' and options Friday, Saturday or Sunday",
    features: ['polls'],
    without: ['scheduled'],
    has: { poll: { question: 'Best day for the meetup?', options: ['Friday', 'Saturday', 'Sunday'] }, postWeekdays: [] },
  },
  { message: 'a poll asking Tea or coffee?', features: ['polls'], has: { poll: { question: 'Tea or coffee?', options: ['Tea', 'coffee'] } } },

  // Reminders
  { message: 'a bot that reminds me to drink water', features: ['reminders'] },
  { message: 'remind the team about the standup every weekday at 9:45', features: ['reminders', 'scheduled'], has: { postTimes: ['09:45'], postWeekdays: WEEKDAYS } },
  { message: 'reminders for my dentist patients', features: ['reminders'] },

  // Scheduled posts: intervals, times, weekdays
  { message: "post 'Good morning!' every day at 9am", features: ['scheduled'], has: { postTimes: ['09:00'], postTexts: ['Good morning!'] } },
  { message: 'every Monday at 10:30', features: ['scheduled'], has: { postWeekdays: [0], postTimes: ['10:30'] } },
  { message: 'post a reminder on weekdays', features: ['scheduled'], has: { postWeekdays: WEEKDAYS } },
  { message: "post 'Weekend sale!' every saturday and sunday at noon", features: ['scheduled'], has: { postWeekdays: [5, 6], postTimes: ['12:00'], postTexts: ['Weekend sale!'] } },
  { message: "tweet 'We are open!' at 8:30am and 'Closing soon' at 9 pm", platform: 'twitter', features: ['scheduled'], has: { postTimes: ['08:30', '21:00'] } },
  { message: 'send a message to the channel every 30 minutes', features: ['scheduled'], has: { intervalMinutes: 30 } },
  { message: 'post the menu of the day at 11 in the morning', features: ['scheduled'], without: ['menu'], has: { postTimes: ['11:00'] } },
  { message: 'post at midnight every day', features: ['scheduled'], has: { postTimes: ['00:00'] } },
  { message: "every day at 21:00 send 'Good night everyone'", features: ['scheduled'], has: { postTimes: ['21:00'], postTexts: ['Good night everyone'] } },
  { message: 'a bot that posts every hour', features: ['scheduled'], has: { intervalMinutes: 60 } },
  { message: 'post twice a day', features: ['scheduled'], has: { intervalMinutes: 720 } },
  { message: 'post at 9 in the morning and 6 in the evening', features: ['scheduled'], has: { postTimes: ['09:00', '18:00'] } },
  { message: 'send a quote every day at 9:30pm', features: ['quotes', 'scheduled'], has: { postTimes: ['21:30'] } },
  { message: 'post at noon on Fridays', features: ['scheduled'], has: { postTimes: ['12:00'], postWeekdays: [4] } },
  { message: 'a reminder every 2 hours on weekdays', features: ['reminders', 'scheduled'], has: { intervalMinutes: 120, postWeekdays: WEEKDAYS } },
  { message: 'post every day except Sunday at 8am', features: ['scheduled'], has: { postWeekdays: [0, 1, 2, 3, 4, 5], postTimes: ['08:00'] } },
  { message: 'i want my group to get a good morning message every day', features: ['scheduled'] },
  { message: 'post every fifteen minutes', features: ['scheduled'], has: { intervalMinutes: 15 } },
  { message: 'schedual posts every hour', features: ['scheduled'], has: { intervalMinutes: 60 } },
  { message: 'announce the specials every Tuesday and Thursday at 5pm', features: ['scheduled'], has: { postWeekdays: [1, 3], postTimes: ['17:00'] } },
  { message: 'post from Monday to Friday at 8 in the morning', features: ['scheduled'], has: { postWeekdays: WEEKDAYS, postTimes: ['08:00'] } },

  // Welcome and goodbye
  { message: "welcome new members with 'Hi {name}, glad you're here!'", features: ['welcome'], has: { welcomeText: "Hi {name}, glad you're here!" } },
  { message: 'greet people when they join', features: ['welcome'] },
  { message: "say goodbye when someone leaves with 'See you, {name}'", features: ['goodbye'], has: { goodbyeText: 'See you, {name}' } },
  { message: 'a farewell message when people leave the group', features: ['goodbye'] },
  { message: 'welcome newcomers and say bye to people who leave', features: ['welcome', 'goodbye'] },
  { message: "When someone leaves the server post 'Sad to see you go'", features: ['goodbye'], has: { goodbyeText: 'Sad to see you go' } },
  {
    message: "welcome people with 'Hello {name}!' and say goodbye with 'Bye {name}!'",
    features: ['welcome', 'goodbye'],
    has: { welcomeText: 'Hello {name}!', goodbyeText: 'Bye {name}!' },
  },

  // Rules
  { message: 'a /rules command with: 1. be nice 2. no spam', features: ['rules'], without: ['moderation'], has: { rulesText: '1. be nice 2. no spam' } },
  { message: "rules: 'Be kind. No ads.'", features: ['rules'], has: { rulesText: 'Be kind. No ads.' } },
  { message: 'show the group rules when someone types !rules', features: ['rules'] },
  { message: 'our rules are: no selling, no politics, be respectful', features: ['rules'], has: { rulesText: 'no selling, no politics, be respectful' } },

  // Moderation
  { message: 'mute people after 3 warnings for 10 minutes', features: ['moderation'], has: { warnLimit: 3, muteMinutes: 10 } },
  { message: 'warn people who swear and kick them after three strikes', features: ['moderation'], has: { warnLimit: 3 } },
  { message: "ban the words spam, scam and 'buy now'", features: ['moderation'], has: { bannedWords: ['spam', 'scam', 'buy now'] } },
  { message: 'delete messages with words like crypto and casino', features: ['moderation'], without: ['prices'], has: { bannedWords: ['crypto', 'casino'] } },
  { message: 'a group moderator that deletes links and warns spammers', features: ['moderation'] },
  { message: 'timeout anyone who swears for 1 hour', features: ['moderation'], has: { muteMinutes: 60 } },
  { message: "3 strikes and you're muted for a day", features: ['moderation'], has: { warnLimit: 3, muteMinutes: 1440 } },
  { message: 'filter out bad words in my discord server', platform: 'discord', features: ['moderation'] },
  { message: 'warn people twice and then mute them for fifteen minutes', features: ['moderation'], has: { warnLimit: 2, muteMinutes: 15 } },
  { message: 'can u make a bot 4 discord that kicks ppl who spam', platform: 'discord', features: ['moderation'] },

  // FAQ and keyword replies
  {
    message: 'Q: What time do you open? A: 9am. Q: Do you deliver? A: Yes, within 5 km',
    features: ['keywords'],
    has: { keywordReplies: [{ keyword: 'open', reply: '9am' }, { keyword: 'deliver', reply: 'Yes, within 5 km' }] },
  },
  { message: "if someone asks about delivery say 'Yes, within 5 km'", features: ['keywords'], has: { keywordReplies: [{ keyword: 'delivery', reply: 'Yes, within 5 km' }] } },
  { message: "when people ask about parking tell them 'Free parking behind the shop'", features: ['keywords'], has: { keywordReplies: [{ keyword: 'parking', reply: 'Free parking behind the shop' }] } },
  { message: "reply 'We open at 8' when someone says hours", features: ['keywords'], has: { keywordReplies: [{ keyword: 'hours', reply: 'We open at 8' }] } },
  { message: 'FAQ bot for my yoga studio', features: ['keywords'], has: { purpose: 'yoga studio' } },
  { message: 'Question: Do you have vegan cake? Answer: Yes, every day', features: ['keywords'], has: { keywordReplies: [{ keyword: 'vegan', reply: 'Yes, every day' }] } },
  { message: "if a customer asks what time you close, answer 'We close at 6pm'", features: ['keywords'], has: { keywordReplies: [{ keyword: 'close', reply: 'We close at 6pm' }] } },
  { message: 'my customers keep asking the same things, can a bot answer them?', features: ['keywords'] },

  // Away / closed hours
  {
    message: "we are open 9 to 5 Monday to Friday, outside those hours reply 'We're closed, back tomorrow'",
    features: ['away'],
    has: { openHours: { from: '09:00', to: '17:00', weekdays: WEEKDAYS }, awayText: "We're closed, back tomorrow" },
  },
  { message: "when we're closed send 'We are closed right now, we open at 10'", features: ['away'], has: { awayText: 'We are closed right now, we open at 10' } },
  { message: "an away message for weekends: 'Back on Monday!'", features: ['away'], has: { awayText: 'Back on Monday!' } },
  {
    message: "our business hours are 8am-6pm, outside business hours say 'Leave a message and we'll call you back'",
    features: ['away'],
    has: { openHours: { from: '08:00', to: '18:00', weekdays: [] }, awayText: "Leave a message and we'll call you back" },
  },
  { message: "out of office replies when I'm on vacation", features: ['away'] },
  { message: "open from 10:00 to 22:00 every day except Monday, after hours answer 'Sorry, we are closed'", features: ['away'], has: { openHours: { from: '10:00', to: '22:00', weekdays: [1, 2, 3, 4, 5, 6] }, awayText: 'Sorry, we are closed' } },

  // AI replies
  { message: 'AI chat', features: ['llm'] },
  { message: 'a bot that answers questions with ChatGPT', features: ['llm'] },
  { message: 'use a local model through ollama to reply', features: ['llm'] },
  { message: 'smart assistant that talks like a human', features: ['llm'] },
  { message: 'a discord bot that chats with people using AI', platform: 'discord', features: ['llm'] },

  // Weather
  { message: 'weather for Berlin', features: ['weather'], has: { city: 'Berlin' } },
  { message: 'weather in New York', features: ['weather'], has: { city: 'New York' } },
  { message: 'a /weather command for London and the forecast every morning', features: ['weather', 'scheduled'], has: { city: 'London' } },
  { message: "what's the temperature in tokyo", features: ['weather'], has: { city: 'Tokyo' } },
  { message: 'Paris weather every day at 7am', features: ['weather', 'scheduled'], has: { city: 'Paris', postTimes: ['07:00'] } },
  { message: 'a wether bot for Rio de Janeiro', features: ['weather'], has: { city: 'Rio de Janeiro' } },
  { message: 'something that tells people the weather when they ask', features: ['weather'] },
  { message: 'every morning at 8 post the weather for Berlin', features: ['weather', 'scheduled'], has: { city: 'Berlin', postTimes: ['08:00'] } },

  // News feeds
  {
    message: 'post the headlines from https://example.com/feed.xml to my channel every hour',
    features: ['news'],
    has: { feedUrl: 'https://example.com/feed.xml', intervalMinutes: 60 },
  },
  { message: "share new posts from my blog's RSS feed https://myblog.com/rss", features: ['news'], has: { feedUrl: 'https://myblog.com/rss' } },
  { message: 'a news bot that posts BBC headlines', features: ['news'] },
  { message: 'check https://news.ycombinator.com/rss every 10 minutes and post new stories', features: ['news'], has: { feedUrl: 'https://news.ycombinator.com/rss', intervalMinutes: 10 } },

  // Prices
  { message: 'bitcoin and ethereum prices', features: ['prices'], has: { coins: ['bitcoin', 'ethereum'] } },
  { message: 'euro to dollar rate', features: ['prices'], has: { currencies: ['EUR', 'USD'] } },
  { message: 'a crypto bot that posts the BTC, ETH and SOL price every hour', features: ['prices', 'scheduled'], has: { coins: ['bitcoin', 'ethereum', 'solana'], intervalMinutes: 60 } },
  { message: 'show dogecoin price in euros', features: ['prices'], has: { coins: ['dogecoin'], currencies: ['EUR'] } },
  { message: 'exchange rates for pounds and yen', features: ['prices'], has: { currencies: ['GBP', 'JPY'] } },
  { message: '/price btc', features: ['prices'], has: { coins: ['bitcoin'] } },
  { message: 'bot to tell me bitcoin price every morning', features: ['prices', 'scheduled'], has: { coins: ['bitcoin'] } },
  { message: 'if someone asks about prices, answer the price list', features: ['keywords'], without: ['prices'] },

  // Translation
  { message: 'translate messages to Spanish', features: ['translate'], has: { targetLanguage: 'Spanish' } },
  { message: 'a bot that translates everything into german for our international group', features: ['translate'], has: { targetLanguage: 'German' } },
  { message: 'french translator bot for whatsapp', platform: 'whatsapp', features: ['translate'], has: { targetLanguage: 'French' } },
  { message: 'a /translate command', features: ['translate'] },
  { message: 'translate stuff people write in russian to english', features: ['translate'], has: { targetLanguage: 'English' } },

  // Counters and per-user state
  { message: 'count how many messages each user sends', features: ['counter'] },
  { message: 'a /count command', features: ['counter'] },
  { message: 'keep score', features: ['counter'] },
  { message: 'a leaderboard of who posts the most', features: ['counter'] },
  { message: 'give points to people who help others and show a top list', features: ['counter'] },

  // Menus
  {
    message: 'a menu with buttons Prices, Hours and Contact',
    features: ['menu'],
    without: ['prices', 'away'],
    has: { menu: [{ label: 'Prices', reply: '' }, { label: 'Hours', reply: '' }, { label: 'Contact', reply: '' }] },
  },
  { message: "a menu with a Hours button that says 'We open at 9'", features: ['menu'], has: { menu: [{ label: 'Hours', reply: 'We open at 9' }] } },
  { message: 'inline keyboard with options: Order, Track, Support', features: ['menu'], has: { menu: [{ label: 'Order', reply: '' }, { label: 'Track', reply: '' }, { label: 'Support', reply: '' }] } },
  { message: 'buttons for Menu, Location and Call us', features: ['menu'], has: { menu: [{ label: 'Menu', reply: '' }, { label: 'Location', reply: '' }, { label: 'Call us', reply: '' }] } },

  // Echo and commands with fixed replies
  { message: 'a bot that repeats what you say', features: ['echo'] },
  { message: 'echo bot in node for discord', platform: 'discord', features: ['echo'], has: { language: 'javascript' } },
  { message: 'a /hours command that says we open at 9', features: ['commands'], has: { commandReplies: [{ name: 'hours', reply: 'we open at 9' }] } },
  { message: "a !price command that replies 'Coffee is 2 euros'", features: ['commands'], without: ['prices'], has: { commandReplies: [{ name: 'price', reply: 'Coffee is 2 euros' }] } },
  { message: 'add a /contact command', features: ['commands'], has: { commandReplies: [{ name: 'contact', reply: '' }] } },
  { message: 'a telegram bot with /start and /help', platform: 'telegram', features: ['commands'] },

  // Several behaviours in one request
  { message: 'a discord bot that welcomes people, tells jokes, and has a /poll command', platform: 'discord', features: ['welcome', 'jokes', 'polls'] },
  {
    message: "I run a bakery. I want a whatsapp bot that tells people our opening hours, and posts 'Fresh bread!' every day at 7am",
    platform: 'whatsapp',
    features: ['keywords', 'scheduled'],
    has: { postTimes: ['07:00'], postTexts: ['Fresh bread!'] },
  },
  { message: 'a community bot: welcome members, ban bad words, a daily quote and a weekly poll', features: ['welcome', 'moderation', 'quotes', 'polls', 'scheduled'] },
  {
    message: 'a slack bot that posts the weather for Chicago every weekday at 8am and tells jokes',
    platform: 'slack',
    features: ['weather', 'scheduled', 'jokes'],
    has: { city: 'Chicago', postTimes: ['08:00'], postWeekdays: WEEKDAYS },
  },
  { message: 'a telegram bot with AI answers plus a /btc command for the bitcoin price', platform: 'telegram', features: ['llm', 'prices'], has: { coins: ['bitcoin'], commandNames: { prices: 'btc' } } },
  {
    message: "Hi! I need a Discord bot. It should welcome people with 'Welcome to the server, {name}!'. It should also delete messages with bad words. Thanks!",
    platform: 'discord',
    features: ['welcome', 'moderation'],
    has: { welcomeText: 'Welcome to the server, {name}!' },
  },
  {
    message: "Make a bot for my gym. Post 'Time to train!' every weekday at 6am. Also answer questions about prices.",
    features: ['scheduled', 'keywords'],
    without: ['prices'],
    has: { postTimes: ['06:00'], postWeekdays: WEEKDAYS, postTexts: ['Time to train!'], purpose: 'gym' },
  },
  { message: 'i have a small shop and i want something on telegram that says hi to new people and tells them our rules', platform: 'telegram', features: ['welcome', 'rules'] },
  { message: 'a bot for our discord with polls, dice and a leaderboard', platform: 'discord', features: ['polls', 'random', 'counter'] },
  { message: 'telegram channel bot: news from https://example.org/rss.xml and crypto prices for btc and eth', platform: 'telegram', features: ['news', 'prices'], has: { feedUrl: 'https://example.org/rss.xml', coins: ['bitcoin', 'ethereum'] } },
  { message: 'a whatsapp bot that answers with AI and translates to Portuguese', platform: 'whatsapp', features: ['llm', 'translate'], has: { targetLanguage: 'Portuguese' } },
  { message: 'a bot with a menu with buttons Weather, Jokes and Help', features: ['menu'], has: { menu: [{ label: 'Weather', reply: '' }, { label: 'Jokes', reply: '' }, { label: 'Help', reply: '' }] } },

  // Follow-ups to an existing bot
  { message: 'add a /joke command', features: ['jokes'] },
  { message: 'make the welcome shorter', features: [], has: { shorter: ['welcome'] } },
  { message: 'also post at 9am', features: ['scheduled'], has: { postTimes: ['09:00'] } },
  { message: 'remove the echo', features: [], without: ['echo'], has: { removed: ['echo'] } },
  { message: 'stop echoing', features: [], without: ['echo'], has: { removed: ['echo'] } },
  { message: 'no more welcome message', features: [], without: ['welcome'], has: { removed: ['welcome'] } },
  { message: 'can you also add weather for Madrid', features: ['weather'], has: { city: 'Madrid' } },
  { message: 'and make the rules message shorter please', features: [], has: { shorter: ['rules'] } },
  { message: 'get rid of the jokes and add fun facts instead', features: ['facts'], without: ['jokes'], has: { removed: ['jokes'] } },
  { message: "also ban the word 'idiot'", features: ['moderation'], has: { bannedWords: ['idiot'] } },
  { message: 'change it so it posts every 45 minutes', features: ['scheduled'], has: { intervalMinutes: 45 } },
  { message: 'please add a goodbye message too', features: ['goodbye'] },
  { message: 'also translate to Italian', features: ['translate'], has: { targetLanguage: 'Italian' } },
  { message: 'add a button menu with Shop and Help', features: ['menu'], has: { menu: [{ label: 'Shop', reply: '' }, { label: 'Help', reply: '' }] } },
  { message: 'the bot should not use AI', features: [], without: ['llm'], has: { removed: ['llm'] } },
  { message: 'without the AI please', features: [], without: ['llm'], has: { removed: ['llm'] } },
  { message: 'make the start message shorter', features: [], has: { shorter: ['start'] } },
  { message: 'disable the reminders', features: [], without: ['reminders'], has: { removed: ['reminders'] } },
  { message: 'shorten the goodbye text', features: [], has: { shorter: ['goodbye'] } },
  { message: 'add a poll', features: ['polls'] },
  { message: 'now also mute people after 5 warnings', features: ['moderation'], has: { warnLimit: 5 } },
  { message: 'and on sundays post at 10', features: ['scheduled'], has: { postWeekdays: [6], postTimes: ['10:00'] } },
  { message: 'turn off the weather updates and add a counter', features: ['counter'], without: ['weather'], has: { removed: ['weather'] } },

  // Everyday wording, and words that must not switch a behaviour on
  {
    message: "Hello! I'm opening a small coffee shop next month and I would love a telegram bot. It should greet people, tell them our opening hours and maybe tell a joke sometimes. Thank you so much!",
    platform: 'telegram',
    features: ['welcome', 'keywords', 'jokes'],
    has: { purpose: 'coffee shop', notUnderstood: [] },
  },
  { message: 'Can you build me a Telegram bot for my restaurant? It should show our menu and tell customers when we are open', platform: 'telegram', features: ['keywords'], without: ['menu'], has: { purpose: 'restaurant' } },
  { message: "Whatsapp bot for a dentist: answer FAQs, send appointment reminders, and say 'We're closed' at night", platform: 'whatsapp', features: ['keywords', 'reminders', 'away'], has: { awayText: "We're closed" } },
  { message: 'please create a discord bot called Groot that bans people who post links', platform: 'discord', features: ['moderation'], has: { botName: 'Groot' } },
  { message: "a bot that notifies my group when it's going to rain in Amsterdam", features: ['weather'], has: { city: 'Amsterdam' } },
  { message: 'send storm warnings for Hamburg', features: ['weather'], without: ['moderation'] },
  { message: 'a funny welcome message', features: ['welcome'], without: ['jokes'] },
  { message: 'a bot that posts football scores every hour', features: ['scheduled'], without: ['counter'] },
  { message: 'make a bot that posts a random cat picture every hour', features: ['scheduled'], without: ['random'] },
  { message: 'post quotes at random times', features: ['quotes'], without: ['random'] },
  { message: 'a bot that answers yes or no randomly', features: ['random'] },
  { message: 'a bot that tells you the price of our products', features: ['keywords'], without: ['prices'] },
  { message: 'I need a bot that keeps track of who owes money in our flat and posts a reminder every sunday', features: ['counter', 'reminders', 'scheduled'], has: { postWeekdays: [6] } },
  { message: 'a discord bot that gives xp for messages and levels people up', platform: 'discord', features: ['counter'] },
  { message: 'make a bot that converts usd to eur', features: ['prices'], has: { currencies: ['USD', 'EUR'] } },
  { message: 'a bot that can chat like a pirate', features: ['llm'] },
  { message: "My name is Anna and I run a flower shop. I want a bot on whatsapp that answers customer questions.", platform: 'whatsapp', features: ['keywords'], has: { purpose: 'flower shop', botName: 'Flower Shop Bot' } },
  { message: "add 'What are your hours?' to the FAQ with the answer 'Mon-Fri 9-5'", features: ['keywords'], has: { keywordReplies: [{ keyword: 'hours', reply: 'Mon-Fri 9-5' }] } },
  { message: "also say 'Bless you' when someone says achoo", features: ['keywords'], has: { keywordReplies: [{ keyword: 'achoo', reply: 'Bless you' }] } },
  { message: 'the welcome message is too long', features: [], has: { shorter: ['welcome'] } },
  { message: "telegram bot: /start says hello, /about says 'We are a small bakery', /joke tells a joke", platform: 'telegram', features: ['jokes'], has: { commandNames: { jokes: 'joke' } } },
  { message: 'bot for my church group that posts a bible verse every morning at 6 and reminds everyone about the meeting', features: ['scheduled', 'reminders'], has: { postTimes: ['06:00'], purpose: 'church' } },
  { message: "if someone asks whether we deliver, tell them 'Only within 5 km'", features: ['keywords'], has: { keywordReplies: [{ keyword: 'deliver', reply: 'Only within 5 km' }] } },
  { message: 'Discord bot pls: !roll for dice, !flip for coins, and it should kick people after 2 warnings', platform: 'discord', features: ['random', 'moderation'], has: { warnLimit: 2, commandNames: { random: 'roll' } } },
  { message: 'I want a menu with 3 buttons: Opening hours, Prices, Contact us', features: ['menu'], without: ['keywords', 'prices'], has: { menu: [{ label: 'Opening hours', reply: '' }, { label: 'Prices', reply: '' }, { label: 'Contact us', reply: '' }] } },
  { message: "please make a bot that replies 'Thanks for your message, we will answer within 24 hours' when we're closed", features: ['away'], without: ['keywords'], has: { awayText: 'Thanks for your message, we will answer within 24 hours', keywordReplies: [] } },
  { message: 'telegram bot that tells a random fact about animals when you type /fact and a joke with /joke', platform: 'telegram', features: ['facts', 'jokes'], has: { commandNames: { facts: 'fact', jokes: 'joke' } } },
  { message: "bot that deletes messages with the words 'free money' or 'click here' and mutes the sender for 30 min", features: ['moderation'], has: { bannedWords: ['free money', 'click here'], muteMinutes: 30 } },
  { message: "a bot that remembers each user's favourite color", features: ['counter'] },
  { message: "when someone types price, send them our price list 'Coffee 2€, Tea 1.5€'", features: ['keywords'], without: ['prices'], has: { keywordReplies: [{ keyword: 'price', reply: 'Coffee 2€, Tea 1.5€' }] } },
  { message: 'change the time of the daily post to 7:30', features: ['scheduled'], has: { postTimes: ['07:30'] } },
  { message: 'the goodbye message is too wordy', features: [], has: { shorter: ['goodbye'] } },
  { message: 'instead of every hour, post every 3 hours', features: ['scheduled'], has: { intervalMinutes: 180 } },
  { message: 'remove the morning post', features: [], has: { removed: ['scheduled'] } },
  { message: 'open from 9am to 5pm, post every day at 10', features: ['scheduled'], has: { postTimes: ['10:00'], openHours: { from: '09:00', to: '17:00', weekdays: [] } } },
  { message: "we're open every day from 9am to 5pm", features: [], without: ['scheduled'], has: { openHours: { from: '09:00', to: '17:00', weekdays: [0, 1, 2, 3, 4, 5, 6] }, postTimes: [] } },
  { message: 'Discord server bot. Welcome msg, auto-mod for slurs, !8ball, and a leaderboard for most active members', platform: 'discord', features: ['welcome', 'moderation', 'random', 'counter'] },
  { message: 'A bot for our football team group chat that reminds everyone of training on tuesdays and thursdays at 7pm', features: ['reminders', 'scheduled'], has: { postWeekdays: [1, 3], postTimes: ['19:00'], notUnderstood: [] } },
  { message: "Set up a whatsapp bot for my bakery: say 'Hi! We bake fresh bread every day' to new customers", platform: 'whatsapp', features: ['welcome'], without: ['keywords'], has: { welcomeText: 'Hi! We bake fresh bread every day' } },
  { message: 'Please add a /quote command and remove the /joke command', features: ['quotes'], without: ['jokes'], has: { commandNames: { quotes: 'quote' }, removed: ['jokes'] } },
  { message: "When people say 'good morning' the bot should answer 'Good morning sunshine!'", features: ['keywords'], has: { keywordReplies: [{ keyword: 'good morning', reply: 'Good morning sunshine!' }] } },
  { message: 'Telegram bot for my book club: post a reading reminder every Sunday at 6pm and run a poll for the next book', platform: 'telegram', features: ['scheduled', 'reminders', 'polls'], has: { postWeekdays: [6], postTimes: ['18:00'], purpose: 'book club' } },
  { message: 'could the bot post the euro/dollar exchange rate every morning?', features: ['prices', 'scheduled'], has: { currencies: ['EUR', 'USD'] } },
  { message: 'a bot that posts a motivational quote every weekday morning at 7:15', features: ['quotes', 'scheduled'], has: { postWeekdays: WEEKDAYS, postTimes: ['07:15'] } },
  { message: 'make an echo bot in python for telegarm', platform: 'telegram', features: ['echo'], has: { language: 'python', languageStated: true } },
  { message: "I'm a teacher. Can I get a bot for my class group on telegram that posts homework reminders on school days at 4pm?", platform: 'telegram', features: ['reminders', 'scheduled'], has: { postTimes: ['16:00'], postWeekdays: WEEKDAYS } },
  { message: 'discord bot that assigns a random teammate when someone types !team', platform: 'discord', features: ['random'], without: ['keywords'], has: { commandNames: { random: 'team' } } },
  { message: "welcome new folks with 'Welcome aboard, {name}!' and make them read the rules: no spam, no nsfw", features: ['welcome', 'rules'], has: { welcomeText: 'Welcome aboard, {name}!', rulesText: 'no spam, no nsfw' } },
  { message: "my shop is open tue-sat 10-18. when closed reply 'Sorry, we're closed! Back at 10.'", features: ['away'], has: { openHours: { from: '10:00', to: '18:00', weekdays: [1, 2, 3, 4, 5] }, awayText: "Sorry, we're closed! Back at 10." } },
  { message: "bot that shouts 'LUNCH TIME' at 12:30 every weekday", features: ['scheduled'], has: { postTimes: ['12:30'], postWeekdays: WEEKDAYS } },
  { message: 'a slack bot that posts the headlines from https://feeds.bbci.co.uk/news/rss.xml every 2 hours', platform: 'slack', features: ['news'], without: ['scheduled'], has: { feedUrl: 'https://feeds.bbci.co.uk/news/rss.xml', intervalMinutes: 120 } },
  { message: 'a telegram bot that counts how many times each member said thanks and shows a /thanks leaderboard', platform: 'telegram', features: ['counter'] },
  { message: 'can you make the bot greet people in a shorter way', features: [], has: { shorter: ['welcome'] } },
  { message: 'set the weather city to Vienna', features: ['weather'], has: { city: 'Vienna' } },
  { message: "Add a FAQ: 'Where are you?' -> 'Main Street 5'", features: ['keywords'], has: { keywordReplies: [{ keyword: 'where are you', reply: 'Main Street 5' }] } },
  { message: 'bot that lets people vote yes/no on proposals', features: ['polls'] },
  { message: 'please make a twitter bot that tweets a dad joke every morning', platform: 'twitter', features: ['jokes', 'scheduled'], has: { intervalMinutes: 1440 } },
];

/** Parts of a request nothing here can build, each named in the answer with its reason. */
const IMPOSSIBLE: Array<{ message: string; what: string[]; features?: Feature[] }> = [
  { message: 'a telegram bot that can make voice calls', what: ['voice and video calls'] },
  { message: 'a bot that takes payments for my shop', what: ['taking payments'] },
  { message: "a bot that reads my girlfriend's messages", what: ["reading other people's private messages"] },
  { message: 'scrape instagram followers of my competitors', what: ['scraping Instagram or other sites behind a login'] },
  { message: 'send SMS to my customers when their order is ready', what: ['sending SMS'] },
  { message: 'a discord music bot that joins voice channels and plays songs', what: ['joining voice channels to play music'] },
  { message: 'face recognition for photos in the group', what: ['face recognition'] },
  { message: "a bot that hacks into my ex's instagram account", what: ['hacking'] },
  { message: 'a welcome bot that also accepts credit card payments', what: ['taking payments'], features: ['welcome'] },
  { message: 'a whatsapp bot that takes pizza orders and payments', what: ['taking payments'] },
  { message: 'a bot that plays music in my discord voice channel', what: ['joining voice channels to play music'] },
];

/** Requests with parts nothing was understood from: those parts are quoted back, as written. */
const NOT_UNDERSTOOD: Array<{ message: string; clauses: string[] }> = [
  { message: 'a telegram bot that tells jokes and can book flights', clauses: ['can book flights'] },
  { message: 'a discord bot that welcomes people and does my taxes', clauses: ['does my taxes'] },
  { message: 'A weather bot for Berlin. It should also order pizza for me.', clauses: ['order pizza for me'] },
  { message: 'make a slack bot that posts every hour plus sings happy birthday on zoom', clauses: ['sings happy birthday on zoom'] },
  { message: 'Hi! I want a telegram bot that echoes. Thanks!', clauses: [] },
  { message: "pick a random restaurant from Luigi's, Sushi Bar and Taco Town", clauses: [] },
  { message: 'Q: What time do you open? A: 9am. Q: Do you deliver? A: Yes, within 5 km', clauses: [] },
  { message: "we are open 9 to 5 Monday to Friday, outside those hours reply 'We're closed, back tomorrow'", clauses: [] },
  { message: 'a bot that welcomes people; it should also water my plants', clauses: ['water my plants'] },
];

/** Nothing understood: a free answer. */
const NOTHING = ['hello', 'what can you do?', 'asdf', 'make me a bot', 'thanks!', 'how are you?', 'can you help me?', 'ok', 'I want a bot for a while'];

/** JSON with sorted keys, so {keyword, reply} equals {reply, keyword}. */
function stable(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );
}

function problems(row: Row): string[] {
  const r = understandRequest(row.message);
  if (!r) return ['not understood at all'];
  const found: string[] = [];
  if (row.platform && r.platform !== row.platform) found.push(`platform ${r.platform}`);
  for (const f of row.features) if (!r.features.includes(f)) found.push(`missing ${f}`);
  for (const f of row.without ?? []) if (r.features.includes(f)) found.push(`unwanted ${f}`);
  for (const [key, value] of Object.entries(row.has ?? {})) {
    const got = r[key as keyof BotRequest];
    if (stable(got) !== stable(value)) found.push(`${key}: ${JSON.stringify(got)}`);
  }
  return found;
}

describe('understandRequest over a table of requests', () => {
  it('has at least 150 rows, and prints how many are understood', () => {
    expect(ROWS.length).toBeGreaterThanOrEqual(150);
    const understood = ROWS.filter((row) => problems(row).length === 0).length;
    console.log(`understood ${understood}/${ROWS.length} (${Math.floor((understood / ROWS.length) * 1000) / 10}%)`);
    expect(understood).toBe(ROWS.length);
  });

  it.each(ROWS)('$message', (row) => {
    expect(problems(row)).toEqual([]);
  });
});

describe('what cannot be built, and what was not understood', () => {
  it.each(IMPOSSIBLE)('names what cannot be built and why: $message', ({ message, what, features }) => {
    const r = understandRequest(message)!;
    expect(r).not.toBeNull();
    expect(r.impossible.map((i) => i.what)).toEqual(what);
    for (const i of r.impossible) expect(i.why.length).toBeGreaterThan(20);
    for (const f of features ?? []) expect(r.features).toContain(f);
  });

  it.each(NOT_UNDERSTOOD)('quotes the parts it did not understand: $message', ({ message, clauses }) => {
    const r = understandRequest(message)!;
    expect(r.notUnderstood).toEqual(clauses);
  });

  it.each(NOTHING)('returns null (a free answer) for %j', (message) => {
    expect(understandRequest(message)).toBeNull();
  });

  it('does not read common requests as impossible', () => {
    for (const message of [
      "telegram bot that replies 'x' when someone says hack",
      'remind customers about their payments',
      'a bot that shares daily life hacks',
      'post a reminder to call mom',
    ]) {
      expect(understandRequest(message)!.impossible, message).toEqual([]);
    }
  });
});
