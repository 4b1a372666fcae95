import { readdirSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import type { Locator, Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import {
  expect,
  expectNoAxeViolations,
  latestMail,
  openInPlace,
  rememberCookieChoice,
  test,
  waitForHydration,
} from "./fixtures";

/** Valid answers for each form, by field name: text, a select's value, or checkboxes to tick. */
type Answers = Record<string, string | { select: string } | { check: string[] }>;

const FORMS: Record<string, { answers: Answers; success: string }> = {
  contact: {
    answers: {
      fullName: "Ana López",
      email: "ana@example.com",
      subject: { select: "program" },
      message: "When does the spring term start?",
    },
    success: "Thank you! Your message has been sent successfully. We'll get back to you soon.",
  },
  education: {
    answers: {
      studentName: "Leo López",
      age: { select: "15" },
      grade: { select: "10" },
      parentName: "Ana López",
      email: "ana@example.com",
      phone: "(212) 555-0100",
    },
    success: "within 24 hours",
  },
  athletics: {
    answers: {
      studentName: "Leo López",
      parentName: "Ana López",
      age: { select: "14" },
      grade: { select: "9" },
      email: "ana@example.com",
      phone: "(212) 555-0100",
      emergencyContact: "Luis López (212) 555-0199",
      consent: { check: ["true"] },
    },
    success: "Registration Successful",
  },
  mentoring: {
    answers: {
      role: { check: ["mentor"] },
      fullName: "Sam Rivera",
      email: "sam@example.com",
      age: "34",
      areaOfInterest: { select: "stem" },
      availability: { check: ["weekdayEvenings"] },
    },
    success: "Application Submitted",
  },
  volunteer: {
    answers: {
      firstName: "Sam",
      lastName: "Rivera",
      email: "sam@example.com",
      age: "34",
      availability: { check: ["weekends"] },
      motivation: "I grew up in this neighborhood.",
    },
    success: "Application Sent!",
  },
  "get-involved": {
    answers: { firstName: "Sam", lastName: "Rivera", email: "sam@example.com", areas: { check: ["events"] } },
    success: "within 24 hours",
  },
  "fundraising-team": {
    answers: {
      fullName: "Sam Rivera",
      email: "sam@example.com",
      availability: "Evenings",
      motivation: "Kids.",
    },
    success: "Application Sent!",
  },
  "giving-info": {
    answers: {
      option: { select: "stock" },
      fullName: "Sam Rivera",
      email: "sam@example.com",
      amount: "5000",
    },
    success: "Request Sent!",
  },
  partner: {
    answers: {
      organization: "Acme Corp",
      fullName: "Sam Rivera",
      email: "sam@example.com",
      partnershipType: { select: "corporate" },
      message: "We'd like to sponsor the soccer league.",
    },
    success: "Inquiry Sent!",
  },
  enrollment: {
    answers: {
      studentName: "Leo López",
      parentName: "Ana López",
      email: "ana@example.com",
      phone: "(212) 555-0100",
      age: { select: "14" },
      grade: { select: "9" },
      programs: { check: ["athletics"] },
    },
    success: "Enrollment Submitted!",
  },
};

async function fill(form: Locator, answers: Answers) {
  for (const [name, answer] of Object.entries(answers)) {
    const field = form.locator(`[name="${name}"]`);
    if (typeof answer === "string") await field.fill(answer);
    else if ("select" in answer) await field.selectOption(answer.select);
    else
      for (const value of answer.check) {
        const box = form.locator(`[name="${name}"][value="${value}"]`);
        await ((await box.count()) ? box : field).check();
      }
  }
}

const formOn = (page: Page, kind: string) => page.locator(`form[action="/forms/${kind}"]`);

test.describe("forms with JavaScript", () => {
  test.beforeEach(async ({ page }) => rememberCookieChoice(page));

  for (const [kind, { answers, success }] of Object.entries(FORMS)) {
    test(`${kind}: a valid answer shows the success state`, async ({ page }) => {
      await page.goto(`/forms/${kind}`);
      await waitForHydration(page);
      await fill(formOn(page, kind), answers);
      await formOn(page, kind).locator('button[type="submit"]').click();
      await expect(page.getByRole("status").filter({ hasText: success })).toBeVisible();
    });

    test(`${kind}: an empty submit lists the problems and links to the fields`, async ({ page }) => {
      await page.goto(`/forms/${kind}`);
      await waitForHydration(page);
      if (kind === "enrollment") await formOn(page, kind).locator('[name="programs"]').first().check();
      await formOn(page, kind).locator('button[type="submit"]').click();
      const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
      await expect(summary).toBeFocused();
      await expect(page).toHaveTitle(/^Error: /);
      const firstLink = summary.getByRole("link").first();
      await expect(firstLink).toContainText("Required field");
      await firstLink.click();
      const target = (await firstLink.getAttribute("href"))!.slice(1);
      await expect(page.locator(`[id="${target}"]`)).toBeFocused();
    });
  }

  test("contact: the message counter, the typed values kept and an axe scan with errors", async ({
    page,
  }) => {
    await page.goto("/forms/contact");
    await waitForHydration(page);
    const form = formOn(page, "contact");
    await form.getByLabel("Message").fill("Hello");
    await expect(form.getByText("5 of 2000 characters")).toBeVisible();
    await form.getByRole("textbox", { name: "Email" }).fill("not-an-email");
    // Nothing is said on leaving a field (decision 025); the submit shows the message.
    await form.getByLabel("Full name").focus();
    await expect(form.getByText("Please enter a valid email")).toHaveCount(0);
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByText("Please enter a valid email").first()).toBeVisible();
    await expect(form.getByLabel("Message")).toHaveValue("Hello");
    // The scan covers the page's own content; the header and footer have their own tests.
    const results = await new AxeBuilder({ page })
      .include("#main")
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  test("enrollment: disabled until a program is chosen, Submitting..., success for 2 s, then reset", async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto("/forms/enrollment");
    await waitForHydration(page);
    const form = formOn(page, "enrollment");
    const { programs, ...rest } = FORMS.enrollment!.answers;
    await fill(form, rest);
    const submit = form.getByRole("button", { name: "Submit Enrollment" });
    await expect(submit).toBeDisabled();
    await fill(form, { programs: programs! });
    await expect(submit).toBeEnabled();

    // Hold the request to see the busy state; the real request replaces the old 1.5 s wait.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/forms/enrollment.data*", async (route) => {
      await held;
      await route.continue();
    });
    // From here on, time moves only when the test says so.
    await page.clock.pauseAt(Date.now() + 60_000);
    await submit.click();
    const busy = form.getByRole("button", { name: "Submitting..." });
    await expect(busy).toBeDisabled();
    release();
    const successView = page.getByRole("status").filter({ hasText: "Enrollment Submitted!" });
    await expect(successView).toContainText(
      "Thank you for your interest. We'll contact you soon with program details!",
    );
    await page.clock.runFor(1900);
    await expect(successView).toBeVisible();
    await page.clock.runFor(200);
    await expect(successView).toBeHidden();
    await expect(formOn(page, "enrollment").locator('[name="studentName"]')).toHaveValue("");
    await expect(formOn(page, "enrollment").locator('[name="programs"]:checked')).toHaveCount(0);
  });

  test("a child under 13 needs the guardian's consent box, shown only then", async ({ page }) => {
    await page.goto("/forms/education");
    await waitForHydration(page);
    const form = formOn(page, "education");
    const consent = form.locator('[name="guardianConsent"]');
    await expect(consent).toHaveCount(0);
    await form.locator('[name="age"]').selectOption("9");
    await expect(consent).toBeVisible();
  });

  test("Spanish: labels, messages and success in Spanish", async ({ page }) => {
    await page.goto("/forms/contact?lng=es");
    await waitForHydration(page);
    const form = formOn(page, "contact");
    await form.getByRole("button", { name: "Enviar mensaje" }).click();
    await expect(page.getByRole("alert")).toContainText("Hay un problema");
    await expect(page.getByRole("alert")).toContainText("Nombre completo: Campo obligatorio");
    await fill(form, FORMS.contact!.answers);
    await form.getByRole("button", { name: "Enviar mensaje" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Su mensaje se envió correctamente" }),
    ).toBeVisible();
  });

  test("newsletter: the footer box asks to confirm by e-mail", async ({ page }) => {
    await page.goto("/about");
    await waitForHydration(page);
    await page.locator("footer").getByLabel("Email address").fill("reader@example.com");
    await page.locator("footer").getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/newsletter$/);
    await expect(page.getByText("Check your inbox and click the link we sent")).toBeVisible();
  });

  test("newsletter: the link in the mail opens a page whose button confirms", async ({ page }) => {
    const email = `confirm-${Date.now()}@example.com`;
    await page.goto("/newsletter?lng=es");
    await waitForHydration(page);
    await page.getByRole("main").getByLabel("Correo electrónico").fill(email);
    await page.getByRole("main").getByRole("button", { name: "Suscribirme" }).click();
    await expect(page.getByRole("main").getByText("Revise su correo")).toBeVisible();
    const link = /https?:\/\/\S+\/newsletter\/confirm\?\S+/.exec(
      latestMail(email, "newsletter.confirm")!.text,
    )![0];
    const url = new URL(link);
    // Visiting the link, as a mail scanner would, confirms nothing: it asks.
    await page.goto(url.pathname + url.search);
    await expect(page.getByRole("heading", { level: 1, name: "Confirme su suscripción" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Confirmar mi suscripción" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Suscripción confirmada" })).toBeVisible();
  });
});

test.describe("forms without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test.beforeEach(async ({ page }) => rememberCookieChoice(page));

  for (const kind of ["contact", "volunteer", "enrollment"]) {
    test(`${kind}: the post is handled and a success page renders`, async ({ page }) => {
      await page.goto(`/forms/${kind}`);
      const form = formOn(page, kind);
      await fill(form, FORMS[kind]!.answers);
      await form.locator('button[type="submit"]').click();
      await expect(page.getByRole("status").filter({ hasText: FORMS[kind]!.success })).toBeVisible();
    });

    test(`${kind}: errors render with the typed values kept`, async ({ page }) => {
      await page.goto(`/forms/${kind}`);
      const form = formOn(page, kind);
      await fill(form, { ...FORMS[kind]!.answers, email: "not-an-email" });
      await form.locator('button[type="submit"]').click();
      await expect(page.getByRole("alert")).toContainText("Please enter a valid email");
      await expect(formOn(page, kind).locator('[name="email"]')).toHaveValue("not-an-email");
      const first = Object.entries(FORMS[kind]!.answers).find(
        ([name, value]) => typeof value === "string" && name !== "email",
      )!;
      await expect(formOn(page, kind).locator(`[name="${first[0]}"]`)).toHaveValue(first[1] as string);
    });
  }
});

test.describe("forms in place on the content pages", () => {
  test.beforeEach(async ({ page }) => rememberCookieChoice(page));

  const PLACES: [path: string, kind: string][] = [
    ["/contact", "contact"],
    ["/education", "education"],
    ["/athletics", "athletics"],
    ["/mentorship", "mentoring"],
    ["/volunteer", "volunteer"],
    ["/get-involved", "get-involved"],
    ["/get-involved", "fundraising-team"],
    ["/give", "giving-info"],
    ["/partner", "partner"],
  ];
  for (const [path, kind] of PLACES) {
    test(`${path} sends the ${kind} form without leaving the page`, async ({ page }) => {
      await page.goto(path);
      await waitForHydration(page);
      const form = formOn(page, kind);
      await fill(form, FORMS[kind]!.answers);
      await form.locator('button[type="submit"]').click();
      await expect(page.getByRole("status").filter({ hasText: FORMS[kind]!.success })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    });
  }

  test("home: Enroll opens the dialog with the form; after the success view it closes", async ({ page }) => {
    await openInPlace(page, "/");
    const enroll = page.getByRole("link", { name: "Enroll", exact: true });
    await enroll.click();
    const dialog = page.getByRole("dialog");
    const form = dialog.locator('form[action="/forms/enrollment"]');
    await fill(form, FORMS.enrollment!.answers);
    await page.clock.install();
    await form.getByRole("button", { name: "Submit Enrollment" }).click();
    await expect(dialog.getByRole("status").filter({ hasText: "Enrollment Submitted!" })).toBeVisible();
    await page.clock.runFor(2100);
    await expect(dialog).toBeHidden();
    await expect(enroll).toBeFocused();
  });
});

/** Submissions of the e2e Worker's local D1 (scripts/e2e-server.mjs keeps it per port) whose payload holds `text`. */
function storedSubmissions(text: string): number {
  const dir = `.wrangler/e2e-${process.env.E2E_PORT ?? "8788"}/v3/d1/miniflare-D1DatabaseObject`;
  let count = 0;
  for (const file of readdirSync(dir).filter(
    (name) => name.endsWith(".sqlite") && name !== "metadata.sqlite",
  )) {
    const db = new DatabaseSync(`${dir}/${file}`, { readOnly: true });
    try {
      const row = db
        .prepare("SELECT count(*) AS count FROM submissions WHERE payload LIKE ?")
        .get(`%${text}%`) as { count: number };
      count += row.count;
    } catch {
      // Another database of the same Worker (no submissions table).
    } finally {
      db.close();
    }
  }
  return count;
}

test.describe("the form's key (decision 016)", () => {
  test.beforeEach(async ({ page }) => rememberCookieChoice(page));

  test("each page load sends its own key, so the same answers sent again later are a second row", async ({
    page,
  }) => {
    const message = `Same answers, two visits ${Date.now().toString(36)}`;
    const keys: string[] = [];
    for (let visit = 0; visit < 2; visit++) {
      await page.goto("/forms/contact");
      await waitForHydration(page);
      const form = formOn(page, "contact");
      await fill(form, { ...FORMS.contact!.answers, message });
      const [post] = await Promise.all([
        page.waitForRequest(
          (request) => request.method() === "POST" && request.url().includes("/forms/contact"),
        ),
        form.locator('button[type="submit"]').click(),
      ]);
      keys.push(new URLSearchParams(post.postData() ?? "").get("idempotencyKey") ?? "");
      await expect(page.getByRole("status").filter({ hasText: FORMS.contact!.success })).toBeVisible();
    }
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).not.toBe(keys[0]);
    await expect.poll(() => storedSubmissions(message)).toBe(2);
  });
});
