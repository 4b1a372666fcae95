import * as v from "valibot";
import { singleLine } from "~/lib/forms/field-validation";
import { ROLES, SUBMISSION_STATUSES } from "~/lib/vocabulary";

/** Admin form posts, checked on the server like every other form. */
export const SubmissionUpdateSchema = v.object({
  status: v.picklist(SUBMISSION_STATUSES),
  notes: v.optional(v.pipe(v.string(), v.maxLength(10_000)), ""),
});

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
