import * as v from "valibot";
import {
  FIELD_MESSAGES,
  formSchema,
  LENGTH,
  messageWith,
  oneOf,
  optionalCheckbox,
  optionalChoice,
  optionalChoices,
  optionalPhone,
  optionalParagraphs,
  optionalText,
  requiredCheckbox,
  requiredChoice,
  requiredChoices,
  requiredEmail,
  requiredPhone,
  requiredParagraphs,
  requiredText,
  requiredWholeNumber,
} from "./field-validation";
import { AGES, GRADES, needsGuardianConsent } from "./definition";
import { MENTORING_AGE_WORDS, mentoringAgeAllowed, VOLUNTEER_AGES } from "~/content/figures";

/**
 * One valibot schema per form of docs/product.md §3, used by the browser (instant messages) and by
 * the action (the check that counts). Field lists live in ./<form>.ts next to how they show.
 */

export const PROGRAMS = ["education", "athletics", "mentorship"] as const;
export const CONTACT_SUBJECTS = [
  "general",
  "volunteer",
  "program",
  "partnership",
  "donation",
  "media",
  "other",
] as const;
export const PREFERRED_CONTACT = ["email", "phone"] as const;
export const PREFERRED_CONTACT_BOTH = ["email", "phone", "both"] as const;
export const VOLUNTEER_AREAS = [
  "tutoring",
  "coaching",
  "mentoring",
  "events",
  "admin",
  "specialist",
] as const;
export const VOLUNTEER_AVAILABILITY = [
  "weekdayMornings",
  "afternoons",
  "evenings",
  "weekends",
  "flexible",
] as const;
export const MENTORING_AVAILABILITY = [
  "weekdayMornings",
  "weekdayAfternoons",
  "weekdayEvenings",
  "saturdayMornings",
  "saturdayAfternoons",
  "sundayAfternoons",
] as const;
export const MENTORING_ROLES = ["mentee", "mentor"] as const;
export const MENTORING_AREAS = ["academics", "stem", "athletics", "arts", "career", "lifeSkills"] as const;
export const GET_INVOLVED_AREAS = ["tutoring", "coaching", "events", "admin", "multiple"] as const;
export const ATHLETICS_SCHEDULES = ["weekdayAfternoons", "weekdayEvenings", "weekends", "flexible"] as const;
export const SEASONS = ["fall", "winter", "spring", "summer"] as const;
export const PARTNERSHIP_TYPES = [
  "corporate",
  "foundation",
  "community",
  "program",
  "inKind",
  "other",
] as const;
/** Ways to give with an info request, and the smallest amount (whole dollars) each starts at. */
const GIVING_OPTIONS = {
  monthly: 10,
  plannedGiving: 1000,
  stock: 500,
  donorAdvisedFund: 250,
  corporateMatching: 25,
  sponsorship: 2500,
} as const;
export type GivingOption = keyof typeof GIVING_OPTIONS;
export const GIVING_OPTION_IDS = Object.keys(GIVING_OPTIONS) as GivingOption[];

const consentMessage = "forms:errors.guardianConsent";

export const EnrollmentSchema = v.pipe(
  formSchema({
    studentName: requiredText(LENGTH.name),
    parentName: requiredText(LENGTH.name),
    email: requiredEmail(),
    phone: requiredPhone(),
    age: requiredChoice(AGES),
    grade: requiredChoice(GRADES),
    programs: requiredChoices(PROGRAMS),
    interests: optionalParagraphs(1000),
    previousExperience: optionalParagraphs(1000),
    guardianConsent: optionalCheckbox(),
  }),
  v.forward(
    v.partialCheck(
      [["age"], ["guardianConsent"]],
      (input) => !needsGuardianConsent(input.age) || input.guardianConsent === true,
      consentMessage,
    ),
    ["guardianConsent"],
  ),
);

export const EducationSchema = v.pipe(
  formSchema({
    studentName: requiredText(LENGTH.name),
    age: requiredChoice(AGES),
    grade: requiredChoice(GRADES),
    school: optionalText(LENGTH.short),
    parentName: requiredText(LENGTH.name),
    email: requiredEmail(),
    phone: requiredPhone(),
    academicGoals: optionalParagraphs(1000),
    specialNeeds: optionalParagraphs(1000),
    guardianConsent: optionalCheckbox(),
  }),
  v.forward(
    v.partialCheck(
      [["age"], ["guardianConsent"]],
      (input) => !needsGuardianConsent(input.age) || input.guardianConsent === true,
      consentMessage,
    ),
    ["guardianConsent"],
  ),
);

export const AthleticsSchema = formSchema({
  studentName: requiredText(LENGTH.name),
  parentName: requiredText(LENGTH.name),
  age: requiredChoice(AGES),
  grade: requiredChoice(GRADES),
  email: requiredEmail(),
  phone: requiredPhone(),
  emergencyContact: requiredText(LENGTH.short),
  sportsExperience: optionalParagraphs(1000),
  medicalInfo: optionalParagraphs(1000),
  schedule: optionalChoice(ATHLETICS_SCHEDULES),
  seasons: optionalChoices(SEASONS),
  // docs/product.md §5: the athletics consent box is always required.
  consent: requiredCheckbox(),
});

export const MentoringSchema = v.pipe(
  formSchema({
    role: requiredChoice(MENTORING_ROLES),
    fullName: requiredText(LENGTH.name),
    email: requiredEmail(),
    phone: optionalPhone(),
    age: requiredWholeNumber(6, 99),
    areaOfInterest: requiredChoice(MENTORING_AREAS),
    availability: requiredChoices(MENTORING_AVAILABILITY),
    interestsGoals: optionalParagraphs(1000),
    experience: optionalParagraphs(1000),
    motivation: optionalParagraphs(1000),
    parentName: optionalText(LENGTH.name),
    guardianConsent: optionalCheckbox(),
    message: optionalParagraphs(1000),
  }),
  // The one mentoring age rule (app/content/figures.ts, docs/product.md §9): mentees 6-18,
  // adult mentors 21 or older, peer mentors 15-18.
  v.forward(
    v.partialCheck(
      [["role"], ["age"]],
      (input) => mentoringAgeAllowed(input.role, input.age),
      messageWith("forms:errors.mentoringAge", MENTORING_AGE_WORDS),
    ),
    ["age"],
  ),
  v.forward(
    v.partialCheck(
      [["role"], ["age"], ["parentName"]],
      (input) => input.age >= 18 || Boolean(input.parentName),
      FIELD_MESSAGES.required,
    ),
    ["parentName"],
  ),
  v.forward(
    v.partialCheck(
      [["role"], ["age"], ["guardianConsent"]],
      (input) => input.role !== "mentee" || !needsGuardianConsent(input.age) || input.guardianConsent,
      consentMessage,
    ),
    ["guardianConsent"],
  ),
);

// The age decides whether a guardian's consent comes first (decision 055).
const VolunteerModalSchema = formSchema({
  variant: v.literal("modal"),
  fullName: requiredText(LENGTH.name),
  email: requiredEmail(),
  phone: optionalPhone(),
  age: requiredWholeNumber(VOLUNTEER_AGES.min, VOLUNTEER_AGES.max),
  areaOfInterest: requiredChoice(VOLUNTEER_AREAS),
  availability: requiredChoices(VOLUNTEER_AVAILABILITY),
  experience: optionalParagraphs(1000),
  motivation: requiredParagraphs(1000),
});
const VolunteerPageSchema = formSchema({
  variant: v.literal("page"),
  firstName: requiredText(LENGTH.name),
  lastName: requiredText(LENGTH.name),
  email: requiredEmail(),
  phone: optionalPhone(),
  age: requiredWholeNumber(VOLUNTEER_AGES.min, VOLUNTEER_AGES.max),
  availability: requiredChoices(VOLUNTEER_AVAILABILITY),
  experience: optionalParagraphs(1000),
  motivation: requiredParagraphs(1000),
  references: optionalParagraphs(1000),
});
export const VolunteerSchema = v.variant(
  "variant",
  [VolunteerModalSchema, VolunteerPageSchema],
  FIELD_MESSAGES.choice,
);

export const GetInvolvedSchema = formSchema({
  firstName: requiredText(LENGTH.name),
  lastName: requiredText(LENGTH.name),
  email: requiredEmail(),
  phone: optionalPhone(),
  areas: requiredChoices(GET_INVOLVED_AREAS),
  availability: optionalText(LENGTH.short),
  experience: optionalParagraphs(1000),
});

export const FundraisingTeamSchema = formSchema({
  fullName: requiredText(LENGTH.name),
  email: requiredEmail(),
  phone: optionalPhone(),
  experience: optionalParagraphs(1000),
  motivation: requiredParagraphs(1000),
  availability: requiredText(LENGTH.short),
  skills: optionalParagraphs(1000),
});

export const GivingInfoSchema = v.pipe(
  formSchema({
    option: requiredChoice(GIVING_OPTION_IDS),
    fullName: requiredText(LENGTH.name),
    email: requiredEmail(),
    phone: optionalPhone(),
    organization: optionalText(LENGTH.short),
    amount: requiredWholeNumber(1, 10_000_000),
    preferredContact: v.optional(oneOf(PREFERRED_CONTACT_BOTH), "email"),
    message: optionalParagraphs(1000),
  }),
  v.forward(
    v.partialCheck(
      [["option"], ["amount"]],
      (input) => input.amount >= GIVING_OPTIONS[input.option],
      (issue) =>
        messageWith("forms:errors.amountMinimum", {
          min: GIVING_OPTIONS[(issue.input as { option: GivingOption }).option],
        }),
    ),
    ["amount"],
  ),
);

export const CONTACT_MESSAGE_MAX = 2000;
export const ContactSchema = formSchema({
  fullName: requiredText(LENGTH.name),
  email: requiredEmail(),
  phone: optionalPhone(),
  subject: requiredChoice(CONTACT_SUBJECTS),
  message: requiredParagraphs(CONTACT_MESSAGE_MAX),
  preferredContact: v.optional(oneOf(PREFERRED_CONTACT), "email"),
  newsletter: optionalCheckbox(),
});

export const PartnerSchema = formSchema({
  organization: requiredText(LENGTH.short),
  fullName: requiredText(LENGTH.name),
  email: requiredEmail(),
  phone: optionalPhone(),
  partnershipType: requiredChoice(PARTNERSHIP_TYPES),
  message: requiredParagraphs(CONTACT_MESSAGE_MAX),
});

export const NewsletterSchema = formSchema({
  email: requiredEmail(),
  source: v.optional(v.picklist(["footer", "reports", "contact", "page"]), "page"),
});
