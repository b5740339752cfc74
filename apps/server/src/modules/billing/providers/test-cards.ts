/**
 * Stripe's published test cards (docs.stripe.com/testing), so the offline provider behaves
 * like Stripe in test mode: the same numbers succeed or fail with the same messages.
 */
export interface CardDecline {
  code: string;
  message: string;
}

const declined = 'Your card was declined.';

const succeeding = new Set([
  '4242424242424242', // Visa
  '4000056655665556', // Visa (debit)
  '5555555555554444', // Mastercard
  '2223003122003222', // Mastercard (2-series)
  '5200828282828210', // Mastercard (debit)
  '378282246310005', // American Express
  '371449635398431', // American Express
  '6011111111111117', // Discover
  '3056930009020004', // Diners Club
  '3566002020360505', // JCB
]);

const declines: Record<string, CardDecline> = {
  '4000000000000002': { code: 'card_declined', message: declined },
  '4000000000009995': { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  '4000000000009987': { code: 'card_declined', message: declined }, // lost card
  '4000000000009979': { code: 'card_declined', message: declined }, // stolen card
  '4100000000000019': { code: 'card_declined', message: declined }, // blocked as fraudulent
  '4000000000000069': { code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  '4000000000000119': {
    code: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
};

/** Stripe in test mode refuses real card numbers; so does the test provider. */
const notATestCard: CardDecline = {
  code: 'card_declined',
  message: `${declined} Only test cards work here, such as 4242 4242 4242 4242.`,
};

/** What charging this (already well-formed) card number does: null when it succeeds. */
export function testCardDecline(number: string): CardDecline | null {
  if (succeeding.has(number)) return null;
  return declines[number] ?? notATestCard;
}
