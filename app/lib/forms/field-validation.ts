import * as v from "valibot";

/**
 * Building blocks for every form's valibot schema (shared by the browser and the action).
 * Messages are translation keys, optionally with parameters after a "|" as JSON, so the
 * server's answer is shown in the visitor's language (see translateFieldError).
 */
export const FIELD_MESSAGES = {
  required: "common:forms.required",
  email: "common:forms.invalidEmail",
  phone: "common:forms.invalidNumber",
  choice: "common:forms.invalidChoice",
  checkRequired: "common:forms.fieldRequired",
  controlCharacters: "common:forms.controlCharacters",
} as const;

export function messageWith(key: string, params: Record<string, string | number>): string {
  return `${key}|${JSON.stringify(params)}`;
}

/** Common length limits, generous for real answers and small enough to refuse abuse. */
export const LENGTH = { name: 100, short: 200, email: 254, phone: 30, long: 2000 } as const;

const tooLong = (max: number) =>
  v.maxLength<string, number, string>(max, messageWith("common:forms.tooLong", { max }));

/**
 * A one-line answer holds no control characters and no Unicode line breaks: a name like
 * "Eve\r\nBcc: x@y" must never reach a mail header, a CSV cell or a log line (decision 012).
 */
export function singleLine() {
  return v.regex<string, string>(/^[^\p{Cc}\u2028\u2029]*$/u, FIELD_MESSAGES.controlCharacters);
}

/** A long answer (a textarea) keeps its line breaks and tabs, and nothing else of the kind. */
function multiLine() {
  return [
    // Browsers send a textarea's line breaks as CRLF.
    v.transform((value: string) => value.replace(/\r\n?/g, "\n")),
    v.regex<string, string>(/^(?:[^\p{Cc}]|[\n\t])*$/u, FIELD_MESSAGES.controlCharacters),
  ] as const;
}

/** A required line of text, trimmed. */
export function requiredText(max: number = LENGTH.short) {
  return v.pipe(
    v.string(FIELD_MESSAGES.required),
    v.trim(),
    v.nonEmpty(FIELD_MESSAGES.required),
    tooLong(max),
    singleLine(),
  );
}

/** An optional line of text; empty means absent. */
export function optionalText(max: number = LENGTH.long) {
  return v.optional(v.pipe(v.string(), v.trim(), tooLong(max), singleLine()));
}

/** A required long answer (a textarea), trimmed. */
export function requiredParagraphs(max: number = LENGTH.long) {
  return v.pipe(
    v.string(FIELD_MESSAGES.required),
    v.trim(),
    v.nonEmpty(FIELD_MESSAGES.required),
    ...multiLine(),
    tooLong(max),
  );
}

/** An optional long answer (a textarea); empty means absent. */
export function optionalParagraphs(max: number = LENGTH.long) {
  return v.optional(v.pipe(v.string(), v.trim(), ...multiLine(), tooLong(max)));
}

export function requiredEmail() {
  return v.pipe(
    v.string(FIELD_MESSAGES.required),
    v.trim(),
    v.nonEmpty(FIELD_MESSAGES.required),
    tooLong(LENGTH.email),
    singleLine(),
    v.email(FIELD_MESSAGES.email),
    v.toLowerCase(),
  );
}

// Formatting is free ((123) 456-7890, 123.456.7890, +1 …); what counts is 7 to 15 digits.
const PHONE_PATTERN = /^\+?[\d\s().-]{7,25}$/;
const phoneDigits = (value: string) => value.replace(/\D/g, "").length;
const phonePipe = () =>
  v.pipe(
    v.string(),
    v.trim(),
    tooLong(LENGTH.phone),
    singleLine(),
    v.check(
      (value) => PHONE_PATTERN.test(value) && phoneDigits(value) >= 7 && phoneDigits(value) <= 15,
      FIELD_MESSAGES.phone,
    ),
  );

export function requiredPhone() {
  return v.pipe(
    v.string(FIELD_MESSAGES.required),
    v.trim(),
    v.nonEmpty(FIELD_MESSAGES.required),
    phonePipe(),
  );
}

export function optionalPhone() {
  return v.optional(phonePipe());
}

/** One value of a closed list (ages, grades, subjects …). */
export function oneOf<const T extends readonly string[]>(options: T) {
  return v.picklist(options, FIELD_MESSAGES.choice);
}

/**
 * A form's object schema. A field the browser does not send at all (an unticked checkbox, a
 * radio group with no choice) is a missing key, which valibot reports with the object's
 * message: here the generic "Required field", never valibot's English default.
 */
export function formSchema<const TEntries extends v.ObjectEntries>(entries: TEntries) {
  return v.object(entries, FIELD_MESSAGES.required);
}

/**
 * A checkbox that must be ticked (consent). Conform turns the "on" a ticked box sends into
 * true; an unticked box sends nothing (see formSchema). Conform's coercion drops defaults
 * inside pipes, hence these shapes (tests/worker/forms-schemas.test.ts).
 */
export function requiredCheckbox() {
  return v.literal(true, FIELD_MESSAGES.checkRequired);
}

export function optionalCheckbox() {
  return v.optional(v.boolean(), false);
}

/** Several values of a closed list (checkboxes); conform sends one value as a string. */
export function requiredChoices<const T extends readonly string[]>(options: T) {
  return v.pipe(
    v.array(v.picklist(options, FIELD_MESSAGES.choice), FIELD_MESSAGES.required),
    v.minLength(1, FIELD_MESSAGES.required),
    v.maxLength(options.length, FIELD_MESSAGES.choice),
  );
}

export function optionalChoices<const T extends readonly string[]>(options: T) {
  return v.optional(
    v.pipe(
      v.array(v.picklist(options, FIELD_MESSAGES.choice)),
      v.maxLength(options.length, FIELD_MESSAGES.choice),
    ),
  );
}

/** A required choice of a closed list: an empty answer says "Required field", a forged one "choose". */
export function requiredChoice<const T extends readonly string[]>(options: T) {
  return v.pipe(v.string(FIELD_MESSAGES.required), v.picklist(options, FIELD_MESSAGES.choice));
}

export function optionalChoice<const T extends readonly string[]>(options: T) {
  return v.optional(v.picklist(options, FIELD_MESSAGES.choice));
}

/** A whole number in a range, typed as text (a number input sends text). */
export function requiredWholeNumber(min: number, max: number) {
  return v.pipe(
    v.string(FIELD_MESSAGES.required),
    v.trim(),
    v.nonEmpty(FIELD_MESSAGES.required),
    v.regex(/^\d{1,9}$/, FIELD_MESSAGES.phone),
    v.transform(Number),
    v.minValue(min, messageWith("common:forms.numberRange", { min, max })),
    v.maxValue(max, messageWith("common:forms.numberRange", { min, max })),
  );
}

/**
 * A refused post's messages by field, as translation keys: a field people write gets its own
 * message; anything else (a status or intent that is not ours) can only come from a tampered
 * form and is one "not valid" for the whole form.
 */
export function fieldErrors(
  issues: [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]],
): Record<string, string> {
  const nested: Record<string, string[] | undefined> = v.flatten(issues).nested ?? {};
  const errors = Object.fromEntries(
    Object.entries(nested).flatMap(([field, messages]) =>
      messages?.[0]?.includes(":") ? [[field, messages[0]]] : [],
    ),
  );
  return Object.keys(errors).length > 0 ? errors : { form: "admin:common.invalid" };
}

/** A posted form read through its schema: the schema's output, or each field's message. */
export function parsePostedFields<S extends v.GenericSchema>(
  schema: S,
  fields: Record<string, string>,
): { ok: true; value: v.InferOutput<S> } | { ok: false; errors: Record<string, string> } {
  const parsed = v.safeParse(schema, fields);
  return parsed.success
    ? { ok: true, value: parsed.output }
    : { ok: false, errors: fieldErrors(parsed.issues) };
}
