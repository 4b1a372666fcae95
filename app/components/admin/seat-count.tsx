import type { TFunction } from "i18next";

/**
 * An event's seats as staff read them: the count the public page uses, the part held at
 * Checkout named apart, and "no limit" for an event without a capacity (decision 046).
 */
export function seatCountText(
  t: TFunction<"tickets">,
  seats: { taken: number; held: number; capacity: number | null },
) {
  const count =
    seats.capacity === null
      ? t("admin.seatsNoLimit", { taken: seats.taken })
      : t("admin.seatsOfCapacity", { taken: seats.taken, capacity: seats.capacity });
  return seats.held > 0 ? `${count} ${t("admin.seatsHeld", { count: seats.held })}` : count;
}
