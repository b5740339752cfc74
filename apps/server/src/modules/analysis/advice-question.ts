import { textSkeleton } from '@tickerwise/shared';

/**
 * Recognises a question that asks for investment advice (whether to buy, sell or hold, how
 * much to put in, a price target), so it is answered with a polite refusal before any model
 * sees it. Questions about what the rating or the figures mean ("Why is it rated Buy?") are
 * not advice and pass. The question is read as its skeleton (`textSkeleton`), so a Cyrillic
 * letter, a full-width form or a zero-width space does not hide a phrase.
 */

const action =
  '(buy|sell|short|hold|keep|invest|dump|exit|enter|add|trim|own|get\\s+(?:in|out)|take\\s+profits?|average\\s+down|double\\s+down|cash\\s+out|purchas|acquir|pick\\s+up|load\\s+up|grab|accumulat|snap\\s+up|scoop\\s+up|offload|unload|ditch|bail|put\\s+(?:my|our|some|more|money))';
/** What a holding is measured against: "of my portfolio", "my savings". */
const myMoney =
  '(?:my|our)\\s+(?:\\w+\\s+)?(?:portfolio|savings|money|cash|capital|net\\s+worth|retirement|funds|nest\\s+egg|401\\(?k\\)?|ira|pension)';

const advicePatterns: readonly RegExp[] = [
  // "Should I buy AAPL?", "should we sell now", "Should I keep holding?"
  new RegExp(`\\bshould\\s+(?:i|we|one|my)\\b.*\\b${action}`, 'i'),
  // "Is it a good time to buy?", "is now the right moment to sell", "is TSLA a good investment"
  /\b(?:is|are)\s+(?:it|this|that|now|these|they|[\w.]{1,6}|the\s+(?:stock|shares?))\s+(?:a\s+|the\s+)?(?:good|great|bad|safe|smart|wise|right|best|worthwhile)\s+(?:time|moment|idea|buy|investment|entry|pick|bet|stock)/i,
  // "Is AAPL a buy?", "is it a sell right now"
  /^(?!\s*(?:why|how|what|explain)\b).*\b(?:is|are)\s+(?:it|this|that|[\w.]{1,6}|the\s+(?:stock|shares?))\s+(?:a\s+)?(?:strong\s+)?(?:buy|sell)\b\s*(?:now|today|here|right\s+now|at\s+this\s+price)?\s*[?.!]*\s*$/i,
  // "buy or sell?", "hold or sell", "buy or not"
  /\b(?:buy|sell|hold|keep)\s+or\s+(?:sell|buy|hold|not|wait)\b/i,
  // "worth buying", "time to sell", "good entry point"
  /\b(?:worth|time\s+to)\s+(?:buy|sell|invest|get\s+in)/i,
  /\bgood\s+entry\s+point\b/i,
  // "would you buy", "do you recommend", "what do you recommend"
  /\bwould\s+you\s+(?:buy|sell|invest|hold|recommend|own)\b/i,
  /\b(?:do|would|can|could)\s+you\s+recommend\b/i,
  /\bwhat\s+(?:do|would)\s+you\s+(?:recommend|suggest|advise)\b/i,
  /\b(?:recommendation|advice|advise)\b/i,
  // "how much should I invest", "how many shares to buy"
  /\bhow\s+(?:much|many(?:\s+shares)?)\s+(?:should|to|do)\b.*\b(?:buy|invest|put|sell)\b/i,
  /\b(?:price\s+target|target\s+price)\b/i,
  /\b(?:go|going|went|put\s+(?:\w+\s+)?(?:money|savings|everything))\s+all[\s-]in\b/i,
  // "Ought I to sell?", "shall we buy", "must I hold", "do I need to sell"
  new RegExp(`\\b(?:ought|shall|must|would)\\s+(?:i|we)\\b.*\\b${action}`, 'i'),
  new RegExp(`\\b(?:do|does)\\s+(?:i|we)\\s+(?:need|have)\\s+to\\b.*\\b${action}`, 'i'),
  // "Would it be wise to purchase", "is it smart to pick up more", "a good idea to sell"
  new RegExp(
    `\\b(?:wise|smart|sensible|prudent|advisable|foolish|crazy|stupid|safe|good\\s+idea|bad\\s+idea|good\\s+move|right\\s+call)\\s+(?:for\\s+(?:me|us)\\s+)?to\\s+${action}`,
    'i',
  ),
  // "a good moment to buy", "the right time to get out"
  new RegExp(
    `\\b(?:good|great|right|best|ideal|perfect)\\s+(?:time|moment|point|opportunity|chance)\\s+to\\s+${action}`,
    'i',
  ),
  // "worth purchasing", "worth acquiring"
  /\bworth\s+(?:purchas|acquir|owning|holding|keeping|selling|investing|adding|picking\s+up)/i,
  // "Tell me whether to buy", "let me know if I should sell"
  /\b(?:tell|let)\s+me\s+(?:know\s+)?(?:whether|if|when)\s+(?:to|i\s+should|we\s+should)\b/i,
  /\b(?:do|would)\s+you\s+(?:think|say|suggest)\s+(?:that\s+)?(?:i|we)\s+(?:should|ought|must|need)\b/i,
  // Allocation: "what percentage of my portfolio", "how much of my savings", "allocate"
  new RegExp(
    `\\b(?:how\\s+much|what\\s+(?:percent(?:age)?|portion|share|fraction|part|amount|proportion|weight)|how\\s+big\\s+a\\s+(?:position|stake))\\b.*\\b${myMoney}`,
    'i',
  ),
  /\b(?:i|we|my|our)\b.*\ballocat|\ballocat\w*\b.*\b(?:my|our|me|us)\b|\bposition\s+siz/i,
  new RegExp(
    `\\b(?:put|invest|move|place|park|sink)\\s+(?:all|most|half|some|part|\\d+\\s?%)?\\s*(?:of\\s+)?${myMoney}`,
    'i',
  ),
];

export function asksForAdvice(question: string): boolean {
  const text = textSkeleton(question);
  return advicePatterns.some((pattern) => pattern.test(text));
}
