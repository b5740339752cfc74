import { textSkeleton } from '@tickerwise/shared';

/**
 * Recognises a model's text that gives personal investment advice (docs/PRODUCT.md §7.4): it
 * tells the reader to buy, sell or hold ("You should buy this stock now", "Sell it today"),
 * how much of their money to put in ("put 20% of your portfolio in it", "go all in"), that
 * now is the time to trade, or what the writer would do ("I would buy"). Describing the
 * technical rating ("rated Strong Buy", "8 buy votes") or saying that Tickerwise does not
 * advise ("I can't tell you whether you should buy") is not advice. The text is read as its
 * skeleton (`textSkeleton`), so look-alike letters and invisible characters hide nothing.
 */

const trade =
  '(?:buy(?:ing)?|purchas(?:e|ing)|acquir(?:e|ing)|sell(?:ing)?|short(?:ing)?|dump(?:ing)?|unload(?:ing)?|offload(?:ing)?|load(?:ing)?\\s+up|accumulat(?:e|ing)|invest(?:ing)?|hold(?:ing)?\\s+(?:on|it|this|these|your|the)|exit(?:ing)?|get(?:ting)?\\s+(?:in|out|into)|tak(?:e|ing)\\s+profits?|go(?:ing)?\\s+all[\\s-]in|averag(?:e|ing)\\s+down|doubl(?:e|ing)\\s+down|pick(?:ing)?\\s+up|grab(?:bing)?|put(?:ting)?|allocat(?:e|ing)|add(?:ing)?\\s+(?:to|more|shares))';

/** A phrase right after "whether" or "if" asks rather than advises ("whether you should buy"). */
const notAdvice = '(?<!\\b(?:whether|if)\\s+(?:or\\s+not\\s+)?)';

const yourMoney =
  'your\\s+(?:\\w+\\s+)?(?:portfolio|savings|money|cash|capital|net\\s+worth|retirement|funds|nest\\s+egg|401\\(?k\\)?|ira|pension)';

const advicePatterns: readonly RegExp[] = [
  // "You should buy", "you must sell now", "you'd better get out", "you might want to load up"
  new RegExp(
    `${notAdvice}\\byou(?:'d|\\s+would)?\\s+(?:\\w+\\s+)?(?:should|must|ought\\s+to|need\\s+to|have\\s+to|better|had\\s+better|might\\s+want\\s+to|may\\s+want\\s+to|will\\s+want\\s+to|want\\s+to)\\s+(?:(?:really|definitely|seriously|strongly|also|now|probably|certainly|consider(?:ing)?|think\\s+about)\\s+)*${trade}\\b`,
  ),
  // Orders at the start of a sentence: "Buy this stock now.", "So sell it today."
  /(?:^|[.!?;:]\s*|\b(?:so|just|then|simply)\s+)(?:buy|sell|purchase|dump|short|grab|load\s+up\s+on|get\s+out\s+of|get\s+into|pile\s+into|hold\s+on\s+to)\s+(?:it|this|these|that|those|them|the\s+(?:stock|shares|dip|rally|position)|shares|some|more|now|today|immediately|\S+\s+(?:now|today|immediately|right\s+away|here))\b/,
  // "go all in", "bet the farm", "back up the truck"
  /\bgo(?:ing)?\s+all[\s-]in\b|\ball[\s-]in\s+(?:on|now)\b|\bbet\s+the\s+(?:farm|house)\b|\bback\s+up\s+the\s+truck\b|\bmortgage\s+your\b/,
  // "I would buy", "we recommend selling", "my advice is"
  new RegExp(
    `${notAdvice}\\b(?:i|we)(?:'d|\\s+would|\\s+will|\\s+do|\\s+strongly)?\\s+(?:personally\\s+|definitely\\s+|strongly\\s+)?(?:recommend|suggest|advise|urge)\\s+(?:that\\s+)?(?:you\\s+)?(?:to\\s+)?${trade}\\b`,
  ),
  /(?<!\b(?:not|never|cannot|can't|won't)\b[^.!?]{0,12})\b(?:i|we)(?:'d|\s+would|\s+will)\s+(?:definitely\s+|personally\s+|certainly\s+)?(?:buy|sell|short|load\s+up|dump|hold\s+on|get\s+in|get\s+out)\b/,
  /\b(?:my|our)\s+(?:advice|recommendation|suggestion|call)\s+(?:is|would\s+be|here)\b/,
  // Allocation: "put 20% of your portfolio in it", "your entire savings"
  new RegExp(
    `\\b(?:put|invest|allocate|move|place|park|sink|keep|commit)\\s+(?:(?:all|most|half|some|part|a\\s+\\w+|\\d+(?:\\.\\d+)?\\s?%|\\$?\\d[\\d,]*)\\s+)?(?:of\\s+)?${yourMoney}`,
  ),
  new RegExp(`\\b\\d+(?:\\.\\d+)?\\s?%\\s+of\\s+${yourMoney}`),
  /\byour\s+(?:entire|whole)\s+(?:portfolio|savings|nest\s+egg|net\s+worth)\b/,
  // Timing calls: "now is a great time to buy", "it's the perfect moment to sell"
  new RegExp(
    `${notAdvice}\\b(?:now|today|this)\\s+is\\s+(?:a|the|an)\\s+(?:\\w+\\s+)?(?:time|moment|opportunity|chance|entry\\s+point)\\s+to\\s+(?:buy|sell|get\\s+in|get\\s+out|invest|load\\s+up|add|accumulate|exit)\\b`,
  ),
  new RegExp(
    `${notAdvice}\\bit(?:'s|\\s+is)\\s+(?:a|the|an)\\s+(?:good|great|perfect|right|ideal|excellent|best)\\s+(?:time|moment|opportunity|chance)\\s+to\\s+(?:buy|sell|get\\s+in|get\\s+out|invest|load\\s+up|add|accumulate|exit)\\b`,
  ),
  /\b(?:a|an)\s+(?:screaming|no[\s-]brainer|must[\s-]have)\s+(?:buy|sell)\b|\bmust[\s-](?:buy|own|sell)\b|\bdon't\s+miss\s+(?:out|this)\b/,
  /\bis\s+a\s+(?:strong\s+)?(?:buy|sell)\s+(?:right\s+now|at\s+(?:this|these|current|today's)\s+(?:price|prices|level|levels))\b/,
];

/** Whether `text` (a sentence or a few) tells the reader what to do with their money. */
export function givesAdvice(text: string): boolean {
  const skeleton = textSkeleton(text);
  return advicePatterns.some((pattern) => pattern.test(skeleton));
}

/** A model's text gave investment advice: it is withdrawn, as a figure that is not a fact is. */
export class AdviceInAnswerError extends Error {
  override name = 'AdviceInAnswerError';
  constructor() {
    super('the text gave investment advice');
  }
}
