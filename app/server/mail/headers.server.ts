import type { OutgoingEmail } from "./message.server";

/**
 * C0 and C1 control characters, DEL, and the Unicode line and paragraph separators: anything
 * that could end a header line at a provider that builds raw mail (decision 014).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const CONTROL_RUNS = new RegExp(`${CONTROL_CHARACTER.source}+`, "g");

/** The parts of a message that are not headers: they may hold line breaks. */
const BODY_FIELDS = new Set<string>(["text", "html"]);

/** A header value on one line: every run of control characters becomes one space. */
function headerValue(value: string): string {
  return value.replace(CONTROL_RUNS, " ").trim();
}

/**
 * The message as it may be queued: every header value (subject, recipient, names, labels) on
 * one line. A recipient address with a control character is refused outright, since no
 * repair of it would be the address the person meant.
 */
export function safeHeaders<T extends Pick<OutgoingEmail, "to">>(email: T): T {
  if (CONTROL_CHARACTER.test(email.to)) {
    throw new Error("refused to queue mail: the recipient address holds a control character");
  }
  return Object.fromEntries(
    Object.entries(email).map(([field, value]) => [
      field,
      typeof value === "string" && !BODY_FIELDS.has(field) ? headerValue(value) : value,
    ]),
  ) as T;
}
