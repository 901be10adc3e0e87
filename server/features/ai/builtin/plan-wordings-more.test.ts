// Wordings the builtin misread in fresh requests (bench/understanding, batch 13), each read into
// the plan in the person's own words: a post with no verb, zones written as abbreviations or
// cities, "one of these at random", a translation per command.
import { describe, expect, it } from 'vitest';
import { BotPlanSchema, type BotPlan } from '../../../../shared/bot-plan.schema';
import { ruleInWords } from '../../../../shared/bot-plan-words';
import { planFromRequest } from './plan-from-request';
import { understandRequest } from './request';
import { timeZoneIn } from './understanding/time-zones';

function planOf(message: string): BotPlan {
  const request = understandRequest(message);
  if (!request) throw new Error(`not understood: ${message}`);
  return BotPlanSchema.parse(planFromRequest(request, 'Test Bot'));
}
const lines = (plan: BotPlan) => plan.rules.map((r) => ruleInWords(r, plan));

describe('wordings read since batch 13', () => {
  it('a schedule followed by quoted words is a post, with no verb', () => {
    const plan = planOf("telegram channel, automatic posts:\n1) every Monday 8am 'New week! Check the DMRC site before you leave 🚇'\nno replies needed");
    expect(lines(plan)).toContain("On Monday at 08:00: post 'New week! Check the DMRC site before you leave 🚇' to the channel");
  });

  it('a quote after words that are no schedule stays what it was', () => {
    expect(lines(planOf("telegram bot: welcome new members with 'Hi there!'")).join('\n')).not.toMatch(/^On |^Every /m);
  });

  it.each([
    ['every day 7:30 am IST post the weather', 'Asia/Kolkata'],
    ['18:00 CET sharp', 'Europe/Berlin'],
    ['at 5 PM ET', 'America/New_York'],
    ['timezone is Malaysia ofc', 'Asia/Kuala_Lumpur'],
    ['9am Accra time', 'Africa/Accra'],
    ['Kuala Lumpur time', 'Asia/Kuala_Lumpur'],
  ])('reads the zone of "%s"', (text, zone) => {
    expect(timeZoneIn(text)).toBe(zone);
  });

  it.each(['at 9 AM sharp', 'meet at 10 OK', 'the TV time'])('finds no zone in "%s"', (text) => {
    expect(timeZoneIn(text)).toBeNull();
  });

  it('"one of these at random" is at random, not in turn', () => {
    const plan = planOf('telegram channel: every day at 9am post one of these at random:\nFocal an lae: madra = dog\nFocal an lae: báisteach = rain\nFocal an lae: cupán tae = cup of tea');
    expect(lines(plan).join('\n')).toContain('post one of 3 texts at random');
  });

  it('two commands that translate, each into its own language', () => {
    const plan = planOf('telegram bot\n- /aistrigh then some english → translate it into Irish\n- /cad then irish words → translate into english');
    expect(lines(plan)).toEqual(
      expect.arrayContaining(['When someone sends /aistrigh: reply with the message translated into Irish', 'When someone sends /cad: reply with the message translated into English']),
    );
  });
});
