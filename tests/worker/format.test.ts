import { describe, expect, it } from "vitest";
import {
  formatClockTime,
  formatNewYorkDate,
  formatNewYorkDateTime,
  newYorkDate,
  newYorkIso,
  newYorkTimeToUtc,
} from "~/lib/format";

// The conversions keep what they gave per isolate (decision 034): each case is asked twice, and
// around the daylight-saving changes, so a wrong key or a shared Date would show.
describe("New York dates and times", () => {
  it("turns a New York wall-clock time into the right instant, either side of daylight saving", () => {
    for (let round = 0; round < 2; round++) {
      expect(newYorkTimeToUtc("2026-03-07", "18:30").toISOString()).toBe("2026-03-07T23:30:00.000Z");
      expect(newYorkTimeToUtc("2026-03-09", "18:30").toISOString()).toBe("2026-03-09T22:30:00.000Z");
      expect(newYorkTimeToUtc("2026-11-02").toISOString()).toBe("2026-11-02T05:00:00.000Z");
      expect(newYorkIso("2026-07-04", "12:00")).toBe("2026-07-04T12:00:00-04:00");
      expect(newYorkIso("2026-12-24", "12:00")).toBe("2026-12-24T12:00:00-05:00");
    }
  });

  it("hands out a new Date each time, so a caller changing one changes nothing else", () => {
    const first = newYorkTimeToUtc("2026-05-01", "09:00");
    first.setUTCFullYear(1999);
    expect(newYorkTimeToUtc("2026-05-01", "09:00").toISOString()).toBe("2026-05-01T13:00:00.000Z");
  });

  it("knows New York's day at each instant, midnight included", () => {
    for (let round = 0; round < 2; round++) {
      expect(newYorkDate(new Date("2026-11-23T04:59:59Z"))).toBe("2026-11-22");
      expect(newYorkDate(new Date("2026-11-23T05:00:00Z"))).toBe("2026-11-23");
      expect(newYorkDate(new Date("2026-07-01T03:59:00Z"))).toBe("2026-06-30");
    }
  });

  it("writes dates and times in each language", () => {
    for (let round = 0; round < 2; round++) {
      expect(formatNewYorkDate("2026-03-05T17:00:00Z", "en")).toBe("March 5, 2026");
      expect(formatNewYorkDate(new Date("2026-03-05T17:00:00Z"), "es")).toBe("5 de marzo de 2026");
      expect(formatNewYorkDate("2026-03-06T03:00:00Z", "en", "full")).toBe("Thursday, March 5, 2026");
      expect(formatNewYorkDateTime("2026-03-05T23:30:00Z", "en")).toMatch(/^Mar 5, 2026, 6:30\sPM$/);
      expect(formatClockTime("18:30", "en")).toMatch(/^6:30\sPM$/);
      expect(formatClockTime("18:30", "es")).toMatch(/^6:30\sp\.\s?m\.$/);
      expect(formatNewYorkDate("not a date", "en")).toBe("not a date");
    }
  });
});
