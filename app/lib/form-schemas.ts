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
} as const;

export function messageWith(key: string, params: Record<string, string | number>): string {
  return `${key}|${JSON.stringify(params)}`;
}

/** Common length limits, generous for real answers and small enough to refuse abuse. */
export const LENGTH = { name: 100, short: 200, email: 254, phone: 30, long: 2000 } as const;

const tooLong = (max: number) =>
  v.maxLength<string, number, string>(max, messageWith("common:forms.tooLong", { max }));

/** A required line of text, trimmed. */
export function requiredText(max: number = LENGTH.short) {
  return v.pipe(
    v.string(FIELD_MESSAGES.required),
    v.trim(),
    v.nonEmpty(FIELD_MESSAGES.required),
    tooLong(max),
  );
}

/** An optional text; empty means absent. */
export function optionalText(max: number = LENGTH.long) {
  return v.optional(v.pipe(v.string(), v.trim(), tooLong(max)));
}

export function requiredEmail() {
  return v.pipe(
    v.string(FIELD_MESSAGES.required),
    v.trim(),
    v.nonEmpty(FIELD_MESSAGES.required),
    tooLong(LENGTH.email),
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
    v.regex(PHONE_PATTERN, FIELD_MESSAGES.phone),
    v.check((value) => phoneDigits(value) >= 7 && phoneDigits(value) <= 15, FIELD_MESSAGES.phone),
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

/** A checkbox that must be ticked (consent). Conform sends "on" for a ticked box. */
export function requiredCheckbox() {
  return v.pipe(
    v.optional(v.string(), ""),
    v.check((value) => value === "on", FIELD_MESSAGES.checkRequired),
  );
}

export function optionalCheckbox() {
  return v.pipe(
    v.optional(v.string(), ""),
    v.transform((value) => value === "on"),
  );
}
