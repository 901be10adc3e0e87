// Parts of a request no bot built here can do, each with the reason the answer gives: calls,
// payments, other people's private messages, scraping behind logins, SMS, music in voice channels,
// face recognition, hacking.

export interface Impossible {
  what: string;
  why: string;
}

const IMPOSSIBLE: Array<{ cue: RegExp } & Impossible> = [
  {
    cue: /\b(?:voice|video|phone|audio) calls?\b|\b(?:make|makes|making|place|answer|answers|take|takes|receive)\s+(?:phone\s+)?calls\b|\bcall (?:people|customers|users|me|them) (?:on the phone|by phone)\b|\bvideo ?chat\b/,
    what: 'voice and video calls',
    why: 'the bot APIs of these platforms let a bot send and read messages, not place or answer calls',
  },
  {
    cue: /\b(?:take|takes|taking|accept|accepts|accepting|collect|collects|process|processes|processing|receive|receives|handle|handles)\b[^.;!?\n]{0,30}?\b(?:payments?|money|credit cards?|card payments?|donations)\b|\bpayment processing\b|\b(?:let|lets|allow)\s+(?:people|users|customers)\s+(?:to\s+)?pay\b|\bcharge\s+(?:people|users|customers|their cards?|cards?)\b|\bpaypal\b|\bstripe\b|\bcheckout\b/,
    what: 'taking payments',
    why: 'payments need a merchant account and a payment provider checked for fraud and tax; the bots built here do not handle money',
  },
  {
    cue: /\b(?:read|reads|reading|see|access|forward|spy on|monitor|track)\s+(?:other (?:people|users)'?s?|others'?|everyone'?s|someone(?: else)?'?s|people'?s|my (?:wife|husband|partner|girlfriend|boyfriend|kids?|children|employees?|friends?)'?s?|their)\s+(?:private\s+|personal\s+|direct\s+)?(?:messages|dms|chats|texts|emails|conversations|inbox)\b|\bspy(?:ing)? on\b|\bprivate messages of\b/,
    what: "reading other people's private messages",
    why: "a bot only sees the chats it is part of; reading anyone else's private messages is not possible and not legal",
  },
  {
    cue: /\bscrap(?:e|es|ing|er)\b[^.;!?\n]*\b(?:instagram|facebook|tiktok|linkedin|twitter|logins?|accounts?|profiles?|followers)\b|\b(?:instagram|facebook|tiktok|linkedin)\s+scrap\w*|\blog ?in\s+(?:to|into|as)\s+(?:someone|other|their|people|my friends?)\b|\b(?:steal|collect|harvest|grab)s?\s+(?:passwords?|logins?|credentials|personal data)\b/,
    what: 'scraping Instagram or other sites behind a login',
    why: "it breaks those sites' terms and needs someone's login; no template here does it",
  },
  {
    cue: /\b(?:send|sends|sending|text)\s+(?:an?\s+|out\s+)?(?:sms|text messages?)\b|\bsms\b/,
    what: 'sending SMS',
    why: 'SMS goes through a paid gateway (such as Twilio) and a phone number, which none of these bots use',
  },
  {
    cue: /\b(?:join|joins|joining|enter|connect to)\s+(?:a\s+|the\s+)?(?:voice|vc)\b|\bplay(?:s|ing)?\s+(?:some\s+)?(?:music|songs?|audio|spotify|radio|youtube (?:videos|music))\b|\bmusic bot\b|\bdj bot\b/,
    what: 'joining voice channels to play music',
    why: 'playing audio needs a voice connection and an audio pipeline (FFmpeg, Opus) that the generated bots do not have',
  },
  {
    cue: /\bfac(?:e|ial)\s+(?:recognition|detection|id|matching)\b|\brecogni[sz]e\s+(?:faces|people in (?:photos|pictures|images))\b/,
    what: 'face recognition',
    why: 'recognising faces needs an image model and the consent privacy law asks for; the bots here work with text',
  },
  {
    cue: /\bhack(?:s|ing)?\s+(?:into|someone|somebody|people|other|accounts?|wi-?fi|passwords?|instagram|facebook|whatsapp|telegram|websites?|sites?|servers?|phones?|computers?|e-?mails?|systems?|games?|banks?|(?:a|an|the|my|his|her|their|your)\s+(?:\w+\s+)?(?:accounts?|phones?|computers?|servers?|websites?|systems?|networks?|wi-?fi|friends?|ex|neighbou?rs?))\b|\bhacking (?:tools?|bots?|scripts?)\b|\bhacker\b|\bddos\b|\bbrute[- ]?force\b|\bcrack(?:s|ing)?\s+(?:passwords?|accounts?|wi-?fi)\b|\bphishing\b|\bkeylogger\b/,
    what: 'hacking',
    why: 'breaking into accounts or systems is illegal, and I will not write code for it',
  },
];

/** What the request asks for that cannot be built, each once. */
export function impossibleIn(lower: string): Impossible[] {
  return IMPOSSIBLE.filter(({ cue }) => cue.test(lower)).map(({ what, why }) => ({ what, why }));
}
