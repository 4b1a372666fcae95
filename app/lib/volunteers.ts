import * as v from "valibot";
import { parseClockTime } from "./content/entry-types";
import {
  FIELD_MESSAGES,
  formSchema,
  optionalCheckbox,
  requiredEmail,
  requiredText,
  requiredWholeNumber,
  singleLine,
} from "./forms/field-validation";
import { CLEARANCE_KINDS } from "./vocabulary";

/**
 * The volunteer forms' schemas (decision 055), shared by the browser (messages on submit) and the
 * actions (the check that counts). Messages are translation keys.
 */

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

const requiredDate = () =>
  v.pipe(
    v.string(FIELD_MESSAGES.required),
    v.trim(),
    v.nonEmpty(FIELD_MESSAGES.required),
    v.regex(CALENDAR_DATE, "volunteers:admin.errors.date"),
  );
const optionalDate = () =>
  v.optional(v.pipe(v.string(), v.trim(), v.regex(CALENDAR_DATE, "volunteers:admin.errors.date")));

/** A time as staff type it ("4pm", "4:00 PM", "16:00"), stored "HH:MM" (decision 049). */
const clockTime = () =>
  v.pipe(
    requiredText(16),
    v.check((value) => parseClockTime(value) !== null, "admin:entries.errors.time"),
    v.transform((value) => parseClockTime(value)!),
  );

const slug = v.pipe(
  v.string(FIELD_MESSAGES.required),
  v.trim(),
  v.nonEmpty("volunteers:admin.errors.role"),
  v.maxLength(100),
  singleLine(),
);

/** Adding a shift, or a weekly series when a last date is given. */
export const ShiftSchema = v.pipe(
  formSchema({
    roleSlug: slug,
    titleEn: requiredText(120),
    titleEs: requiredText(120),
    firstDate: requiredDate(),
    lastDate: optionalDate(),
    start: clockTime(),
    end: clockTime(),
    place: requiredText(200),
    capacity: requiredWholeNumber(1, 500),
    // One checkbox per clearance, each its own name: the post guard lets no admin field repeat
    // (decision 012).
    needsBackgroundCheck: optionalCheckbox(),
    needsTraining: optionalCheckbox(),
    needsFirstAid: optionalCheckbox(),
  }),
  v.forward(
    v.partialCheck(
      [["firstDate"], ["lastDate"]],
      (input) => !input.lastDate || input.lastDate >= input.firstDate,
      "volunteers:admin.errors.lastDate",
    ),
    ["lastDate"],
  ),
  v.forward(
    v.partialCheck([["start"], ["end"]], (input) => input.end > input.start, "volunteers:admin.errors.end"),
    ["end"],
  ),
  v.transform(({ needsBackgroundCheck, needsTraining, needsFirstAid, ...shift }) => ({
    ...shift,
    requiredClearances: CLEARANCE_KINDS.filter(
      (kind) =>
        ({ "background-check": needsBackgroundCheck, training: needsTraining, "first-aid": needsFirstAid })[
          kind
        ],
    ),
  })),
);

/** The shift form's checkbox of each clearance. */
export const CLEARANCE_FIELDS = {
  "background-check": "needsBackgroundCheck",
  training: "needsTraining",
  "first-aid": "needsFirstAid",
} as const satisfies Record<(typeof CLEARANCE_KINDS)[number], string>;

/** Moving one shift: its day, times and place. */
export const MoveShiftSchema = v.pipe(
  formSchema({
    intent: v.literal("move"),
    date: requiredDate(),
    start: clockTime(),
    end: clockTime(),
    place: requiredText(200),
  }),
  v.forward(
    v.partialCheck([["start"], ["end"]], (input) => input.end > input.start, "volunteers:admin.errors.end"),
    ["end"],
  ),
);

/** Staff record a clearance: which, when completed, and when it expires (if it does). */
export const ClearanceSchema = v.pipe(
  formSchema({
    kind: v.picklist(CLEARANCE_KINDS, FIELD_MESSAGES.choice),
    clearedOn: requiredDate(),
    expiresOn: optionalDate(),
  }),
  v.forward(
    v.partialCheck(
      [["clearedOn"], ["expiresOn"]],
      (input) => !input.expiresOn || input.expiresOn > input.clearedOn,
      "volunteers:admin.errors.expiresOn",
    ),
    ["expiresOn"],
  ),
);

/** "Accept as volunteer" on an application; the guardian's e-mail only for an applicant under 18. */
export const AcceptVolunteerSchema = formSchema({
  intent: v.literal("accept-volunteer"),
  guardianEmail: v.optional(requiredEmail()),
});

/** "Send me a new link" on the volunteer's page, when theirs expired or was lost. */
export const NewVolunteerLinkSchema = formSchema({
  intent: v.literal("new-link"),
  email: requiredEmail(),
});

/** What a volunteer's page posts: one button per shift, each naming what it does. */
export const VolunteerActionSchema = v.variant("intent", [
  v.object({ intent: v.picklist(["signup", "series", "waitlist", "cancel"]), shift: requiredText(100) }),
  v.object({ intent: v.literal("swap"), shift: requiredText(100), to: requiredText(100) }),
]);

/**
 * The clearances a role's requirements name (the seed's words, docs/product.md §5): they pre-tick
 * the shift form's boxes, which staff may change.
 */
export function clearancesNamedIn(requirements: string): (typeof CLEARANCE_KINDS)[number][] {
  const text = requirements.toLowerCase();
  return CLEARANCE_KINDS.filter((kind) =>
    kind === "background-check"
      ? text.includes("background")
      : kind === "first-aid"
        ? /first[- ]aid/.test(text)
        : text.includes("training"),
  );
}

/** Applications staff may accept as a volunteer (docs/product.md §3). */
export const VOLUNTEER_APPLICATION_KINDS = ["volunteer", "mentoring"] as const;

export function isVolunteerApplication(kind: string): boolean {
  return (VOLUNTEER_APPLICATION_KINDS as readonly string[]).includes(kind);
}
