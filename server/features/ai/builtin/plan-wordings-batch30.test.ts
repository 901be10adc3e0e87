// Wordings the builtin misread in fresh requests (bench/understanding, batch 30), each read into the
// plan in the person's own words.
import { describe, expect, it } from 'vitest';
import { command, keyword, lines, planOf, ruleOf } from './plan-lines.fixture';
import { builtinProvider } from '../builtin-provider';

describe('wordings read since batch 30', () => {
  it('questions whose answers are posted in a channel; a command that posts its words in a channel with its argument', () => {
    const team = planOf('slack bot\n1. /purchase -> asks "What part do you need?", "Cost in €?" then posts it all to #purchasing as a new purchase request, and tells the person "Thanks, the finance lead will check it"');
    expect(command(team.rules, 'purchase')).toMatchObject({ channel: 'purchasing', do: [{ kind: 'ask', questions: ['What part do you need?', 'Cost in €?'] }] });
    const gym = planOf('slack bot\n- /swap <date> <shift> → posts in #shift-swaps "{name} wants to swap: <date> <shift> — reply in thread" (like /swap 14.06 evening desk)').rules;
    expect(command(gym, 'swap')).toMatchObject({ channel: 'shift-swaps', do: [{ kind: 'post', to: 'channel', text: '{name} wants to swap: {args} — reply in thread' }] });
  });

  it('a second time keeps the first\'s days and channel; a list\'s channel before it; words heard "in #dispatch"', () => {
    const { rules } = planOf('slack bot\n- every weekday 14:30 in #dispatch: "DPD collection at 15:00" and at 16:30 "Royal Mail collection 17:00"\n- if someone says "damaged" in #dispatch → reply "Photo + order number in #claims please"\n- Monday 10:00 post the weekly challenge in #announcements, random from: "Challenge: A", "Challenge: B"');
    expect(ruleOf(rules, (r) => r.when.kind === 'schedule' && r.when.times[0] === '16:30')).toMatchObject({ channel: 'dispatch', when: { weekdays: [0, 1, 2, 3, 4] } });
    expect(ruleOf(rules, (r) => r.do[0]?.kind === 'replyOneOf')?.channel).toBe('announcements');
    expect(keyword(rules, 'damaged')?.if).toEqual([{ kind: 'chat', name: 'dispatch' }]);
  });

  it('a name that moves to the next person each time; sign-ups with a limit "and if full"; words glossed in brackets', () => {
    const volley = planOf('telegram bot\n- /net says who brings the net next time, every time someone types it it moves to the next person: Kuba, Ola, Marcin, Zuzia (then again Kuba)').rules;
    expect(command(volley, 'net')?.do).toEqual([{ kind: 'replyOneOf', texts: ['Kuba', 'Ola', 'Marcin', 'Zuzia'], order: 'inTurn' }]);
    const boat = planOf('telegram bot\n- /trip to sign up for the saturday boat, reply "Upisan ✅", max 8 people (boat is small) and if full "Boat is full (8), sorry"\n- /boat shows who is on, /notrip removes you\n- if anyone writes "prodajem" (selling fish) delete it').rules;
    expect(command(boat, 'trip')?.do).toEqual([{ kind: 'list', list: 'signups', op: 'add', item: 'sender', text: 'Upisan ✅', max: 8, full: 'Boat is full (8), sorry' }]);
    expect(command(boat, 'boat')?.do[0]).toMatchObject({ kind: 'list', op: 'show' });
    expect(keyword(boat, 'prodajem')?.when).toEqual({ kind: 'keyword', words: ['prodajem'], whole: false });
  });

  it('"\\"confirmo\\" o \\"vamos\\" → add ...", "\\"no puedo\\" → remove them from the list, answer ..."', () => {
    const { rules } = planOf('whatsapp bot\n- "confirmo" o "vamos" → add the person to the guest list and answer "¡Gracias!"\n- "lista" → show the list of confirmed people\n- "no puedo" → remove them from the list, answer "Qué lástima"');
    expect(keyword(rules, 'confirmo')?.when).toMatchObject({ words: ['confirmo', 'vamos'] });
    expect(keyword(rules, 'no puedo')?.do).toEqual([{ kind: 'list', list: 'signups', op: 'remove', item: 'sender', text: 'Qué lástima' }]);
  });

  it('"show menu buttons" under /start, keywords glossed in brackets, "other questions -> let AI answer ..."', () => {
    const shop = planOf('telegram bot\n/start: show menu buttons "Cases", "Location"\nCases -> "Cases from ₱199"\nLocation -> "Stall 2F-118"\nif customer write "meron ba" or "available" (asking if we have stock) -> "Pls send the phone model po"\nother questions -> let AI answer short, only about phones');
    expect(lines(shop)).toEqual(expect.arrayContaining([
      'When someone sends /start: say \'Pick one:\' with the buttons "Cases" and "Location"',
      'When a message mentions "meron ba" or "available": reply \'Pls send the phone model po\'',
    ]));
    expect(ruleOf(shop.rules, (r) => r.when.kind === 'message')?.do[0]).toMatchObject({ kind: 'data', source: { kind: 'ai' } });
    const suya = planOf('whatsapp bot\n- when customer type menu or price send: "Beef suya ₦3,000"\n- we open 5pm to 11pm only, if message come outside that time reply "We don close for today o"');
    expect(keyword(suya.rules, 'menu')?.do).toEqual([{ kind: 'reply', text: 'Beef suya ₦3,000' }]);
    expect(ruleOf(suya.rules, (r) => r.if.some((c) => c.kind === 'hours'))?.do).toEqual([{ kind: 'reply', text: 'We don close for today o' }]);
  });

  it('"delete it" deletes and says nothing; a chance of rain is no temperature (said as not understood); "forward it straight to me (Dave) by DM"', async () => {
    const spear = planOf('telegram bot\n- if anyone writes "prodajem" (selling fish) delete it, selling catch is illegal for us').rules;
    expect(keyword(spear, 'prodajem')?.do).toEqual([{ kind: 'delete' }]);
    const crews = planOf('slack bot\nevery weekday 6:30 post the weather for Bristol in #site-chat and if chance of rain is over 70% add "Rain likely"\nif someone writes injury or accident anywhere -> forward it straight to me (Dave) by DM');
    expect(ruleOf(crews.rules, (r) => r.if.some((c) => c.kind === 'threshold'))).toBeUndefined();
    const reply = (await builtinProvider().chat({ message: 'slack bot\nevery weekday 6:30 post the weather for Bristol in #site-chat and if chance of rain is over 70% add "Rain likely"', history: [], files: [] })).reply;
    expect(reply.replace(/```[\s\S]*?```/g, '')).toMatch(/\*\*Not understood\*\*[\s\S]*Rain likely/);
    expect(keyword(crews.rules, 'injury')).toMatchObject({ when: { words: ['injury', 'accident'] }, do: [{ kind: 'forward', to: 'owner' }] });
    expect(keyword(crews.rules, 'accident anywhere')).toBeUndefined();
  });

  it('polls "question | option1 | option2", quizzes of "question = answer" lines and "quiz: あ = a, き = ki", a command taken back', () => {
    const manhwa = planOf('discord bot\n- !poll question | option1 | option2 ... makes a poll, e.g. !poll Best arc? | Tutorial | Ending').rules;
    expect(command(manhwa, 'poll')?.do).toEqual([{ kind: 'poll', question: '', options: [], fromArgument: true }]);
    const trivia = planOf('discord bot\n- !trivia asks a random question from this list (answer after the =):\n  Capital of Australia = Canberra\n  Smallest country in the world = Vatican City\n- every day 20:00 post in #daily-trivia: Trivia time!').rules;
    expect(command(trivia, 'trivia')?.do[0]).toMatchObject({ kind: 'quiz', questions: [{ question: 'Capital of Australia?', answer: 'Canberra' }, { question: 'Smallest country in the world?', answer: 'Vatican City' }] });
    const kana = planOf('discord bot\n- !kana → quiz: あ = a, き = ki, す = su (ask the kana, they answer in romaji)').rules;
    expect(command(kana, 'kana')?.do[0]).toMatchObject({ kind: 'quiz', questions: [{ question: 'あ', answer: 'a' }, { question: 'き', answer: 'ki' }, { question: 'す', answer: 'su' }] });
    const server = planOf('discord bot\n- !server -> "IP: play.example.net"\n- !ratio <item> - hmm no, skip that one, too complicated').rules;
    expect(command(server, 'ratio')).toBeUndefined();
  });

  it('"anything else people send on a sunday, answer ..." leaves the commands working that day; "... or collection then bot says"', () => {
    const { rules } = planOf('telegram bot. /hours -> "Mon-Fri 8-17". If they write scrap or collection then bot says "We pay for scrap cars". And anything else people send on a sunday, answer "Yard closed today"');
    expect(command(rules, 'hours')?.if).toEqual([]);
    expect(keyword(rules, 'scrap')?.when).toMatchObject({ words: ['scrap', 'collection'] });
    expect(ruleOf(rules, (r) => r.when.kind === 'message')).toMatchObject({ if: [{ kind: 'hours', weekdays: [6] }], do: [{ kind: 'reply', text: 'Yard closed today' }] });
  });
});
