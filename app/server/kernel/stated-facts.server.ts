/**
 * The legal name and EIN are facts of the organisation (decision 028), shown only from its
 * entry, which only an admin changes; a text of the site's copy may name them only through the
 * placeholders the page fills in, `{{name}}` and `{{ein}}` (decision 047). These checks find a
 * text that writes either out.
 */

/** Dashes a person may type between the EIN's two parts (fullwidth forms become ASCII under NFKC). */
const DASHES = "\\-\\u2010-\\u2015\\u2212\\ufe63";

/** Two digits and seven, with at most one dash between, and no digit either side. */
const EIN_LIKE = new RegExp(`(?<![0-9])[0-9]{2}[${DASHES}]?[0-9]{7}(?![0-9])`, "g");

/** A legal form at the end of a name ("…, Inc."), which a text may leave out. */
const LEGAL_FORM = /\s+(inc|incorporated|corp|corporation|llc|ltd|co)$/;

/** Letters and digits in lower case, every other run as one space: how a name is compared. */
function comparable(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/**
 * The EIN-like numbers a text writes out, as their nine digits: "12-3456789", "12 3456789",
 * "12 - 345 6789", "12‑3456789" with any dash, fullwidth digits, or nine digits in a row.
 */
function einNumbers(text: string): string[] {
  const compact = text
    .normalize("NFKC")
    // Spaces between digits and around a dash are how a number is spread out, not separators.
    .replace(new RegExp(`([0-9${DASHES}])[\\s\\u00a0\\u202f]+(?=[0-9${DASHES}])`, "g"), "$1");
  return [...compact.matchAll(EIN_LIKE)].map((match) => match[0].replace(/[^0-9]/g, ""));
}

/**
 * Whether `text` writes out an EIN-like number that `shipped` (the text the build ships for the
 * same place) does not: the admin pages' own example ("such as 12-3456789") may stay.
 */
export function statesEin(text: string, shipped = ""): boolean {
  const allowed = new Set(einNumbers(shipped));
  return einNumbers(text).some((number) => !allowed.has(number));
}

/**
 * Whether a text writes out the organisation's legal name, in any case, spacing or punctuation,
 * with or without its legal form ("Inc."), unless what is left without it is one word (the name
 * people use day to day, which copy may say).
 */
export function statesLegalName(text: string, legalName: string): boolean {
  const full = comparable(legalName);
  if (!full) return false;
  const core = full.replace(LEGAL_FORM, "");
  const needle = core.includes(" ") ? core : full;
  return ` ${comparable(text)} `.includes(` ${needle} `);
}
