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

/**
 * The inbox's posts on one submission (decision 022): work it, add a note, reply by e-mail, and
 * open its health answers, a read that is audited (decision 054).
 */
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
  v.object({ intent: v.literal("health") }),
]);

const id = v.pipe(v.string(), v.minLength(1), v.maxLength(100), singleLine());
export const IdSchema = v.object({ id });

export const RoleChangeSchema = v.object({
  id,
  role: v.picklist(ROLES),
});

export const SecondFactorResetSchema = v.object({ intent: v.literal("reset-second-factor"), id });

/** Sending an open invitation again, or withdrawing it. */
export const InviteChangeSchema = v.object({ intent: v.picklist(["resend-invite", "revoke-invite"]), id });

const key = v.pipe(v.string(), v.minLength(1), v.maxLength(300), singleLine());
export const ContentEditSchema = v.variant("intent", [
  v.object({
    intent: v.literal("save"),
    key,
    value: v.pipe(v.string(), v.minLength(1), v.maxLength(5000)),
  }),
  v.object({ intent: v.literal("reset"), key }),
  v.object({ intent: v.literal("reviewed"), key }),
]);

/** A posted form's text fields as a plain object, for v.safeParse. */
export function formStrings(formData: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of formData) if (typeof value === "string") out[key] = value;
  return out;
}

/** A newsletter issue in both languages (decision 022); the body is plain text with links. What sending needs. */
export const NewsletterSchema = v.object({
  subjectEn: v.pipe(writtenText(200), singleLine()),
  bodyEn: writtenText(20_000),
  subjectEs: v.pipe(writtenText(200), singleLine()),
  bodyEs: writtenText(20_000),
});

const draftText = (max: number) =>
  v.pipe(v.optional(v.string(), ""), v.trim(), v.maxLength(max, "admin:errors.tooLong"));

/**
 * A draft issue (decision 053): either language may wait, so any field may be empty, but it needs
 * a subject in one language to be found in the list again. Sending checks `NewsletterSchema`.
 */
export const NewsletterDraftSchema = v.pipe(
  v.object({
    subjectEn: v.pipe(draftText(200), singleLine()),
    bodyEn: draftText(20_000),
    subjectEs: v.pipe(draftText(200), singleLine()),
    bodyEs: draftText(20_000),
  }),
  v.forward(
    v.check((input) => Boolean(input.subjectEn || input.subjectEs), "undo:newsletter.subjectNeeded"),
    ["subjectEn"],
  ),
);

/** The fields a saved issue still lacks before it can be sent, each with its message. */
export function missingToSend(issue: Record<"subjectEn" | "bodyEn" | "subjectEs" | "bodyEs", string>) {
  return Object.fromEntries(
    (["subjectEn", "bodyEn", "subjectEs", "bodyEs"] as const)
      .filter((field) => !issue[field].trim())
      .map((field) => [field, "undo:newsletter.neededToSend"]),
  );
}
