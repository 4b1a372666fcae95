import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/server/db/client.server";
import { subscribers } from "~/server/db/schema";
import { fetchPage, postForm } from "./fetch";

/** A request over plain http; the test configuration's SITE_URL is https://example.org. */
function overHttp(path: string, init: RequestInit = {}): Promise<Response> {
  return exports.default.fetch(new Request(`http://example.org${path}`, { redirect: "manual", ...init }));
}

describe("https only (SITE_URL is https)", () => {
  it("sends a page request over http to the same address over https, which carries HSTS", async () => {
    for (const method of ["GET", "HEAD"]) {
      const response = await overHttp("/contact?lng=es", { method });
      expect(response.status).toBe(301);
      expect(response.headers.get("Location")).toBe("https://example.org/contact?lng=es");
    }
    const secure = await fetchPage("/contact?lng=es");
    expect(secure.status).toBe(200);
    expect(secure.headers.get("Strict-Transport-Security")).toMatch(/max-age=\d{8}/);
    // Loopback addresses are left alone, so a local run keeps working with production settings.
    const local = await exports.default.fetch(
      new Request("http://localhost:8787/contact", { redirect: "manual" }),
    );
    expect(local.status).toBe(200);
    expect(local.headers.get("Strict-Transport-Security")).toBeNull();
  });

  it("refuses a post over http with a message and runs no action", async () => {
    expect(env.SITE_URL).toBe("https://example.org");
    const response = await overHttp("/newsletter", {
      method: "POST",
      body: new URLSearchParams({ email: "plain-http@example.com", source: "footer" }),
      headers: { Origin: "http://example.org", "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text).toContain("https://example.org/newsletter");
    expect(text).toContain("Nothing was saved");
    expect(text).toContain("No se guardó nada");
    const stored = () =>
      getDb(env).select().from(subscribers).where(eq(subscribers.email, "plain-http@example.com"));
    expect(await stored()).toEqual([]);
    // The same post over https is accepted: it was the scheme that was refused, not the form.
    const secure = await postForm("/newsletter", { email: "plain-http@example.com", source: "footer" });
    expect(secure.status).toBe(200);
    expect(await stored()).toHaveLength(1);
  });
});
