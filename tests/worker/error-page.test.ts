import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchPage } from "./fetch";

describe("a failing loader", () => {
  afterEach(() => vi.restoreAllMocks());

  it("shows the error screen with status 500 and logs the error with the request id", async () => {
    // A real failure: the sessions table is gone, so reading the visitor's session throws.
    await env.DB.prepare("DROP TABLE sessions").run();
    const logged: string[] = [];
    vi.spyOn(console, "error").mockImplementation((line: unknown) => void logged.push(String(line)));

    const response = await fetchPage("/about", { headers: { Cookie: "session=some-token" } });
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toContain("Oops! Something went wrong.");
    expect(html).toContain("We encountered an unexpected error.");
    expect(html).toContain("Try Again");
    expect(html).toContain("Go Home");
    // The error page never shows internals.
    expect(html).not.toContain("no such table");

    const requestId = response.headers.get("X-Request-Id");
    const entry = logged
      .map((line) => JSON.parse(line) as Record<string, string>)
      .find((line) => line.level === "error");
    expect(entry).toMatchObject({ requestId, url: "https://example.org/about" });
    expect(entry!.cause).toContain("no such table");
    // The query's parameters (here the session token's hash) stay out of the log.
    expect(logged.join("\n")).not.toMatch(/params:/);
  });
});
