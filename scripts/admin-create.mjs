// Creates an admin, or promotes an existing account, in the local D1 (default) or, with --remote,
// in the production environment's database (wrangler.toml [env.production]). Usage:
//   npm run admin:create -- --email you@example.org [--name 'Your Name'] [--remote]
// The password is typed at a hidden prompt (nothing echoes) or comes from ADMIN_PASSWORD; never on
// the command line, which npm prints and the shell keeps in its history. Left empty (or without a
// terminal and ADMIN_PASSWORD), an existing account is promoted and keeps its password (and its
// e-mail verification state). With one, the account's e-mail counts as verified: the maintainer
// vouches for the address and sets the only password (decision 013). The password is never printed.
import { spawnSync } from "node:child_process";
import { webcrypto as crypto } from "node:crypto";

// Same parameters as app/server/auth/password.server.ts (production Workers refuse more).
const PBKDF2_ITERATIONS = 100_000;
const SALT_BYTES = 16;
const PASSWORD_MIN_LENGTH = 10;
const PASSWORD_MAX_LENGTH = 128;

function option(name) {
  const index = process.argv.indexOf(`--${name}`);
  if (index === -1) return undefined;
  const value = process.argv[index + 1];
  return value && !value.startsWith("--") ? value : undefined;
}

function fail(message) {
  console.error(`admin:create: ${message}`);
  process.exit(1);
}

/**
 * Reads a line from the terminal without echoing it: raw mode turns the terminal's own echo off,
 * and nothing typed is written back.
 * @param {string} prompt
 * @returns {Promise<string>}
 */
function readHidden(prompt) {
  const { stdin, stdout } = process;
  // Echo off before the prompt shows, so even an answer typed the instant it appears stays hidden.
  stdin.setRawMode(true);
  stdin.setEncoding("utf8");
  stdin.resume();
  stdout.write(prompt);
  return new Promise((resolve) => {
    let typed = "";
    /** @param {string} chunk */
    const onData = (chunk) => {
      for (const char of chunk) {
        if (char === "\u0003") {
          stop();
          process.exit(130);
        } else if (char === "\r" || char === "\n" || char === "\u0004") {
          stop();
          resolve(typed);
          return;
        } else if (char === "\u007f" || char === "\b") typed = typed.slice(0, -1);
        else if (char >= " ") typed += char;
      }
    };
    const stop = () => {
      stdin.off("data", onData);
      stdin.setRawMode(false);
      stdin.pause();
      stdout.write("\n");
    };
    stdin.on("data", onData);
  });
}

/** ADMIN_PASSWORD, else what is typed (twice) at a hidden prompt; undefined to promote only. */
async function readPassword() {
  if (process.env.ADMIN_PASSWORD !== undefined) return process.env.ADMIN_PASSWORD;
  if (!process.stdin.isTTY) return undefined;
  const typed = await readHidden(
    `Password for ${email} (hidden; leave empty to promote an existing account and keep its password): `,
  );
  if (typed === "") return undefined;
  if ((await readHidden("The same password again: ")) !== typed) fail("the two passwords differ");
  return typed;
}

if (process.argv.some((arg) => arg === "--password" || arg.startsWith("--password="))) {
  fail(
    "--password is refused: npm prints the command line and the shell keeps it. Leave it out to type the password at a hidden prompt, or set ADMIN_PASSWORD.",
  );
}
const remote = process.argv.includes("--remote");
const email = option("email")?.trim().toLowerCase();
const name = option("name")?.trim() ?? "";
const persistTo = process.env.WRANGLER_PERSIST_TO ?? ".wrangler/state";

if (!email || !/^[^\s@'"]+@[^\s@'"]+\.[^\s@'"]+$/.test(email) || email.length > 254) {
  fail("give a valid --email");
}
if (name.length > 100) fail("the name is too long");
const password = await readPassword();
if (
  password !== undefined &&
  (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH)
) {
  fail(`the password must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`);
}

const toBase64 = (bytes) => Buffer.from(bytes).toString("base64");
const quote = (text) => `'${String(text).replace(/'/g, "''")}'`;

async function hashPassword(plain) {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(plain), "PBKDF2", false, [
    "deriveBits",
  ]);
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt, iterations: PBKDF2_ITERATIONS },
    key,
    256,
  );
  return { hash: toBase64(new Uint8Array(bits)), salt: toBase64(salt) };
}

function execute(sql) {
  const args = [
    "wrangler",
    "d1",
    "execute",
    "DB",
    // --remote means production: the top-level DB is the local one (wrangler.toml, docs/deploy.md).
    ...(remote ? ["--remote", "--env", "production"] : ["--local"]),
    "--json",
    "--command",
    sql,
  ];
  if (!remote) args.push("--persist-to", persistTo);
  const result = spawnSync("npx", args, {
    encoding: "utf8",
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: remote ? process.env.CI : "true" },
  });
  if (result.status !== 0) {
    // wrangler's message, without the SQL (it holds the hash).
    fail(`wrangler d1 execute failed: ${(result.stderr || result.stdout).split("\n").slice(-5).join("\n")}`);
  }
  try {
    const start = result.stdout.indexOf("[");
    return JSON.parse(result.stdout.slice(start));
  } catch {
    return [];
  }
}

const now = new Date().toISOString();
let changes = 0;
if (password === undefined) {
  const [result] = execute(
    `UPDATE users SET role = 'ADMIN', updated_at = ${quote(now)} WHERE email = ${quote(email)} RETURNING id;`,
  );
  // Local D1 does not report meta.changes; RETURNING says whether a row matched.
  changes = result?.results?.length ?? 0;
  if (changes === 0) fail(`no account for ${email}; type a password (or set ADMIN_PASSWORD) to create one`);
  console.log(`admin:create: ${email} is now an admin (${remote ? "remote" : persistTo}).`);
} else {
  const { hash, salt } = await hashPassword(password);
  execute(
    `INSERT INTO users (id, email, name, password_hash, password_salt, password_iterations, role, locale, email_verified_at, created_at, updated_at)
     VALUES (${quote(crypto.randomUUID())}, ${quote(email)}, ${quote(name)}, ${quote(hash)}, ${quote(salt)}, ${PBKDF2_ITERATIONS}, 'ADMIN', 'en', ${quote(now)}, ${quote(now)}, ${quote(now)})
     ON CONFLICT(email) DO UPDATE SET role = 'ADMIN', password_hash = excluded.password_hash,
       email_verified_at = COALESCE(users.email_verified_at, excluded.email_verified_at),
       password_salt = excluded.password_salt, password_iterations = excluded.password_iterations,
       name = CASE WHEN excluded.name <> '' THEN excluded.name ELSE users.name END, updated_at = excluded.updated_at;
     DELETE FROM sessions WHERE user_id = (SELECT id FROM users WHERE email = ${quote(email)});`,
  );
  console.log(
    `admin:create: ${email} is an admin with the given password (${remote ? "remote" : persistTo}).`,
  );
}
