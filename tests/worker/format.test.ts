import { describe, expect, it, vi } from "vitest";
import {
  formatMoney,
  formatMoneyWithCents,
  formatNewYorkDate,
  formatNewYorkDateTime,
  formatNumber,
  newYorkDate,
  newYorkIso,
  newYorkTimeToUtc,
} from "~/lib/format";
import { formatCalendarDate, formatClockTime } from "~/lib/format-dates";
import { LOCALE_TAGS, SUPPORTED_LOCALES } from "~/lib/i18n";

// Decision 032: the public pages' numbers, dollars, dates and times are written by hand, the same
// on the server and in the browser, so hydrating a page makes no Intl formatter.
describe("the formats public pages show", () => {
  it("make no Intl formatter (a phone's first one loads its locale data)", () => {
    const numberFormat = vi.spyOn(Intl, "NumberFormat");
    const dateTimeFormat = vi.spyOn(Intl, "DateTimeFormat");
    for (const locale of SUPPORTED_LOCALES) {
      formatNumber(1234, locale);
      formatMoney(2500, locale);
      formatMoneyWithCents(2550, locale);
      formatCalendarDate("2026-03-05", locale, "full");
      formatClockTime("18:30", locale);
    }
    expect(numberFormat).not.toHaveBeenCalled();
    expect(dateTimeFormat).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it("read exactly as Intl writes them, in both languages", () => {
    for (const locale of SUPPORTED_LOCALES) {
      const tag = LOCALE_TAGS[locale];
      for (const value of [
        0, 1, 12, 999, 1000, 1234, 99_999, 100_000, 1_234_567, 123_456_789, -5, -1234, 2.5,
      ]) {
        expect(formatNumber(value, locale), `${locale} ${value}`).toBe(
          new Intl.NumberFormat(tag).format(value),
        );
      }
      for (const cents of [0, 1, 99, 100, 2550, 5000, 100_000, 123_456, 100_000_000, -2500]) {
        for (const [format, always] of [
          [formatMoney, false],
          [formatMoneyWithCents, true],
        ] as const) {
          const intl = new Intl.NumberFormat(tag, {
            style: "currency",
            currency: "USD",
            minimumFractionDigits: always || cents % 100 !== 0 ? 2 : 0,
          });
          expect(format(cents, locale), `${locale} ${cents}`).toBe(intl.format(cents / 100));
        }
      }
      const day = new Date(Date.UTC(2024, 0, 1));
      for (let i = 0; i < 800; i += 3, day.setUTCDate(day.getUTCDate() + 3)) {
        const iso = day.toISOString().slice(0, 10);
        for (const dateStyle of ["long", "full"] as const) {
          const intl = new Intl.DateTimeFormat(tag, { dateStyle, timeZone: "America/New_York" });
          expect(formatCalendarDate(iso, locale, dateStyle), `${locale} ${iso}`).toBe(
            intl.format(new Date(`${iso}T12:00:00Z`)),
          );
        }
      }
      const clock = new Intl.DateTimeFormat(tag, { timeStyle: "short", timeZone: "UTC" });
      for (let minutes = 0; minutes < 24 * 60; minutes += 5) {
        const time = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
        expect(formatClockTime(time, locale), `${locale} ${time}`).toBe(
          clock.format(new Date(`2000-01-01T${time}:00Z`)),
        );
      }
    }
  });
});

// New York's wall clock and calendar, around the daylight-saving changes and midnight.
describe("New York dates and times", () => {
  it("turns a New York wall-clock time into the right instant, either side of daylight saving", () => {
    expect(newYorkTimeToUtc("2026-03-07", "18:30").toISOString()).toBe("2026-03-07T23:30:00.000Z");
    expect(newYorkTimeToUtc("2026-03-09", "18:30").toISOString()).toBe("2026-03-09T22:30:00.000Z");
    expect(newYorkTimeToUtc("2026-11-02").toISOString()).toBe("2026-11-02T05:00:00.000Z");
    expect(newYorkIso("2026-07-04", "12:00")).toBe("2026-07-04T12:00:00-04:00");
    expect(newYorkIso("2026-12-24", "12:00")).toBe("2026-12-24T12:00:00-05:00");
  });

  it("knows New York's day at each instant, midnight included", () => {
    expect(newYorkDate(new Date("2026-11-23T04:59:59Z"))).toBe("2026-11-22");
    expect(newYorkDate(new Date("2026-11-23T05:00:00Z"))).toBe("2026-11-23");
    expect(newYorkDate(new Date("2026-07-01T03:59:00Z"))).toBe("2026-06-30");
  });

  it("writes dates and times in each language", () => {
    expect(formatNewYorkDate("2026-03-05T17:00:00Z", "en")).toBe("March 5, 2026");
    expect(formatNewYorkDate(new Date("2026-03-05T17:00:00Z"), "es")).toBe("5 de marzo de 2026");
    expect(formatNewYorkDate("2026-03-06T03:00:00Z", "en", "full")).toBe("Thursday, March 5, 2026");
    expect(formatNewYorkDateTime("2026-03-05T23:30:00Z", "en")).toMatch(/^Mar 5, 2026, 6:30\sPM$/);
    expect(formatNewYorkDate("not a date", "en")).toBe("not a date");
  });
});
