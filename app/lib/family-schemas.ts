import * as v from "valibot";
import { parseClockTime } from "./content/entry-types";
import { GRADES, PROGRAMS } from "./families";
import {
  FIELD_MESSAGES,
  formSchema,
  LENGTH,
  optionalCheckbox,
  optionalParagraphs,
  optionalPhone,
  optionalText,
  requiredCheckbox,
  requiredChoice,
  requiredParagraphs,
  requiredPhone,
  requiredText,
  requiredWholeNumber,
} from "./forms/field-validation";

/** A guardian's child (decision 054): the details, the health record's fields and this year's consents. */
export const ChildSchema = formSchema({
  name: requiredText(LENGTH.name),
  birthDate: v.pipe(
    v.string(FIELD_MESSAGES.required),
    v.trim(),
    v.nonEmpty(FIELD_MESSAGES.required),
    v.isoDate("families:children.badDate"),
  ),
  grade: requiredChoice(GRADES),
  school: optionalText(LENGTH.short),
  healthNotes: optionalParagraphs(),
  allergies: optionalParagraphs(),
  medications: optionalParagraphs(),
  specialNeeds: optionalParagraphs(),
  emergencyName: requiredText(LENGTH.name),
  emergencyPhone: requiredPhone(),
  emergencyRelation: optionalText(LENGTH.short),
  pickupName: optionalText(LENGTH.name),
  pickupPhone: optionalPhone(),
  photoConsent: optionalCheckbox(),
  participationConsent: requiredCheckbox(),
});

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
const calendarDate = () =>
  v.pipe(
    v.string(FIELD_MESSAGES.required),
    v.trim(),
    v.nonEmpty(FIELD_MESSAGES.required),
    v.regex(CALENDAR_DATE, "families:children.badDate"),
  );
/** A time as staff type it ("4pm", "4:00 PM", "16:00"), stored "HH:MM" (decision 049). */
const clockTime = () =>
  v.pipe(
    requiredText(16),
    v.check((value) => parseClockTime(value) !== null, "admin:entries.errors.time"),
    v.transform((value) => parseClockTime(value)!),
  );

/** The ISO weekdays a session can meet on, each its own checkbox (the post guard lets no admin field repeat, decision 012). */
export const SESSION_WEEKDAYS = ["1", "2", "3", "4", "5", "6", "7"] as const;

/**
 * A program session as staff write it (decision 054): both languages side by side, New York days
 * and times, ages, grades, places, the fee in dollars (stored in cents, decision 005).
 */
export const ProgramSessionSchema = v.pipe(
  formSchema({
    program: requiredChoice(PROGRAMS),
    titleEn: requiredText(120),
    titleEs: requiredText(120),
    descriptionEn: optionalParagraphs(),
    descriptionEs: optionalParagraphs(),
    term: v.pipe(
      v.string(FIELD_MESSAGES.required),
      v.trim(),
      v.nonEmpty(FIELD_MESSAGES.required),
      v.regex(/^\d{4}-\d{2}$/, "families:editor.errors.term"),
    ),
    ...(Object.fromEntries(SESSION_WEEKDAYS.map((day) => [`day${day}`, optionalCheckbox()])) as Record<
      `day${(typeof SESSION_WEEKDAYS)[number]}`,
      ReturnType<typeof optionalCheckbox>
    >),
    startTime: clockTime(),
    endTime: clockTime(),
    startDate: calendarDate(),
    endDate: calendarDate(),
    locationEn: requiredText(LENGTH.short),
    locationEs: requiredText(LENGTH.short),
    minAge: requiredWholeNumber(3, 21),
    maxAge: requiredWholeNumber(3, 21),
    minGrade: requiredChoice(GRADES),
    maxGrade: requiredChoice(GRADES),
    capacity: requiredWholeNumber(0, 10_000),
    // In dollars ("150" or "25.50"); empty is free.
    fee: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.transform((value) => value.replace(/^\$/, "")),
        v.regex(/^\d{1,5}(\.\d{1,2})?$/, "common:forms.invalidNumber"),
      ),
    ),
    scholarship: optionalCheckbox(),
    needsApproval: optionalCheckbox(),
    offerHours: requiredWholeNumber(1, 336),
    published: optionalCheckbox(),
  }),
  v.forward(
    v.partialCheck(
      [["day1"], ["day2"], ["day3"], ["day4"], ["day5"], ["day6"], ["day7"]],
      (input) => SESSION_WEEKDAYS.some((day) => input[`day${day}`]),
      "families:editor.errors.days",
    ),
    ["day1"],
  ),
  v.forward(
    v.partialCheck(
      [["startTime"], ["endTime"]],
      (input) => input.endTime > input.startTime,
      "families:editor.errors.endTime",
    ),
    ["endTime"],
  ),
  v.forward(
    v.partialCheck(
      [["startDate"], ["endDate"]],
      (input) => input.endDate >= input.startDate,
      "families:editor.errors.endDate",
    ),
    ["endDate"],
  ),
  v.forward(
    v.partialCheck(
      [["minAge"], ["maxAge"]],
      (input) => input.maxAge >= input.minAge,
      "families:editor.errors.ages",
    ),
    ["maxAge"],
  ),
  v.forward(
    v.partialCheck(
      [["minGrade"], ["maxGrade"]],
      (input) => Number(input.maxGrade) >= Number(input.minGrade),
      "families:editor.errors.grades",
    ),
    ["maxGrade"],
  ),
);
export type ProgramSessionInput = v.InferOutput<typeof ProgramSessionSchema>;

/** A guardian re-confirms this program year's consents for a child, without retyping the rest. */
export const ConsentSchema = formSchema({
  intent: v.literal("consent"),
  childId: requiredText(64),
  term: requiredText(7),
  photoConsent: optionalCheckbox(),
  participationConsent: requiredCheckbox(),
});

/** A message to a session's families: subject and body in each language, each family reads its own. */
export const SessionMessageSchema = formSchema({
  intent: v.literal("message"),
  subjectEn: requiredText(150),
  subjectEs: requiredText(150),
  bodyEn: requiredParagraphs(5000),
  bodyEs: requiredParagraphs(5000),
});
