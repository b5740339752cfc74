/**
 * Recognises a question that asks for investment advice (whether to buy, sell or hold, how
 * much to put in, a price target), so it is answered with a polite refusal before any model
 * sees it. Questions about what the rating or the figures mean ("Why is it rated Buy?") are
 * not advice and pass.
 */

const action =
  '(buy|sell|short|hold|keep|invest|dump|exit|enter|add|trim|own|get\\s+(?:in|out)|take\\s+profits?|average\\s+down|double\\s+down|cash\\s+out)';

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
];

export function asksForAdvice(question: string): boolean {
  const text = question.replace(/\s+/g, ' ').trim();
  return advicePatterns.some((pattern) => pattern.test(text));
}
