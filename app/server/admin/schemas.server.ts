import * as v from "valibot";
import { singleLine } from "~/lib/forms/field-validation";
import { ROLES, SUBMISSION_STATUSES } from "~/lib/vocabulary";

/** A text an admin must write: trimmed, not empty, at most `max` characters. */
const writtenText = (max: number) =>
  v.pipe(
    v.string("admin:errors.required"),
    v.trim(),
    v.nonEmpty("admin:errors.required"),
    v.maxLength(max, "admin:errors.tooLong"),
  );

/** The inbox's three posts on one submission (decision 022): work it, add a note, reply by e-mail. */
export const SubmissionActionSchema = v.variant("intent", [
  v.object({
    intent: v.literal("work"),
    status: v.picklist(SUBMISSION_STATUSES),
    // "" is "nobody".
    assignedTo: v.pipe(
      v.optional(v.pipe(v.string(), v.maxLength(100)), ""),
      v.transform((value) => value || null),
    ),
  }),
  v.object({ intent: v.literal("note"), note: writtenText(10_000) }),
  v.object({
    intent: v.literal("reply"),
    subject: v.pipe(writtenText(200), singleLine()),
    message: writtenText(20_000),
  }),
]);

const id = v.pipe(v.string(), v.minLength(1), v.maxLength(100), singleLine());
export const IdSchema = v.object({ id });

export const RoleChangeSchema = v.object({
  id,
  role: v.picklist(ROLES),
});

const key = v.pipe(v.string(), v.minLength(1), v.maxLength(300), singleLine());
export const ContentEditSchema = v.variant("intent", [
  v.object({
    intent: v.literal("save"),
    key,
    value: v.pipe(v.string(), v.minLength(1), v.maxLength(5000)),
  }),
  v.object({ intent: v.literal("reset"), key }),
]);

/** A posted form's text fields as a plain object, for v.safeParse. */
export function formStrings(formData: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of formData) if (typeof value === "string") out[key] = value;
  return out;
}
