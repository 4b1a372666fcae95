import type { TestProject } from "vitest/node";
import { unstable_readConfig } from "wrangler";
import { deploySettings } from "../../scripts/deploy/check.mjs";
import "./deploy-settings";

/** vitest globalSetup: the committed wrangler.toml, read as scripts/deploy.mjs reads it. */
export default function setup(project: TestProject) {
  project.provide("committedDeploySettings", {
    production: deploySettings(unstable_readConfig({ config: "wrangler.toml", env: "production" })),
    local: deploySettings(unstable_readConfig({ config: "wrangler.toml" })),
  });
}
