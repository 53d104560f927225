/**
 * The withdrawal period (Code de la consommation L221-18; EU directive 2023/2673 for the button):
 * 14 days from receipt. The button stays open until 14 days after the latest delivery date our
 * terms promise (5 to 7 working days, CGV), counted from the payment, whole last day included.
 */
export const LATEST_DELIVERY_WORKING_DAYS = 7;
export const WITHDRAWAL_DAYS = 14;
const DAY_MS = 24 * 3600 * 1000;

/** The date `workingDays` Monday-to-Friday days after `from` (public holidays only lengthen it: ignored, in the buyer's favour). */
function addWorkingDays(from: Date, workingDays: number): Date {
  const date = new Date(from);
  let left = workingDays;
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    const day = date.getUTCDay();
    if (day !== 0 && day !== 6) left -= 1;
  }
  return date;
}

/** The last moment a withdrawal can be made for an order paid at `paidAt`: the end of the 14th day. */
export function withdrawalDeadlineOf(paidAt: Date): Date {
  const latestDelivery = addWorkingDays(paidAt, LATEST_DELIVERY_WORKING_DAYS);
  const lastDay = new Date(latestDelivery.getTime() + WITHDRAWAL_DAYS * DAY_MS);
  // The whole last day, wherever the buyer is in mainland France (UTC+1/+2): until 23:59:59 UTC.
  return new Date(Date.UTC(lastDay.getUTCFullYear(), lastDay.getUTCMonth(), lastDay.getUTCDate(), 23, 59, 59));
}
