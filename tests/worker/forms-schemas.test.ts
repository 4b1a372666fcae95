import { parseWithValibot } from "@conform-to/valibot";
import type * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  formSchema,
  optionalCheckbox,
  optionalChoices,
  optionalPhone,
  requiredCheckbox,
  requiredChoices,
  requiredEmail,
  requiredPhone,
  requiredText,
  requiredWholeNumber,
} from "~/lib/forms/field-validation";
import { needsGuardianConsent } from "~/lib/forms/definition";
import { ContactSchema, EnrollmentSchema, MentoringSchema } from "~/lib/forms/public-form-schemas";

/** Parses as the action does: a FormData through conform. */
function parse<S extends v.GenericSchema>(schema: S, fields: [string, string][]) {
  const formData = new FormData();
  for (const [name, value] of fields) formData.append(name, value);
  return parseWithValibot(formData, { schema });
}

const errorsOf = (result: ReturnType<typeof parse>) =>
  result.status === "success" ? {} : (result.reply().error ?? {});

describe("form kit schemas through conform", () => {
  const schema = formSchema({
    name: requiredText(10),
    email: requiredEmail(),
    phone: requiredPhone(),
    mobile: optionalPhone(),
    consent: requiredCheckbox(),
    news: optionalCheckbox(),
    days: requiredChoices(["mon", "tue"] as const),
    extras: optionalChoices(["a", "b"] as const),
    age: requiredWholeNumber(6, 18),
  });
  const valid: [string, string][] = [
    ["name", " Ana "],
    ["email", "Ana@Example.COM"],
    ["phone", "+1 (212) 555-0100"],
    ["mobile", ""],
    ["consent", "on"],
    ["days", "mon"],
    ["days", "tue"],
    ["age", "12"],
  ];

  it("accepts a valid post and normalises it", () => {
    const result = parse(schema, valid);
    expect(result.status).toBe("success");
    if (result.status !== "success") return;
    expect(result.value).toEqual({
      name: "Ana",
      email: "ana@example.com",
      phone: "+1 (212) 555-0100",
      consent: true,
      news: false,
      days: ["mon", "tue"],
      age: 12,
    });
  });

  it("refuses a forged choice", () => {
    const fields = valid.filter(([field]) => field !== "days").concat([["days", "sun"]]);
    expect(errorsOf(parse(schema, fields))["days[0]"]).toEqual(["common:forms.invalidChoice"]);
  });

  it("says Required field for an empty text, an unticked consent box or no choice", () => {
    const errors = errorsOf(
      parse(
        schema,
        valid.filter(([name]) => !["name", "consent", "days"].includes(name)).concat([["name", "   "]]),
      ),
    );
    expect(errors.name).toEqual(["common:forms.required"]);
    expect(errors.consent).toEqual(["common:forms.required"]);
    expect(errors.days).toEqual(["common:forms.required"]);
  });

  it.each([
    ["email", "ana@", "common:forms.invalidEmail"],
    ["phone", "12345", "common:forms.invalidNumber"],
    ["phone", "1234567890123456", "common:forms.invalidNumber"],
    ["phone", "call me maybe", "common:forms.invalidNumber"],
    ["mobile", "abc", "common:forms.invalidNumber"],
    ["name", "x".repeat(11), 'common:forms.tooLong|{"max":10}'],
    ["age", "5", 'common:forms.numberRange|{"min":6,"max":18}'],
    ["age", "19", 'common:forms.numberRange|{"min":6,"max":18}'],
    ["age", "6.5", "common:forms.invalidNumber"],
    ["consent", "yes", "common:forms.fieldRequired"],
  ])("%s = %j is refused with %s", (name, value, message) => {
    const fields = valid.filter(([field]) => field !== name).concat([[name, value]]);
    expect(errorsOf(parse(schema, fields))[name]).toEqual([message]);
  });
});

describe("form schemas", () => {
  it("contact: the four required fields of docs/product.md §5", () => {
    const errors = errorsOf(parse(ContactSchema, []));
    expect(Object.keys(errors).sort()).toEqual(["email", "fullName", "message", "subject"]);
  });

  it("enrollment: consent only below 13", () => {
    expect(needsGuardianConsent("12")).toBe(true);
    expect(needsGuardianConsent("13")).toBe(false);
    const base: [string, string][] = [
      ["studentName", "Leo"],
      ["parentName", "Ana"],
      ["email", "a@example.com"],
      ["phone", "2125550100"],
      ["grade", "3"],
      ["programs", "education"],
    ];
    expect(errorsOf(parse(EnrollmentSchema, [...base, ["age", "8"]])).guardianConsent).toEqual([
      "forms:errors.guardianConsent",
    ]);
    expect(parse(EnrollmentSchema, [...base, ["age", "8"], ["guardianConsent", "on"]]).status).toBe(
      "success",
    );
    expect(parse(EnrollmentSchema, [...base, ["age", "13"]]).status).toBe("success");
  });

  it("mentoring: mentees 6-18 with a guardian under 18, mentors 21 or older or peer mentors 15-18", () => {
    const base: [string, string][] = [
      ["fullName", "Sam"],
      ["email", "s@example.com"],
      ["areaOfInterest", "stem"],
      ["availability", "weekdayEvenings"],
    ];
    expect(parse(MentoringSchema, [...base, ["role", "mentor"], ["age", "40"]]).status).toBe("success");
    const mentor = (age: string, more: [string, string][] = []) =>
      parse(MentoringSchema, [...base, ["role", "mentor"], ["age", age], ...more]);
    expect(errorsOf(mentor("20")).age?.[0]).toMatch(/^forms:errors\.mentoringAge\|/);
    expect(errorsOf(mentor("14")).age?.[0]).toMatch(/^forms:errors\.mentoringAge\|/);
    expect(mentor("21").status).toBe("success");
    expect(mentor("16", [["parentName", "Ana"]]).status).toBe("success");
    expect(errorsOf(mentor("16")).parentName).toEqual(["common:forms.required"]);
    expect(errorsOf(parse(MentoringSchema, [...base, ["role", "mentee"], ["age", "16"]])).parentName).toEqual(
      ["common:forms.required"],
    );
    const child = errorsOf(
      parse(MentoringSchema, [...base, ["role", "mentee"], ["age", "10"], ["parentName", "Ana"]]),
    );
    expect(child.guardianConsent).toEqual(["forms:errors.guardianConsent"]);
  });
});
