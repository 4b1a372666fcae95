/**
 * The Worker's bindings, variables and secrets: the one way app code reads configuration
 * (docs/decisions/051-one-list-and-a-ground-floor.md). Cloudflare's importable `env` is the same
 * object in a request, the Cron Trigger and the e-mail handler, so nothing passes it through the
 * request context; this module is the only one that imports the platform's module (ESLint).
 */
export { env } from "cloudflare:workers";
