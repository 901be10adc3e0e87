// Slack names its reactions ("+1", "tada"); a plan writes emoji. The common ones, one table for both
// languages' Slack bots (either way: a rule's emoji to Slack's name, a reaction's name to the emoji).
// Any other is written in RULES as its Slack name, ':partyparrot:'.
export const SLACK_EMOJI: ReadonlyArray<readonly [emoji: string, name: string]> = [
  ['👍', '+1'], ['👎', '-1'], ['❤️', 'heart'], ['😂', 'joy'], ['🎉', 'tada'], ['🔥', 'fire'], ['👏', 'clap'],
  ['😀', 'grinning'], ['😃', 'smiley'], ['😄', 'smile'], ['😊', 'blush'], ['🙂', 'slightly_smiling_face'], ['😍', 'heart_eyes'],
  ['😮', 'open_mouth'], ['😢', 'cry'], ['😭', 'sob'], ['😡', 'rage'], ['🤔', 'thinking_face'], ['🙏', 'pray'], ['👀', 'eyes'],
  ['✅', 'white_check_mark'], ['❌', 'x'], ['💯', '100'], ['🚀', 'rocket'], ['⭐', 'star'], ['👋', 'wave'], ['👌', 'ok_hand'],
  ['💪', 'muscle'], ['🙌', 'raised_hands'], ['😎', 'sunglasses'], ['🤣', 'rolling_on_the_floor_laughing'], ['😅', 'sweat_smile'],
  ['😉', 'wink'], ['🥳', 'partying_face'], ['💡', 'bulb'], ['⚠️', 'warning'], ['☕', 'coffee'], ['🍕', 'pizza'], ['🎂', 'birthday'],
  ['❓', 'question'],
];
