import { AGES, defineForm, GRADES, needsGuardianConsent, type FieldSpec } from "./definition";
import { MENTORING_AGE_WORDS, VOLUNTEER_AGES } from "~/content/figures";
import {
  AthleticsSchema,
  ATHLETICS_SCHEDULES,
  CONTACT_MESSAGE_MAX,
  CONTACT_SUBJECTS,
  ContactSchema,
  EducationSchema,
  EnrollmentSchema,
  FundraisingTeamSchema,
  GET_INVOLVED_AREAS,
  GetInvolvedSchema,
  GIVING_OPTION_IDS,
  GivingInfoSchema,
  MENTORING_AREAS,
  MENTORING_AVAILABILITY,
  MENTORING_ROLES,
  MentoringSchema,
  PARTNERSHIP_TYPES,
  PartnerSchema,
  PREFERRED_CONTACT,
  PREFERRED_CONTACT_BOTH,
  PROGRAMS,
  SEASONS,
  VOLUNTEER_AREAS,
  VOLUNTEER_AVAILABILITY,
  VolunteerSchema,
} from "./public-form-schemas";

/**
 * Every public form of docs/product.md §3: its schema, how its fields show, where it posts, which
 * busy label it uses and which response promise of §9 it makes.
 */

const f = {
  studentName: { name: "studentName", kind: "text", required: true },
  parentName: { name: "parentName", kind: "text", required: true, autoComplete: "name" },
  fullName: { name: "fullName", kind: "text", required: true, autoComplete: "name" },
  email: { name: "email", kind: "email", required: true, autoComplete: "email", hint: true },
  phone: (required = false): FieldSpec => ({
    name: "phone",
    kind: "tel",
    required,
    autoComplete: "tel",
    hint: true,
  }),
  age: { name: "age", kind: "select", required: true, options: AGES, optionsKey: "ages" },
  grade: { name: "grade", kind: "select", required: true, options: GRADES, optionsKey: "grades" },
  guardianConsent: (always = false): FieldSpec => ({
    name: "guardianConsent",
    kind: "checkbox",
    required: true,
    wide: true,
    when: always ? undefined : (values) => needsGuardianConsent(values.age),
  }),
} satisfies Record<string, FieldSpec | ((...args: never[]) => FieldSpec)>;

type Reachable = { email: string; phone?: string | null };
/** A child's form is answered to the parent who filled it in; any other, to the person who wrote it. */
const parentContact = ({ parentName, email, phone }: Reachable & { parentName: string }) => ({
  name: parentName,
  email,
  phone,
});
const writerContact = ({ fullName, email, phone }: Reachable & { fullName: string }) => ({
  name: fullName,
  email,
  phone,
});

export const enrollmentForm = defineForm({
  id: "enrollment",
  kind: "enrollment",
  path: "/forms/enrollment",
  schema: EnrollmentSchema,
  pending: "submitting",
  aboutChild: true,
  promise: "2days",
  contact: parentContact,
  fields: [
    f.studentName,
    f.parentName,
    f.email,
    f.phone(true),
    f.age,
    f.grade,
    {
      name: "programs",
      kind: "checkboxes",
      required: true,
      options: PROGRAMS,
      optionsKey: "programs",
      wide: true,
    },
    { name: "interests", kind: "textarea", max: 1000, wide: true },
    { name: "previousExperience", kind: "textarea", max: 1000, wide: true },
    f.guardianConsent(),
  ],
});

export const educationForm = defineForm({
  id: "education",
  kind: "education",
  path: "/forms/education",
  schema: EducationSchema,
  pending: "submitting",
  aboutChild: true,
  promise: "24h",
  contact: parentContact,
  fields: [
    f.studentName,
    f.age,
    f.grade,
    { name: "school", kind: "text", max: 200 },
    f.parentName,
    f.email,
    f.phone(true),
    { name: "academicGoals", kind: "textarea", max: 1000, wide: true },
    { name: "specialNeeds", kind: "textarea", max: 1000, wide: true, hint: true, health: true },
    f.guardianConsent(),
  ],
});

export const athleticsForm = defineForm({
  id: "athletics",
  kind: "athletics",
  path: "/forms/athletics",
  schema: AthleticsSchema,
  pending: "registering",
  aboutChild: true,
  promise: "2days",
  contact: parentContact,
  fields: [
    f.studentName,
    f.parentName,
    f.age,
    f.grade,
    f.email,
    f.phone(true),
    { name: "emergencyContact", kind: "text", required: true, wide: true, hint: true },
    { name: "sportsExperience", kind: "textarea", max: 1000, wide: true },
    { name: "medicalInfo", kind: "textarea", max: 1000, wide: true, hint: true, health: true },
    { name: "schedule", kind: "select", options: ATHLETICS_SCHEDULES, optionsKey: "schedules" },
    { name: "seasons", kind: "checkboxes", options: SEASONS, optionsKey: "seasons", wide: true },
    { name: "consent", kind: "checkbox", required: true, wide: true },
  ],
});

const isMentee = (values: Record<string, unknown>) => values.role === "mentee";
const isMentor = (values: Record<string, unknown>) => values.role === "mentor";
/** A parent's name is asked of every applicant under 18: mentees and peer mentors. */
const isMinor = (values: Record<string, unknown>) => Number(values.age) > 0 && Number(values.age) < 18;

export const mentoringForm = defineForm({
  id: "mentoring",
  kind: "mentoring",
  path: "/forms/mentoring",
  schema: MentoringSchema,
  pending: "submitting",
  promise: "2days",
  contact: writerContact,
  fields: [
    {
      name: "role",
      kind: "radio",
      required: true,
      options: MENTORING_ROLES,
      optionsKey: "mentoringRoles",
      wide: true,
    },
    f.fullName,
    f.email,
    f.phone(),
    { name: "age", kind: "number", required: true, hint: true, hintParams: MENTORING_AGE_WORDS },
    { name: "parentName", kind: "text", required: true, when: isMinor, hint: true },
    {
      name: "areaOfInterest",
      kind: "select",
      required: true,
      options: MENTORING_AREAS,
      optionsKey: "mentoringAreas",
    },
    {
      name: "availability",
      kind: "checkboxes",
      required: true,
      options: MENTORING_AVAILABILITY,
      optionsKey: "mentoringAvailability",
      wide: true,
    },
    { name: "interestsGoals", kind: "textarea", max: 1000, wide: true },
    { name: "experience", kind: "textarea", max: 1000, wide: true, when: isMentor },
    { name: "motivation", kind: "textarea", max: 1000, wide: true, when: isMentor },
    { name: "message", kind: "textarea", max: 1000, wide: true },
    {
      name: "guardianConsent",
      kind: "checkbox",
      required: true,
      wide: true,
      when: (values) => isMentee(values) && needsGuardianConsent(values.age),
    },
  ],
});

export const volunteerModalFields: readonly FieldSpec[] = [
  f.fullName,
  f.email,
  f.phone(),
  { name: "age", kind: "number", required: true, hint: true, hintParams: { min: VOLUNTEER_AGES.min } },
  {
    name: "areaOfInterest",
    kind: "select",
    required: true,
    options: VOLUNTEER_AREAS,
    optionsKey: "volunteerAreas",
  },
  {
    name: "availability",
    kind: "checkboxes",
    required: true,
    options: VOLUNTEER_AVAILABILITY,
    optionsKey: "volunteerAvailability",
    wide: true,
  },
  { name: "experience", kind: "textarea", max: 1000, wide: true },
  { name: "motivation", kind: "textarea", required: true, max: 1000, wide: true },
];

export const volunteerPageFields: readonly FieldSpec[] = [
  { name: "firstName", kind: "text", required: true, autoComplete: "given-name" },
  { name: "lastName", kind: "text", required: true, autoComplete: "family-name" },
  f.email,
  f.phone(),
  { name: "age", kind: "number", required: true, hint: true, hintParams: { min: VOLUNTEER_AGES.min } },
  {
    name: "availability",
    kind: "checkboxes",
    required: true,
    options: VOLUNTEER_AVAILABILITY,
    optionsKey: "volunteerAvailability",
    wide: true,
  },
  { name: "experience", kind: "textarea", max: 1000, wide: true },
  { name: "motivation", kind: "textarea", required: true, max: 1000, wide: true },
  { name: "references", kind: "textarea", max: 1000, wide: true, hint: true },
];

export const volunteerForm = defineForm({
  id: "volunteer",
  kind: "volunteer",
  path: "/forms/volunteer",
  schema: VolunteerSchema,
  pending: "submitting",
  promise: "48h",
  contact: (value) => ({
    name: value.variant === "modal" ? value.fullName : `${value.firstName} ${value.lastName}`,
    email: value.email,
    phone: value.phone,
  }),
  fields: volunteerPageFields,
});

export const getInvolvedForm = defineForm({
  id: "getInvolved",
  kind: "get-involved",
  path: "/forms/get-involved",
  schema: GetInvolvedSchema,
  pending: "submitting",
  promise: "24h",
  contact: (value) => ({
    name: `${value.firstName} ${value.lastName}`,
    email: value.email,
    phone: value.phone,
  }),
  fields: [
    { name: "firstName", kind: "text", required: true, autoComplete: "given-name" },
    { name: "lastName", kind: "text", required: true, autoComplete: "family-name" },
    f.email,
    f.phone(),
    {
      name: "areas",
      kind: "checkboxes",
      required: true,
      options: GET_INVOLVED_AREAS,
      optionsKey: "getInvolvedAreas",
      wide: true,
    },
    { name: "availability", kind: "text", max: 200, wide: true, hint: true },
    { name: "experience", kind: "textarea", max: 1000, wide: true },
  ],
});

export const fundraisingTeamForm = defineForm({
  id: "fundraisingTeam",
  kind: "fundraising-team",
  path: "/forms/fundraising-team",
  schema: FundraisingTeamSchema,
  pending: "submitting",
  promise: "2days",
  contact: writerContact,
  fields: [
    f.fullName,
    f.email,
    f.phone(),
    { name: "availability", kind: "text", required: true, max: 200, hint: true },
    { name: "experience", kind: "textarea", max: 1000, wide: true },
    { name: "motivation", kind: "textarea", required: true, max: 1000, wide: true },
    { name: "skills", kind: "textarea", max: 1000, wide: true },
  ],
});

export const givingInfoForm = defineForm({
  id: "givingInfo",
  kind: "giving-info",
  path: "/forms/giving-info",
  schema: GivingInfoSchema,
  pending: "sending",
  promise: "2days",
  defaults: { preferredContact: "email" },
  contact: writerContact,
  fields: [
    {
      name: "option",
      kind: "select",
      required: true,
      options: GIVING_OPTION_IDS,
      optionsKey: "givingOptions",
    },
    f.fullName,
    f.email,
    f.phone(),
    { name: "organization", kind: "text", max: 200, autoComplete: "organization" },
    { name: "amount", kind: "number", required: true, hint: true },
    {
      name: "preferredContact",
      kind: "radio",
      options: PREFERRED_CONTACT_BOTH,
      optionsKey: "preferredContact",
      wide: true,
    },
    { name: "message", kind: "textarea", max: 1000, wide: true },
  ],
});

export const contactForm = defineForm({
  id: "contact",
  kind: "contact",
  path: "/forms/contact",
  schema: ContactSchema,
  pending: "sending",
  promise: "24h",
  defaults: { preferredContact: "email" },
  contact: writerContact,
  fields: [
    f.fullName,
    f.email,
    f.phone(),
    {
      name: "subject",
      kind: "select",
      required: true,
      options: CONTACT_SUBJECTS,
      optionsKey: "contactSubjects",
    },
    {
      name: "message",
      kind: "textarea",
      required: true,
      max: CONTACT_MESSAGE_MAX,
      counter: true,
      wide: true,
    },
    {
      name: "preferredContact",
      kind: "radio",
      options: PREFERRED_CONTACT,
      optionsKey: "preferredContact",
      wide: true,
    },
    { name: "newsletter", kind: "checkbox", wide: true },
  ],
});

export const partnerForm = defineForm({
  id: "partner",
  kind: "partner",
  path: "/forms/partner",
  schema: PartnerSchema,
  pending: "sending",
  promise: "2days",
  contact: writerContact,
  fields: [
    { name: "organization", kind: "text", required: true, autoComplete: "organization" },
    f.fullName,
    f.email,
    f.phone(),
    {
      name: "partnershipType",
      kind: "select",
      required: true,
      options: PARTNERSHIP_TYPES,
      optionsKey: "partnershipTypes",
    },
    {
      name: "message",
      kind: "textarea",
      required: true,
      max: CONTACT_MESSAGE_MAX,
      counter: true,
      wide: true,
    },
  ],
});

export const FORMS = {
  enrollment: enrollmentForm,
  education: educationForm,
  athletics: athleticsForm,
  mentoring: mentoringForm,
  volunteer: volunteerForm,
  getInvolved: getInvolvedForm,
  fundraisingTeam: fundraisingTeamForm,
  givingInfo: givingInfoForm,
  contact: contactForm,
  partner: partnerForm,
};
