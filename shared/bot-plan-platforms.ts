// What each platform lets a bot do, per trigger and action kind of the plan: a rule a platform
// cannot do stays on the plan card with the reason and is left out of the code.
import type { Action, BotPlan, PlanPlatform, Rule, Trigger } from './bot-plan.schema';

type Kind = Trigger['kind'] | Action['kind'];

const CANNOT: Record<PlanPlatform, Partial<Record<Kind, string>>> = {
  telegram: {},
  discord: {},
  slack: {
    delete: "a Slack bot cannot delete other people's messages",
    mute: 'Slack has no way for a bot to mute someone',
    ban: 'Slack has no way for a bot to ban someone (an admin deactivates accounts)',
  },
  whatsapp: {
    join: 'the WhatsApp Cloud API has no groups, so no one joins or leaves',
    leave: 'the WhatsApp Cloud API has no groups, so no one joins or leaves',
    delete: "a WhatsApp business number cannot delete its customers' messages",
    mute: 'the WhatsApp Cloud API has no groups to mute anyone in',
    kick: 'the WhatsApp Cloud API has no groups to remove anyone from',
    ban: 'the WhatsApp Cloud API cannot ban; block the number in the WhatsApp Business app',
  },
  twitter: {
    join: 'X tells a bot nothing about followers joining or leaving',
    leave: 'X tells a bot nothing about followers joining or leaving',
    button: 'X has no buttons a bot can show',
    reaction: 'X does not tell a bot who liked a post without a paid plan',
    delete: "a bot cannot delete other people's replies on X",
    mute: 'a bot cannot mute people for others on X',
    kick: 'X has no groups to remove anyone from',
    ban: 'X has no groups to ban anyone from',
  },
  generic: {
    join: 'an HTTP bot has no members joining or leaving',
    leave: 'an HTTP bot has no members joining or leaving',
    reaction: 'an HTTP bot receives no reactions',
    delete: 'an HTTP bot has no chat to delete messages from',
    mute: 'an HTTP bot has no chat to mute anyone in',
    kick: 'an HTTP bot has no chat to remove anyone from',
    ban: 'an HTTP bot has no chat to ban anyone from',
  },
};

/** Why this platform cannot do the rule, or null when it can. */
export function cannotDo(platform: PlanPlatform, rule: Pick<Rule, 'when' | 'do'>): string | null {
  const reasons = CANNOT[platform];
  const kinds: Kind[] = [rule.when.kind, ...rule.do.map((a) => a.kind)];
  for (const kind of kinds) {
    const reason = reasons[kind];
    if (reason) return reason;
  }
  return null;
}

/** The plan with each rule's `unsupported` set from its platform (cleared where it now can). */
export function markUnsupported(plan: BotPlan): BotPlan {
  return {
    ...plan,
    rules: plan.rules.map((rule) => {
      const reason = cannotDo(plan.platform, rule);
      const { unsupported: _old, ...rest } = rule;
      return reason ? { ...rest, unsupported: reason } : rest;
    }),
  };
}
