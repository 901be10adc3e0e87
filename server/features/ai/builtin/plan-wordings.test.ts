// More wordings of the plan's rules, read as the builtin reads them: welcomes posted in a named channel,
// moderation that says what is done first, hours written as "outside mon-fri 9:00-17:00" or "8h-18h",
// words over buttons after an arrow, questions that end where their line does, and a mention's answer
// after an arrow. These phrasings were written for this test; fresh ones are judged by
// `npm run bench -- understanding`.
import { describe, expect, it } from 'vitest';
import { BotPlanSchema } from '../../../../shared/bot-plan.schema';
import { planFromRequest } from './plan-from-request';
import { lines, planOf } from './plan-lines.fixture';
import { understandRequest } from './request';

describe('more wordings', () => {
  it('posts a welcome in the channel named before its colon', () => {
    expect(lines(planOf('discord bot for our climbing gym:\n- welcome newcomers in #front-desk: hi <name>, grab a chalk bag and say hi in #beta'))).toContain(
      "When someone joins: post 'hi {name}, grab a chalk bag and say hi in #beta' to #front-desk",
    );
    expect(lines(planOf('discord bot:\n- welcome in #hello: Glad you made it, <name>! Roles are in #roles'))).toContain(
      "When someone joins: post 'Glad you made it, {name}! Roles are in #roles' to #hello",
    );
  });

  it('reads moderation that says what is done first, with its strikes and no stray keyword', () => {
    const rules = lines(planOf("discord bot:\n- delete messages with 'cheap followers' or 'bit.ly/' and warn the poster, 3 warnings = ban"));
    expect(rules).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^When a message mentions "cheap followers" or "bit\.ly\/": delete the message and warn the sender/),
        expect.stringMatching(/^When a message mentions "cheap followers" or "bit\.ly\/", once the sender has 3 warnings: ban/),
      ]),
    );
    expect(rules.join('\n')).not.toMatch(/warn the poster"/);
  });

  it('reads hours as "outside <days> <times>" and clocks written 8h-18h', () => {
    expect(lines(planOf('whatsapp bot:\n- any other message outside tue-sat 9:30-18:00 (our time): Closed now, back tomorrow'))).toContain(
      "When any other message arrives, only outside 09:30–18:00 on Tuesday, Wednesday, Thursday, Friday and Saturday: reply 'Closed now, back tomorrow'",
    );
    expect(lines(planOf('telegram bot: open mon-fri 8h-18h, outside that answer any other message with: Fermé, à demain'))).toContain(
      "When any other message arrives, only outside 08:00–18:00 on weekdays: reply 'Fermé, à demain'",
    );
  });

  it('keeps the words after an arrow over the buttons, and no reply of the whole line', () => {
    const rules = lines(planOf('whatsapp bot:\n- when someone writes hey or hallo → Hey! What do you need? 🛠️ with buttons: Rates | Callout\n- Rates → 40€ an hour\n- Callout → 60€ flat'));
    expect(rules).toContain(`When a message mentions "hey" or "hallo": say 'Hey! What do you need? 🛠️' with the buttons "Rates" and "Callout"`);
    expect(rules.join('\n')).not.toMatch(/with buttons: Rates/);
  });

  it("ends a press's questions at their line, and gives the questions to the ask that has them", () => {
    const plan = planOf(
      'whatsapp bot:\n- when someone writes hi → Hi! with buttons: Quote | Hours\n- Quote → ask: Which room? / Size in m²? and send them to me\n- Hours → 8-17 weekdays\n- any other message outside mon-fri 8:00-17:00: Office closed, Jan replies tomorrow',
    );
    expect(lines(plan)).toContain(`When someone presses "Quote": ask 'Which room?' and 'Size in m²?' one at a time, then say 'Thanks! I have sent your answers on.' and send you the answers`);
    const teams = lines(planOf('discord bot:\nwhen someone pings the bot → Only a bot 🤖 ask @Mo in #help\n!report asks: Which map? / What happened? then sends the answers to me'));
    expect(teams.filter((l) => l.includes("'Which map?'"))).toEqual([expect.stringMatching(/^When someone sends !report: ask/)]);
    expect(teams).toContain("When someone mentions the bot: reply 'Only a bot 🤖 ask @Mo in #help'");
  });

  it('posts the answers in the channel asked for', () => {
    const request = understandRequest('discord bot: !apply asks: Your name? / Your role? then posts the answers to #recruiting');
    const plan = planFromRequest(request!, 'Test Bot');
    expect(lines(BotPlanSchema.parse(plan))).toContain(
      "When someone sends !apply: ask 'Your name?' and 'Your role?' one at a time, then say 'Thanks! I have sent your answers on.' and post the answers in #recruiting",
    );
  });

  it('reads hours written in the languages requests mix in, two spans of a day, and "when the shop is closed"', () => {
    expect(lines(planOf('whatsapp bot. abrimos L-V 9-13:30 y 16-19, sáb 10-14. fuera de horario, to any other message: Cerrado ahora, hasta mañana'))).toContain(
      "When any other message arrives, only outside 09:00–13:30 on weekdays, only outside 16:00–19:00 on weekdays, only outside 10:00–14:00 on Saturday: reply 'Cerrado ahora, hasta mañana'",
    );
    expect(lines(planOf('telegram bot. Öffnungszeiten Di-Sa 10-18. when the shop is closed and someone writes, answer: Geschlossen, bis morgen! — when open no auto answer'))).toContain(
      "When any other message arrives, only outside 10:00–18:00 on Tuesday, Wednesday, Thursday, Friday and Saturday: reply 'Geschlossen, bis morgen!'",
    );
    // A two-letter day in small letters is a word ("do"), not Thursday.
    expect(lines(planOf('telegram bot: we do 9-5 mostly. /hours → see website')).join('\n')).not.toMatch(/Thursday/);
  });

  it('reads labels quoted side by side, and questions after words alone on their line', () => {
    expect(lines(planOf("telegram bot\n/menu with buttons 'Preise' 'Wo?'\nPreise → ab 12€\nWo? → Hauptstr. 3"))).toEqual(
      expect.arrayContaining([`When someone sends /menu: say 'Pick one:' with the buttons "Preise" and "Wo?"`, `When someone presses "Wo?": reply 'Hauptstr. 3'`]),
    );
    expect(lines(planOf('whatsapp bot\n- termin, randevu or appointment → ask: Name? / Which day? → send to me, and say: Danke!'))).toContain(
      `When a message mentions "termin", "randevu" or "appointment": ask 'Name?' and 'Which day?' one at a time, then say 'Danke!' and send you the answers`,
    );
    const spanish = lines(planOf('whatsapp bot\n- /cita → pregunta ¿Nombre? , ¿Qué día? and then send me the answers'));
    expect(spanish).toContain("When someone sends /cita: ask '¿Nombre?' and '¿Qué día?' one at a time, then say 'Thanks! I have sent your answers on.' and send you the answers");
    expect(spanish.join('\n')).not.toMatch(/reply 'pregunta/);
  });

  it("reads a poll's question after its colon, a top shaped as written, and a conversion's own answer", () => {
    const plan = lines(planOf("discord bot\n* !picnic makes a poll: Picnic in the park on Sunday?\n* a step counter: !steps 4000 adds it to ur total, !board shows the top 3 like 👟 Walkers: {top}\n* !gbp 20 should convert pounds to euros and say ≈ €{value}"));
    expect(plan).toEqual(
      expect.arrayContaining([
        "When someone sends !picnic: start a poll 'Picnic in the park on Sunday?' ('Yes', 'No')",
        expect.stringMatching(/^When someone sends !board: show the top 3 of "\w+" with '👟 Walkers: \{top\}'$/),
        "When someone sends !gbp: convert the number from GBP to EUR and say '≈ €{value}'",
      ]),
    );
  });

  it("reads a message's reaction posted in a channel, says a reacted message's copy is not built, and no reaction from words to the members", () => {
    expect(lines(planOf('discord bot\n* when a msg gets a 🔥 reaction, post in #best-of: 🔥 A new classic!'))).toContain("When someone reacts with 🔥: post '🔥 A new classic!' to #best-of");
    const copied = planFromRequest(understandRequest('discord bot\n* when a post in #art gets a ⭐ reaction, copy it to #museum')!, 'Test Bot');
    expect(copied.rules.map((r) => r.when.kind)).not.toContain('reaction');
    expect(JSON.stringify(copied)).toContain('copy it to #museum');
    const posted = lines(planOf('discord bot: every friday at 18:00 in #art post: Vote for the art of the week! React 👍 on your favourite piece'));
    expect(posted).toContain("On Friday at 18:00: post 'Vote for the art of the week! React 👍 on your favourite piece' to #art");
    expect(posted.join('\n')).not.toMatch(/react with 👍|start a poll/);
  });

  it('ends a warning at a dash before its strikes, leaves a list still to come as a blank, and reads no questions in "asking about"', () => {
    expect(lines(planOf('discord bot: if a message has "cheap boost" in it delete it and warn them: No ads here, {name} ⚠️ — 2 warnings = kick'))).toEqual(
      expect.arrayContaining([expect.stringMatching(/warn the sender: 'No ads here, \{name\} ⚠️'$/), expect.stringMatching(/once the sender has 2 warnings: remove the sender/)]),
    );
    expect(lines(planOf('whatsapp bot. And a /prices command with my price list, i send you the prices later'))).toContain('When someone sends /prices: reply [needs your words]');
    const asked = lines(planOf('x bot: when ppl @ me asking about prices (price / cost) reply Prices are on my site! and send me a copy'));
    expect(asked.join('\n')).not.toMatch(/ask '/);
  });

  it('reads metres to yards, an answer with X for the value, and a command written twice', () => {
    expect(lines(planOf('telegram bot\n/yd 3 should convert metres to yards, reply Roughly X yards 🧵'))).toContain("When someone sends /yd: convert the number from m to yd and say 'Roughly {value} yards 🧵'");
    expect(lines(planOf('telegram bot: a /kg command where you type the pounds, like /kg 5, and it answers That is {value} kg ⚖️ We also sell flour'))).toContain(
      "When someone sends /kg: convert the number from lb to kg and say 'That is {value} kg ⚖️'",
    );
  });

  it('reads a count that "adds one to their ...", a list added to with words between, headings before and around the list, and admins for one command only', () => {
    const plan = lines(
      planOf(
        'telegram bot: when someone types /spotted and then the bird it adds one to their sightings and replies Lovely {name}, {count} birds now 🐦 . /swap and then what you are giving away puts it on the swap list (answer Added 💕) and /swaps shows everything, Up for grabs: and then the list. /broken <hide> puts it on the list, /repairs shows 🔧 To fix: {list} and only admins can do /fixed <hide> to take it off',
      ),
    );
    expect(plan).toEqual(
      expect.arrayContaining([
        `When someone sends /spotted: count one for the sender in "sightings" and reply 'Lovely {name}, {count} birds now 🐦'`,
        expect.stringMatching(/^When someone sends \/swap: add what follows the command to the list "\w+", and say 'Added 💕'$/),
        expect.stringMatching(/^When someone sends \/swaps: show the list "\w+", and say 'Up for grabs: \/ \{list\}'$/),
        expect.stringMatching(/^When someone sends \/repairs: show the list "\w+", and say '🔧 To fix: \{list\}'$/),
        expect.stringMatching(/^When someone sends \/fixed, only for admins: remove/),
      ]),
    );
  });

  it('reads a number added to a count ("!laps and a number adds to ur lap count"), a heading "on top", words before a reaction, and a copy sent with a reply', () => {
    const plan = lines(
      planOf(
        'discord bot: !laps and a number adds to ur lap count (like !laps 12) and answer nice, {args} laps added , then !lapboard shows the top 5 with 🏊 Lap kings: on top. if anyone says pb or personal best react with 🥇 . when someone writes injury or hurt, send me a copy and reply: Take care, the coach will call you',
      ),
    );
    expect(plan).toEqual(
      expect.arrayContaining([
        `When someone sends !laps: add the number after the command for the sender in "lap" and reply 'nice, {args} laps added'`,
        `When someone sends !lapboard: show the top 5 of "lap" with '🏊 Lap kings: / {top}'`,
        `When a message mentions "pb" or "personal best": react with 🥇`,
        `When a message mentions "injury" or "hurt": send you a copy of the message and reply 'Take care, the coach will call you'`,
      ]),
    );
  });

  it('reads a count with its words in brackets, a top "as" a heading, a command asking the AI for something, and a server with !commands as Discord', () => {
    const request = understandRequest('our chess server needs a bot: !mate counts a mate for whoever typed it ("checkmate {name}! ♟️") and !mates shows the top 3 as "👑 Mate masters". also !puzzle should ask the ai for a short chess riddle');
    const plan = BotPlanSchema.parse(planFromRequest(request!, 'Test Bot'));
    expect(plan.platform).toBe('discord');
    expect(lines(plan)).toEqual(
      expect.arrayContaining([
        `When someone sends !mate: count one for the sender in "mates" and reply 'checkmate {name}! ♟️'`,
        `When someone sends !mates: show the top 3 of "mates" with '👑 Mate masters / {top}'`,
        "When someone sends !puzzle: reply with an AI answer ('Write a short chess riddle.')",
      ]),
    );
    expect(lines(plan).join('\n')).not.toMatch(/show the list/);
  });

  it('reads "when closed" hours, the weather alone as a daily post, a copy of a reacted message sent to the owner, and a copy after "— and also forward that message to me"', () => {
    expect(lines(planOf('whatsapp bot\n- open Mo–Fr 9–17. when closed and somebody write something else → Zu, bis morgen 🙏'))).toContain(
      "When any other message arrives, only outside 09:00–17:00 on weekdays: reply 'Zu, bis morgen 🙏'",
    );
    expect(lines(planOf('x bot: every morning at 6:30 post the weather for Den Helder.'))).toContain("Every day at 06:30: get the weather in Den Helder and post '{value}'");
    expect(lines(planOf('slack bot: if someone reacts with :eyes: on a message send me a copy of it, thats our flag'))).toContain('When someone reacts with 👀: send you a copy of the message');
    expect(lines(planOf('slack bot: if anyone writes leak or flood in any channel the bot replies Shut the main valve first — and also forward that message to me'))).toContain(
      `When a message mentions "leak" or "flood": send you a copy of the message and reply 'Shut the main valve first'`,
    );
  });

  it('reads the labels of a menu from the lines after it, and questions after "and then"', () => {
    const plan = lines(planOf('telegram bot\n/help says How can I help? 🧰 with two buttons:\n  Prices → Callout 40 €\n  Booking → bot asks Address? and then Which day? and sends me everything'));
    expect(plan).toEqual(
      expect.arrayContaining([
        `When someone sends /help: say 'How can I help? 🧰' with the buttons "Prices" and "Booking"`,
        `When someone presses "Prices": reply 'Callout 40 €'`,
        `When someone presses "Booking": ask 'Address?' and 'Which day?' one at a time, then say 'Thanks! I have sent your answers on.' and send you the answers`,
      ]),
    );
  });

  it('reads a list written down and crossed off with their own words, its heading after an arrow, a thanks after "send the answers to me, then tell them:", and no hourly posts from a button labelled Hourly', () => {
    const plan = lines(
      planOf(
        "discord bot\n- !lend <thing> → writes it down and says: ok {name}, noted: {item} 📒\n- !back <thing> → crosses it off: thanks! {item} is home\n- !lent → Out right now: and then the list\n- !fix → ask them: What broke? then Where? and send the answers to me, then tell them: Cheers, on it\n- !rates shows 2 buttons, Hourly and Daily. Hourly → £30/hr. Daily → £200/day",
      ),
    );
    expect(plan).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^When someone sends !lend: add what follows the command to the list "\w+", and say 'ok \{name\}, noted: \{item\} 📒'$/),
        expect.stringMatching(/^When someone sends !back: remove what follows the command from the list "\w+", and say 'thanks! \{item\} is home'$/),
        expect.stringMatching(/^When someone sends !lent: show the list "\w+", and say 'Out right now: \/ \{list\}'$/),
        "When someone sends !fix: ask 'What broke?' and 'Where?' one at a time, then say 'Cheers, on it' and send you the answers",
      ]),
    );
    expect(plan.join('\n')).not.toMatch(/^Every/m);
  });

  it('reads a day named in another language for a post, "any other message gets:" only outside the hours, and a command with a stand-in that sends a copy', () => {
    expect(lines(planOf('whatsapp bot: chaque samedi à 9h : Marché ce matin !'))).toContain("On Saturday at 09:00: post 'Marché ce matin !' to the channel");
    const hours = lines(planOf('telegram bot\n• abrimos lunes a viernes 8:00–13:00. Outside those hours any other message gets: Cerrado 🌙'));
    expect(hours).toContain("When any other message arrives, only outside 08:00–13:00 on weekdays: reply 'Cerrado 🌙'");
    expect(hours.filter((l) => l.includes('Cerrado'))).toHaveLength(1);
    expect(lines(planOf('slack bot\n/idea <text> → send me a copy and answer Thanks! Noted 💡'))).toContain("When someone sends /idea: send you a copy of the message and reply 'Thanks! Noted 💡'");
  });

  it('reads words people write in the languages requests mix in, with or without a say-word after the arrow', () => {
    expect(lines(planOf('telegram bot\n• cuando alguien escriba "hoy" o "qué hay" → responder: Hoy: sardinas 🐟'))).toContain(`When a message mentions "hoy" or "qué hay": reply 'Hoy: sardinas 🐟'`);
    expect(lines(planOf("whatsapp bot. si quelqu'un écrit pluie ou orage → On joue sous le préau."))).toContain(`When a message mentions "pluie" or "orage": reply 'On joue sous le préau.'`);
    expect(lines(planOf('whatsapp bot. cuando alguien escribe revisión o graduar → responder: Revisión gratis 😊'))).toContain(`When a message mentions "revisión" or "graduar": reply 'Revisión gratis 😊'`);
  });
});

