// A list written one item a line under the words that announce it ("!trash → random trash talk from:"
// then "- You bowl like my grandma." on each line below) is put on the announcing line, each item
// quoted («...») and separated by " / ": the way the readers take a list written in one line.

/** A line that announces a list: it ends with a colon and says how the items are used, or ends with "from this list". */
const ANNOUNCES = /\b(?:random|one of|from this list|the following|these|in order|in the same order|in turn|going round|rotat\w*|next (?:tip|quote|line|fact|word|one))\b[^\n]*:\s*$|\b(?:from (?:this|my|the) list|the following|one of these|in (?:this|that) order)\s*$/i;
/** An item: a bullet or a number, then its words; or a line set in under the announcing one. */
const ITEM = /^\s*(?:[-•*–]|\d{1,2}[.)])\s+(.+?)\s*$|^\s{2,}(\S.*?)\s*$/;
/** An item on a line of its own, neither bulleted nor set in: not a rule's start ("every", "when", "also"...), at most 160 characters. */
const PLAIN_ITEM = /^(?![-•*–]\s|\d{1,2}[.)]\s|(?:every|each|daily|when|whenever|if|on|at|also|and|plus|then|pls|please|thanks?|thx|ty|that'?s|oh|btw|ps|add|append|put|end each|make)\b)(\S.{0,159}?)\s*$/i;

export function joinListedLines(text: string): string {
  const lines = text.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const items: string[] = [];
    let next = i + 1;
    if (ANNOUNCES.test(line)) {
      // Items set in or bulleted; or, when the first is neither, plain lines up to a blank one or a bullet.
      const plain = !ITEM.test(lines[next] ?? '');
      // Items go on in the way the first is written: set in, or bulleted (under a bulleted line, further in
      // than it): "- every day post one of:\n  "A"\n  "B"\n- at 18:00 ..." ends before the next bullet.
      const setIn = !plain && ITEM.exec(lines[next]!)![1] === undefined;
      const indent = (l: string) => /^\s*/.exec(l)![0].length;
      const underBullet = /^\s*(?:[-•*–]|\d{1,2}[.)])\s/.test(line);
      for (; next < lines.length; next++) {
        const item = plain ? PLAIN_ITEM.exec(lines[next]!) : ITEM.exec(lines[next]!);
        // A command or an arrow starts a rule of its own, not an item.
        const words = item ? (item[1] ?? item[2])! : '';
        if (!item || /^[/!][a-z]|→|->/i.test(words) || words.includes('»')) break;
        if (!plain && (setIn ? item[1] !== undefined : underBullet && indent(lines[next]!) <= indent(line))) break;
        // A quoted line is its words ("Who holds the record ...?").
        items.push(words.replace(/^["“«']([^\n]*)["”»']$/, '$1'));
      }
    }
    // Questions with their answers ("What has keys? (piano)") are a quiz's, read as written.
    if (items.length < 2 || items.filter((t) => /\?\s*(?:\(|→|->|=|-|:|[Aa](?:nswer)?\s*:)/.test(t)).length >= items.length / 2) {
      out.push(line);
      continue;
    }
    // "format: Palabra del día: madrugar = to get up early #spanish" under the list: each item in that form.
    const format = /^\s*(?:format|template|like|looks like|style)\s*:\s*(.+)$/i.exec(lines[next] ?? '');
    const shown = format && format[1]!.includes(items[0]!) ? format[1]! : null;
    const texts = shown ? items.map((t) => shown.replace(items[0]!, t)) : items;
    // "... from this list" with no colon: the list follows one all the same.
    out.push(`${line.trimEnd()}${/:\s*$/.test(line) ? '' : ':'} ${texts.map((t) => `«${t}»`).join(' / ')}`);
    i = shown ? next : next - 1;
  }
  return out.join('\n');
}
