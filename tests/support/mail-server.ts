/**
 * A local stand-in for an HTTP mail provider, for the tests and `npm run reliability` (never
 * shipped: it runs in Node only). It takes the JSON post of the "http" transport and records
 * every request by its Idempotency-Key, so a test can count how often a message arrived.
 *
 * Like a real provider it honours the key: a message sent again after a lost answer (the
 * sender timed out) is not delivered twice ("repeat"). A request that arrives while another
 * one with the same key is still open is two deliveries sending the same message at once: it
 * is delivered again ("double"), so the counts show it.
 *
 * How it answers: the path says (`/ok`, `/fail` = 503, `/stall` = never answers, the request
 * is dropped after `stallMs`), or, on `/send`, the `schedule` it was started with, which
 * cycles through those modes by the clock (the reliability run's outages).
 * `GET /__test/requests?key=…` lists what arrived (all of it without `key`).
 *
 * Run alone: `node tests/support/mail-server.ts` (MAIL_MOCK_PORT, default 12300).
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { Socket } from "node:net";
import { pathToFileURL } from "node:url";

export type MailMode = "ok" | "fail" | "stall";
export type MailRequest = {
  key: string | null;
  mode: MailMode;
  /** See the comment at the top: "delivered" and "double" reach the recipient. */
  outcome: "delivered" | "double" | "repeat" | "refused" | "stalled";
  body: Record<string, unknown>;
  /** When it arrived and when its connection closed (ms since the epoch), for timelines. */
  at: number;
  closedAt?: number;
};
export type MailServer = {
  port: number;
  origin: string;
  requests: MailRequest[];
  /** Deliveries per Idempotency-Key ("delivered" and "double"). */
  deliveries: Map<string, number>;
  /** The mode `/send` is in right now. */
  mode(): MailMode;
  close(): Promise<void>;
};

export const DEFAULT_MAIL_MOCK_PORT = 12300;

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  let text = "";
  for await (const chunk of request) text += String(chunk);
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return {};
  }
}

export async function startMailServer(
  options: { port?: number; stallMs?: number; schedule?: { mode: MailMode; ms: number }[] } = {},
): Promise<MailServer> {
  const stallMs = options.stallMs ?? 5_000;
  const schedule = options.schedule ?? [{ mode: "ok" as const, ms: 1 }];
  const cycle = schedule.reduce((sum, step) => sum + step.ms, 0);
  const started = Date.now();
  const requests: MailRequest[] = [];
  const deliveries = new Map<string, number>();
  /** Per key: requests still open, and whether it was delivered. */
  const keys = new Map<string, { open: number; delivered: boolean }>();
  const sockets = new Set<Socket>();

  const scheduledMode = (): MailMode => {
    let offset = (Date.now() - started) % cycle;
    for (const step of schedule) {
      if (offset < step.ms) return step.mode;
      offset -= step.ms;
    }
    return "ok";
  };

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (request.method === "GET" && url.pathname === "/__test/requests") {
      const key = url.searchParams.get("key");
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end(JSON.stringify(key ? requests.filter((entry) => entry.key === key) : requests));
      return;
    }
    if (request.method !== "POST") {
      response.writeHead(404).end();
      return;
    }
    const mode: MailMode = url.pathname === "/send" ? scheduledMode() : (url.pathname.slice(1) as MailMode);
    const body = await readJson(request);
    const key = request.headers["idempotency-key"];
    const entry: MailRequest = {
      key: typeof key === "string" ? key : null,
      mode,
      outcome: "refused",
      body,
      at: Date.now(),
    };
    requests.push(entry);
    const state = keys.get(entry.key ?? "") ?? { open: 0, delivered: false };
    if (entry.key) keys.set(entry.key, state);
    const overlapping = state.open > 0;
    state.open++;
    response.on("close", () => {
      state.open--;
      entry.closedAt = Date.now();
    });
    if (mode === "ok") {
      entry.outcome = !state.delivered ? "delivered" : overlapping ? "double" : "repeat";
      state.delivered = true;
      if (entry.key && entry.outcome !== "repeat")
        deliveries.set(entry.key, (deliveries.get(entry.key) ?? 0) + 1);
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end(JSON.stringify({ id: entry.key }));
    } else if (mode === "stall") {
      entry.outcome = "stalled";
      // The provider hangs: no answer, and the connection is dropped later without delivery.
      setTimeout(() => request.socket.destroy(), stallMs).unref();
    } else {
      response.writeHead(503, { "Content-Type": "application/json" });
      response.end(JSON.stringify({ error: "unavailable" }));
    }
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    requests,
    deliveries,
    mode: scheduledMode,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const server = await startMailServer({
    port: Number(process.env.MAIL_MOCK_PORT ?? DEFAULT_MAIL_MOCK_PORT),
  });
  console.log(`mail server on ${server.origin}`);
}
