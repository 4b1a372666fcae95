import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import * as v from "valibot";
import { beforeAll, describe, expect, it } from "vitest";
import { fieldsSchema } from "~/lib/content/entry-types";
import { getDb } from "~/server/db/client.server";
import { contentEntries } from "~/server/db/schema";
import { png } from "../support/sample-files";
import { userWithSession } from "./auth-helpers";
import { entryForm, entryRow } from "./entries";
import { fetchPage, ORIGIN, postForm, shown } from "./fetch";

/**
 * Program badges, volunteer roles and partner prospects are staff-edited content, the site search
 * covers programs and roles, and blog posts show their cover (decision 029).
 */
let admin: { cookie: string };

beforeAll(async () => {
  admin = await userWithSession("lists-admin@example.org", "ADMIN", "Lena Lists");
  await fetchPage("/");
}, 30_000);

/** The page as a visitor sees it. */
const page = async (path: string) => shown(await (await fetchPage(path)).text());

const messages = (type: "role" | "program" | "prospect", input: Record<string, string>) => {
  const result = v.safeParse(fieldsSchema(type), input);
  return result.success ? [] : result.issues.map((issue) => issue.message);
};

const entryId = async (type: string, slug: string) => (await entryRow(type, slug))?.id;

const ROLE = {
  slug: "garden-helper",
  status: "draft",
  title_en: "Community garden helper",
  title_es: "",
  subtitle_en: "Planting with families",
  subtitle_es: "",
  description_en: "Help young gardeners plant and harvest at our Harlem garden.",
  description_es: "",
  commitment_en: "Two Saturdays a month",
  commitment_es: "",
  schedule_en: "",
  schedule_es: "",
  skills_en: "",
  skills_es: "",
  requirements_en: "Background check",
  requirements_es: "",
  impact_en: "",
  impact_es: "",
  spots: "3",
  minAge: "16",
  position: "",
};

describe("the new content types' schemas", () => {
  it("a volunteer role needs a title and a description; spots and age are whole numbers", () => {
    const { slug: _slug, status: _status, ...fields } = ROLE;
    const ok = v.safeParse(fieldsSchema("role"), fields);
    expect(ok.success).toBe(true);
    if (ok.success) {
      expect(ok.output.spots).toBe(3);
      expect(ok.output.minAge).toBe(16);
      expect(ok.output.position).toBeNull();
      expect(ok.output.title).toEqual({ en: "Community garden helper", es: "" });
    }
    expect(messages("role", { ...fields, title_en: "" })).toContain("common:forms.required");
    expect(messages("role", { ...fields, description_en: "" })).toContain("common:forms.required");
    expect(messages("role", { ...fields, spots: "three" })).toContain("common:forms.invalidNumber");
    expect(messages("role", { ...fields, minAge: "-1" })).toContain("common:forms.invalidNumber");
  });

  it("a program badge names one of the six programs and one of the badges", () => {
    expect(messages("program", { program: "stem", badge: "launching", startsOn: "2027-09-11" })).toEqual([]);
    expect(messages("program", { program: "chess", badge: "ongoing", startsOn: "" })).toContain(
      "common:forms.invalidChoice",
    );
    expect(messages("program", { program: "stem", badge: "soon", startsOn: "" })).toContain(
      "common:forms.invalidChoice",
    );
    expect(messages("program", { program: "stem", badge: "launching", startsOn: "2027-02-30" })).toContain(
      "admin:entries.errors.date",
    );
  });

  it("a partner prospect has a name, a contribution, a kind and a status", () => {
    const prospect = {
      name_en: "Bodega association",
      name_es: "",
      contribution_en: "Snacks for the soccer league",
      contribution_es: "",
      kind: "community",
      partnerStatus: "open",
      position: "",
    };
    expect(messages("prospect", prospect)).toEqual([]);
    expect(messages("prospect", { ...prospect, contribution_en: "" })).toContain("common:forms.required");
    expect(messages("prospect", { ...prospect, kind: "government" })).toContain("common:forms.invalidChoice");
    expect(messages("prospect", { ...prospect, partnerStatus: "closed" })).toContain(
      "common:forms.invalidChoice",
    );
  });
});

describe("the pages read them from D1", () => {
  it("the import brings today's roles, badges and prospects, in both languages", async () => {
    const volunteer = await page("/volunteer");
    expect(volunteer).toContain("15 spots open");
    expect(volunteer).toContain("Mentor");
    expect(volunteer).toContain("One-on-one or group");
    expect(volunteer.indexOf(">Tutor<")).toBeLessThan(volunteer.indexOf(">Coach<"));
    const voluntariado = await page("/volunteer?lng=es");
    expect(voluntariado).toContain("20 lugares disponibles");
    expect(voluntariado).toContain("Reúnase cada semana con un joven");
    const programs = await page("/programs");
    expect(programs).toContain("Enrollment Open");
    expect(programs).toContain("Year-Round");
    const partner = await page("/partner");
    expect(partner).toContain("Technology company");
    expect(partner).toContain("Priority");
    expect(await page("/partner?lng=es")).toContain("Empresa de tecnología");
  });

  it("a draft role stays off /volunteer; published it shows, its Spanish falling back to English", async () => {
    expect((await postForm("/admin/entries/role/new", ROLE, { Cookie: admin.cookie })).status).toBe(302);
    expect(await page("/volunteer")).not.toContain("Community garden helper");

    const id = await entryId("role", ROLE.slug);
    // The editor previews the draft with the public card.
    const editor = await (
      await fetchPage(`/admin/entries/role/${id}`, { headers: { Cookie: admin.cookie } })
    ).text();
    expect(editor).toContain('data-testid="entry-preview"');
    expect(editor).toContain("3 spots open");
    const published = await postForm(
      `/admin/entries/role/${id}`,
      { ...ROLE, status: "published" },
      { Cookie: admin.cookie },
    );
    expect(published.status).toBe(302);
    const english = await page("/volunteer");
    expect(english).toContain("Community garden helper");
    expect(english).toContain("3 spots open");
    expect(english).toContain("16+");
    const spanish = await page("/volunteer?lng=es");
    expect(spanish).toContain("Community garden helper");
    expect(spanish).toContain("3 lugares disponibles");
    expect(spanish).toContain("16 años o más");

    await postForm(
      `/admin/entries/role/${id}`,
      { ...ROLE, status: "published", title_es: "Ayudante del huerto comunitario" },
      { Cookie: admin.cookie },
    );
    expect(await page("/volunteer?lng=es")).toContain("Ayudante del huerto comunitario");
  });

  it("a role's bad count is refused with the typed words kept", async () => {
    const response = await postForm(
      "/admin/entries/role/new",
      { ...ROLE, slug: "bad-spots", spots: "three" },
      { Cookie: admin.cookie },
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('value="three"');
    expect(html).toContain('value="Community garden helper"');
    expect(await entryId("role", "bad-spots")).toBeUndefined();
  });

  it("a program's badge is what staff set; a launch date reached reads Active", async () => {
    const id = await entryId("program", "tutoring");
    const badge = (fields: Record<string, string>) =>
      postForm(
        `/admin/entries/program/${id}`,
        { slug: "tutoring", program: "tutoring", startsOn: "", ...fields },
        { Cookie: admin.cookie },
      );
    expect((await badge({ status: "draft", badge: "waitlist" })).status).toBe(302);
    // A draft badge is no badge: the program shows none rather than the draft.
    expect(await page("/programs")).not.toContain("Waitlist open");
    expect(await page("/programs")).not.toContain("Enrollment Open");

    await badge({ status: "published", badge: "waitlist" });
    const editor = await (
      await fetchPage(`/admin/entries/program/${id}`, { headers: { Cookie: admin.cookie } })
    ).text();
    expect(editor).toContain('data-testid="entry-preview"');
    expect(editor).toContain("Waitlist open");
    expect(await page("/programs")).toContain("Waitlist open");
    expect(await page("/education?lng=es")).toContain("Lista de espera abierta");

    await badge({ status: "published", badge: "launching", startsOn: "2099-09-12" });
    expect(await page("/programs")).toContain("Launching 2099");
    await badge({ status: "published", badge: "launching", startsOn: "2020-09-12" });
    const reached = await page("/education");
    expect(reached).toContain(">Active<");
    expect(reached).not.toContain("Launching 2020");
  });

  it("a published prospect shows on /partner with its status; a draft does not", async () => {
    const prospect = entryForm("prospect", {
      slug: "bodega-association",
      status: "draft",
      name: { en: "Bodega association", es: "Asociación de bodegas" },
      contribution: { en: "Snacks for the soccer league", es: "" },
      kind: "community",
      partnerStatus: "limited",
      position: 1,
    });
    await postForm("/admin/entries/prospect/new", prospect, { Cookie: admin.cookie });
    expect(await page("/partner")).not.toContain("Bodega association");
    const id = await entryId("prospect", prospect.slug);
    await postForm(
      `/admin/entries/prospect/${id}`,
      { ...prospect, status: "published" },
      { Cookie: admin.cookie },
    );
    const english = await page("/partner");
    expect(english).toContain("Bodega association");
    // Order 1 comes before the imported prospects.
    expect(english.indexOf("Bodega association")).toBeLessThan(english.indexOf("Technology company"));
    const spanish = await page("/partner?lng=es");
    expect(spanish).toContain("Asociación de bodegas");
    expect(spanish).toContain("Snacks for the soccer league");
  });
});

describe("the site search", () => {
  it("finds a program by its words in the visitor's language", async () => {
    const english = await page("/search?q=robotics");
    expect(english).toContain("STEM Saturdays");
    expect(english).toContain('href="/education"');
    const spanish = await page("/search?q=robotica&lng=es");
    expect(spanish).toContain("Sábados de STEM");
    expect(await page("/search?q=baloncesto&lng=es")).toContain("Baloncesto");
  });

  it("finds a published volunteer role in either language", async () => {
    const results = await page("/search?q=coach");
    expect(results).toContain('href="/volunteer#roles"');
    expect(await page("/search?q=entrenamientos&lng=es")).toContain("Entrenador");
  });
});

describe("blog covers", () => {
  it("shows the cover on /blog and the post with its size and its description in the visitor's language", async () => {
    const form = new FormData();
    form.append("file", new File([png(1200, 800)], "lessons.png", { type: "image/png" }));
    form.append("altEn", "Students and tutors around a table");
    form.append("altEs", "Estudiantes y tutores alrededor de una mesa");
    const uploaded = await (
      await fetchPage("/admin/files", {
        method: "POST",
        body: form,
        headers: { Origin: ORIGIN, Cookie: admin.cookie },
      })
    ).text();
    const key = uploaded.match(/\/files\/([0-9a-f]{64}\.png)/)![1]!;

    const id = await entryId("post", "first-year-lessons");
    const [row] = await getDb(env).select().from(contentEntries).where(eq(contentEntries.id, id!));
    const fields = row!.fields as Record<string, { en: string; es: string } | string>;
    const text = (name: string) => fields[name] as { en: string; es: string };
    const saved = await postForm(
      `/admin/entries/post/${id}`,
      {
        slug: row!.slug,
        status: "published",
        ...Object.fromEntries(
          ["title", "excerpt", "body", "author"].flatMap((name) => [
            [`${name}_en`, text(name).en],
            [`${name}_es`, text(name).es],
          ]),
        ),
        date: String(fields.date),
        category: String(fields.category),
        cover: key,
      },
      { Cookie: admin.cookie },
    );
    expect(saved.status).toBe(302);

    const blog = await page("/blog");
    expect(blog).toMatch(
      new RegExp(
        `<img src="/files/${key}" alt="Students and tutors around a table" width="1200" height="800" loading="eager"`,
      ),
    );
    const post = await page("/blog/first-year-lessons?lng=es");
    expect(post).toContain(
      `<img src="/files/${key}" alt="Estudiantes y tutores alrededor de una mesa" width="1200" height="800"`,
    );
    // A post without a cover shows no image.
    expect(await page("/blog/why-we-mentor")).not.toContain("/files/");
  });
});
