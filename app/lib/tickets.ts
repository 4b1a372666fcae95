import {
  formSchema,
  LENGTH,
  requiredEmail,
  requiredText,
  requiredWholeNumber,
} from "./forms/field-validation";

/**
 * Event RSVPs and tickets (decision 024): rules both the browser and the server use. Money is
 * integer cents (decision 005).
 */

/** At most this many seats in one RSVP or one order. */
export const MAX_SEATS_PER_ORDER = 10;

/**
 * Seats one address may hold at once across all events (decision 046): tickets being paid for,
 * RSVPs waiting for their link, confirmed RSVPs of events to come. An event may allow more
 * (a school's trip to an open house).
 */
export const SEATS_PER_ADDRESS = 10;

/** RSVP to a free event, or tickets to a paid one: the same three fields. */
export const EventRegistrationSchema = formSchema({
  name: requiredText(LENGTH.name),
  email: requiredEmail(),
  quantity: requiredWholeNumber(1, MAX_SEATS_PER_ORDER),
});

/**
 * The IRS quid-pro-quo rule: a payment of more than $75 that is partly a contribution and partly
 * for goods or services needs a written disclosure of the value received and the deductible part.
 */
export const QUID_PRO_QUO_THRESHOLD_CENTS = 7_500;

/**
 * What an order costs and how much of it is a gift: the total charged, the fair-market value of
 * what the buyer gets (dinner, for the gala), the deductible rest, and whether the written
 * disclosure is required. One function for the page, the Checkout amount and the receipt.
 */
export function ticketAmounts(unitPriceCents: number, unitValueCents: number, quantity: number) {
  const totalCents = unitPriceCents * quantity;
  const valueCents = Math.min(unitValueCents, unitPriceCents) * quantity;
  return {
    totalCents,
    valueCents,
    deductibleCents: totalCents - valueCents,
    disclosureRequired: totalCents > QUID_PRO_QUO_THRESHOLD_CENTS && valueCents > 0,
  };
}
