// The forms-and-mail phase of `npm run reliability`: distinct posts and replays across the
// public forms while the mail provider fails, stalls and recovers and Cron runs overlap; then
// every submission must be stored once and every e-mail delivered exactly once (decision 016).
import { SUBMISSION_KINDS } from "../../app/lib/vocabulary.ts";

/** Seconds the site gives the provider per message (MAIL_TIMEOUT_SECONDS for this run). */
export const MAIL_TIMEOUT_SECONDS = 3;
/** A stalled provider holds a request this long, past the timeout, then drops it undelivered. */
export const MAIL_STALL_MS = 5_000;
/** The provider's mood, cycling by the clock: up, down (503), up, hung. */
export const MAIL_SCHEDULE = [
  { mode: "ok", ms: 5_000 },
  { mode: "fail", ms: 3_000 },
  { mode: "ok", ms: 4_000 },
  { mode: "stall", ms: 3_000 },
];

const DISTINCT = 1_000;
const REPLAYS = 200;
/** Of the distinct posts, how many come without the browser's key (JavaScript off). */
const WITHOUT_KEY = 50;
const POST_CONCURRENCY = 12;
/** Cron runs fired at once, and the simulated minutes each tick moves the scheduled time on. */
const CRON_FAN_OUT = 3;
const CRON_TICK_MS = 700;
const DRAIN_DEADLINE_MS = 90_000;

/** One valid body per form (tests/worker/forms-actions.test.ts has the same), made unique by `n`. */
function formBody(kind, n) {
  const name = `Reliability ${n}`;
  const email = `family${n}@example.com`;
  const bodies = {
    contact: {
      fullName: name,
      email,
      subject: "program",
      message: `Question ${n}`,
      preferredContact: "email",
    },
    enrollment: {
      studentName: name,
      parentName: "Ana López",
      email,
      phone: "212-555-0100",
      age: "14",
      grade: "9",
      programs: "athletics",
    },
    education: {
      studentName: name,
      age: "15",
      grade: "10",
      parentName: "Ana López",
      email,
      phone: "212-555-0100",
    },
    athletics: {
      studentName: name,
      parentName: "Ana López",
      age: "14",
      grade: "9",
      email,
      phone: "212-555-0100",
      emergencyContact: "Luis López (212) 555-0199",
      consent: "on",
    },
    mentoring: {
      role: "mentor",
      fullName: name,
      email,
      age: "34",
      areaOfInterest: "stem",
      availability: "weekdayEvenings",
    },
    volunteer: {
      variant: "page",
      firstName: name,
      lastName: "Rivera",
      email,
      availability: "weekends",
      motivation: "I grew up here.",
    },
    "get-involved": { firstName: name, lastName: "Rivera", email, areas: "events" },
    "fundraising-team": { fullName: name, email, motivation: "Kids deserve it.", availability: "Evenings" },
    "giving-info": { option: "stock", fullName: name, email, amount: "5000", preferredContact: "both" },
    partner: {
      organization: `Org ${n}`,
      fullName: name,
      email,
      partnershipType: "corporate",
      message: "We'd like to sponsor the soccer league.",
    },
  };
  return bodies[kind];
}

/** Runs `tasks` (functions returning promises) with at most `limit` at once. */
async function pool(tasks, limit) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < tasks.length) await tasks[next++]();
    }),
  );
}

export async function formsAndMailPhase({ origin, d1, scheduled, mail }) {
  const failures = [];
  const started = Date.now();

  // The posts: each distinct one from its own address (the per-visitor rate limit is not under
  // test here); a replay is the very same post, same key, same address.
  const posts = Array.from({ length: DISTINCT }, (_, n) => {
    const fields = {
      ...formBody(SUBMISSION_KINDS[n % SUBMISSION_KINDS.length], n),
      locale: n % 3 === 0 ? "es" : "en",
    };
    if (n >= WITHOUT_KEY) fields.idempotencyKey = crypto.randomUUID();
    return {
      kind: SUBMISSION_KINDS[n % SUBMISSION_KINDS.length],
      fields,
      ip: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    };
  });
  const replays = Array.from({ length: REPLAYS }, (_, i) => posts[(i * 7) % DISTINCT]);
  // Replays go right next to their original (a double click) or later (a resent post).
  const queue = [];
  posts.forEach((post, n) => {
    queue.push(post);
    if (n % 5 === 0 && n / 5 < REPLAYS) queue.push(replays[n / 5]);
  });

  const answers = new Map();
  // With a key, the post goes as the browser's fetcher sends it (`.data`, React Router's data
  // request); without one, as a plain HTML form post (JavaScript off).
  const send = (post) => async () => {
    const withKey = "idempotencyKey" in post.fields;
    let outcome;
    try {
      const response = await fetch(`${origin}/forms/${post.kind}${withKey ? ".data" : ""}`, {
        method: "POST",
        headers: {
          Origin: origin,
          "Content-Type": "application/x-www-form-urlencoded",
          "CF-Connecting-IP": post.ip,
        },
        body: new URLSearchParams(post.fields),
      });
      const text = await response.text();
      const success = withKey ? text.includes('"ok",true') : text.includes('role="status"');
      outcome = response.status === 200 && success ? "success" : `${response.status} without success`;
    } catch (error) {
      outcome = `network error: ${error.message}`;
    }
    answers.set(outcome, (answers.get(outcome) ?? 0) + 1);
  };

  // Cron runs, several at once, while the posts go on. Their scheduled time runs ahead of the
  // clock, so the outbox's backoff minutes pass in seconds.
  let simulatedMs = 0;
  let cronRuns = 0;
  let cronErrors = 0;
  let cronInFlight = 0;
  let stopCron = false;
  const cronLoop = (async () => {
    while (!stopCron) {
      simulatedMs += 2 * 60_000;
      if (cronInFlight < CRON_FAN_OUT * 2) {
        for (let i = 0; i < CRON_FAN_OUT; i++) {
          cronInFlight++;
          cronRuns++;
          const time = Date.now() + simulatedMs;
          scheduled(time)
            .then((response) => {
              if (!response.ok) cronErrors++;
              return response.text();
            })
            .catch(() => cronErrors++)
            .finally(() => cronInFlight--);
        }
      }
      await new Promise((resolve) => setTimeout(resolve, CRON_TICK_MS));
    }
  })();

  await pool(queue.map(send), POST_CONCURRENCY);
  const postsDone = Date.now();

  // Drain: the Cron runs go on (the provider keeps cycling and recovers) until every stored
  // message has reached the provider, or the deadline.
  const [{ expected }] = d1("SELECT count(*) AS expected FROM outbox");
  const drainDeadline = Date.now() + DRAIN_DEADLINE_MS;
  while (Date.now() < drainDeadline && mail.deliveries.size < expected) {
    simulatedMs += 30 * 60_000;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  stopCron = true;
  await cronLoop;
  while (cronInFlight > 0) await new Promise((resolve) => setTimeout(resolve, 200));
  const drained = Date.now();

  // The counts, from D1 and from what the provider recorded.
  const [{ stored, distinctPayloads }] = d1(
    "SELECT count(*) AS stored, count(DISTINCT payload) AS distinctPayloads FROM submissions",
  );
  const messages = d1("SELECT id, status, sent_at AS sentAt FROM outbox");
  // A request after the outbox recorded the message as sent, or one that overlapped another
  // request for it, is a second send of a message (a repeat after a lost answer is neither).
  const requestsByKey = new Map();
  for (const request of mail.requests) {
    if (!requestsByKey.has(request.key)) requestsByKey.set(request.key, []);
    requestsByKey.get(request.key).push(request);
  }
  const byStatus = {};
  let once = 0;
  let twice = 0;
  let waiting = 0;
  let repeats = 0;
  for (const { id, status, sentAt } of messages) {
    byStatus[status] = (byStatus[status] ?? 0) + 1;
    const requests = requestsByKey.get(id) ?? [];
    const afterSent = sentAt ? requests.filter((request) => request.at > Date.parse(sentAt)).length : 0;
    const doubles = requests.filter((request) => request.outcome === "double").length + afterSent;
    repeats += requests.filter((request) => request.outcome === "repeat").length;
    if (doubles > 0) twice++;
    else if (mail.deliveries.get(id) === 1) once++;
    else waiting++;
  }
  const known = new Set(messages.map(({ id }) => id));
  const strangers = [...mail.deliveries.keys()].filter((key) => !known.has(key)).length;
  const outcomes = {};
  for (const request of mail.requests) outcomes[request.outcome] = (outcomes[request.outcome] ?? 0) + 1;

  const doubled = stored - distinctPayloads;
  const figures = {
    "posts sent (distinct + replays)": `${queue.length} (${DISTINCT} + ${REPLAYS}; ${WITHOUT_KEY} distinct without a key)`,
    answers: JSON.stringify(Object.fromEntries(answers)),
    "submissions expected / stored / doubled": `${DISTINCT} / ${stored} / ${doubled}`,
    "e-mails queued (outbox rows)": `${messages.length} ${JSON.stringify(byStatus)}`,
    "delivered exactly once / twice / still waiting": `${once} / ${twice} / ${waiting}`,
    "provider requests": `${mail.requests.length} ${JSON.stringify(outcomes)}`,
    "repeats after a lost answer (dropped by the key)": repeats,
    "Cron runs fired (errors)": `${cronRuns} (${cronErrors})`,
    "posting / draining took": `${Math.round((postsDone - started) / 1000)} s / ${Math.round((drained - postsDone) / 1000)} s`,
  };
  if ((answers.get("success") ?? 0) !== queue.length)
    failures.push("some posts were not answered with success");
  if (stored !== DISTINCT) failures.push(`stored ${stored} submissions, expected ${DISTINCT}`);
  if (doubled !== 0) failures.push(`${doubled} submissions stored twice`);
  if (messages.length !== 2 * DISTINCT)
    failures.push(`queued ${messages.length} e-mails, expected ${2 * DISTINCT}`);
  if (twice !== 0) failures.push(`${twice} e-mails delivered more than once`);
  if (waiting !== 0) failures.push(`${waiting} e-mails never delivered`);
  if (strangers !== 0) failures.push(`${strangers} deliveries with an unknown key`);
  return { name: "forms and mail", figures, failures };
}
