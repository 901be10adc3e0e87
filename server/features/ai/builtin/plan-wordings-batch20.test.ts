// Wordings the builtin misread in fresh requests (bench/understanding, batch 20) and in older
// batches on the way, each read into the plan in the person's own words: a poll of the person's
// question with their options, answers only named as blanks, inch marks inside a quote, /start
// buttons after a colon, German keyword sentences, a copy before the words, wins counted per
// sender, stand-ins in capitals, a whole line of rules after a colon, and "one of:" at random.
import { describe, expect, it } from 'vitest';
import { ruleOf, command, keyword, planOf } from './plan-lines.fixture';

describe('wordings read since batch 20', () => {
  it("a poll of the person's question with the options they gave", () => {
    const { rules } = planOf('telegram bot in node:\n1. /poll + a question makes a poll with that question, options Yes / No / Maybe\n2. /list shows whats on the bring list');
    expect(command(rules, 'poll')?.do).toEqual([{ kind: 'poll', question: '{args}', options: ['Yes', 'No', 'Maybe'], fromArgument: false }]);
  });

  it('answers that only name a thing of the person are blanks; a sentence is not', () => {
    const { rules } = planOf('whatsapp bot: if they say service or servicing, tell them our servicing price per unit. If they say hours reply "Our shop is open 9-5"');
    expect(keyword(rules, 'service')?.do).toEqual([{ kind: 'reply', text: null }]);
    const x = planOf('X bot: reply to anyone who mentions us with prints or buy with the link to my print shop');
    expect(keyword(x.rules, 'prints')?.do).toEqual([{ kind: 'reply', text: null }]);
  });

  it('inch marks inside a quote stay in it', () => {
    const { rules } = planOf('whatsapp bot:\n- menu → "Sponge 6" £35 · 8" £50 · Drip cake £65"\n- allergens → "No nuts, sorry!"');
    expect(keyword(rules, 'menu')?.do).toEqual([{ kind: 'reply', text: 'Sponge 6" £35 · 8" £50 · Drip cake £65' }]);
  });

  it('/start buttons after a colon, a German keyword sentence, and a copy to the owner before the words', () => {
    const { rules } = planOf('telegram bot in JavaScript.\n- /start: Buttons "Sortiment", "Versand"\n   Sortiment → "Lavendel je 6,50 €"\n   Versand → "Versand 4,90 €"\n- Wenn jemand "Allergie" oder "vegan" schreibt: "Alle Seifen sind vegan"\n- any other message: send me a copy so I can answer personally, and reply "Danke!"');
    expect(command(rules, 'start')?.do).toEqual([{ kind: 'buttons', text: 'Pick one:', buttons: [{ id: 'sortiment', label: 'Sortiment' }, { id: 'versand', label: 'Versand' }] }]);
    expect(ruleOf(rules, (r) => r.when.kind === 'button' && r.when.id === 'versand')?.do).toEqual([{ kind: 'reply', text: 'Versand 4,90 €' }]);
    expect(keyword(rules, 'allergie')).toMatchObject({ when: { words: ['allergie', 'vegan'] }, do: [{ kind: 'reply', text: 'Alle Seifen sind vegan' }] });
    expect(ruleOf(rules, (r) => r.when.kind === 'message')?.do).toEqual([{ kind: 'forward', to: 'owner' }, { kind: 'reply', text: 'Danke!' }]);
  });

  it('a win counted for whoever sends the command, a name in capitals as the argument, and rules that run on after a colon', () => {
    const { rules } = planOf('telegram bot\n/win adds a win to whoever types it and replies "Win logged 🎱"\n/sub NAME puts someone on the subs list (reply "added to subs"), /unsub NAME takes them off (reply "taken off subs")\n/rules replies: Black ball foul = loss of frame. Two shots after a foul. No jump shots.');
    expect(command(rules, 'win')?.do).toEqual([{ kind: 'count', counter: expect.any(String), per: 'user' }, { kind: 'reply', text: 'Win logged 🎱' }]);
    expect(command(rules, 'unsub')?.do).toMatchObject([{ kind: 'list', op: 'remove', item: 'argument', text: 'taken off subs' }]);
    expect(command(rules, 'rules')?.do).toEqual([{ kind: 'reply', text: 'Black ball foul = loss of frame. Two shots after a foul. No jump shots.' }]);
  });

  it('a command counted with the words after its arrow, a wind alert after "and if", and "one of:" at random', () => {
    const vans = planOf('slack bot:\n* /returned <reg> → "Logged return of <reg> ✅" and count it for whoever logged it\n* /topreturns → top 3 staff by returns logged');
    expect(command(vans.rules, 'returned')?.do).toEqual([{ kind: 'count', counter: expect.any(String), per: 'user' }, { kind: 'reply', text: 'Logged return of {args} ✅' }]);
    const balloons = planOf('telegram bot:\n- keep an eye on the wind in Bath and if it goes above 18 km/h send ME a message: "Wind over limit"\n- /wear → "Flat shoes"');
    expect(ruleOf(balloons.rules, (r) => r.id === 'weather-alert')).toMatchObject({ when: { everyMinutes: 30 }, if: [{ kind: 'threshold', above: 18 }] });
    const cafe = planOf("X bot: every Friday 9am post one of: 'Weekend special: toast 🥐', 'Weekend special: shakshuka 🍳'");
    expect(ruleOf(cafe.rules, (r) => r.when.kind === 'schedule')?.do).toEqual([{ kind: 'replyOneOf', texts: ['Weekend special: toast 🥐', 'Weekend special: shakshuka 🍳'], order: 'random' }]);
  });

  it('French buttons with their words on the same line, a count answered in French, and a keyword ending its sentence', () => {
    const club = planOf('discord bot en node:\n- !tarifs → boutons "Adulte", "Étudiant", "Enfant" : Adulte = "45 €/mois", Étudiant = "35 €/mois", Enfant = "30 €/mois"\n- !session adds one training session to whoever types it, répondre "Oss! Session comptée 🥋"\n- !classement shows the top 10');
    expect(command(club.rules, 'tarifs')?.do).toEqual([{ kind: 'buttons', text: 'Pick one:', buttons: [{ id: 'adulte', label: 'Adulte' }, { id: 'etudiant', label: 'Étudiant' }, { id: 'enfant', label: 'Enfant' }] }]);
    expect(ruleOf(club.rules, (r) => r.when.kind === 'button' && r.when.id === 'etudiant')?.do).toEqual([{ kind: 'reply', text: '35 €/mois' }]);
    expect(command(club.rules, 'session')?.do).toEqual([{ kind: 'count', counter: expect.any(String), per: 'user' }, { kind: 'reply', text: 'Oss! Session comptée 🥋' }]);
    const walkers = planOf('whatsapp group bot. The bot should tell people the weather in Edale when they type weather. Every Friday at 6pm post "Walk tomorrow!"');
    expect(walkers.rules.some((r) => r.when.kind === 'keyword' && r.when.words.some((w) => w.includes('every friday')))).toBe(false);
  });
});
