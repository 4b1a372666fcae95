import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const ONE_WAY_TO_CONFIGURATION = {
  name: "cloudflare:workers",
  message: "Read configuration as `env` from app/server/kernel/env.server.ts (decision 051).",
};

export default tseslint.config(
  {
    ignores: [
      "build/",
      "bench/floor/build/",
      "bench/floor/.react-router/",
      ".react-router/",
      ".wrangler/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "worker-configuration.d.ts",
      "scripts/.*",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  jsxA11y.flatConfigs.strict,
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "jsx-a11y/no-autofocus": ["error", { ignoreNonDOM: true }],
      "jsx-a11y/label-has-associated-control": ["error", { depth: 3 }],
    },
  },
  {
    // Configuration is read one way (decision 051): `env` from app/server/kernel/env.server.ts, the
    // only module that imports the platform's.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/server/kernel/env.server.ts"],
    rules: { "no-restricted-imports": ["error", { paths: [ONE_WAY_TO_CONFIGURATION] }] },
  },
  {
    // The server's floors (docs/architecture.md, Layout; decision 051): the kernel and the database
    // are the ground floor and import nothing above them; the records' plumbing (audit, lists, CSV)
    // stands on them; nothing but the back office itself (and the Cron dispatcher) imports admin/.
    files: ["app/server/kernel/**/*.server.ts", "app/server/db/**/*.server.ts"],
    ignores: ["app/server/kernel/env.server.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [ONE_WAY_TO_CONFIGURATION],
          patterns: [
            {
              regex: "^(\\.\\./(?!kernel/|db/)|~/server/(?!kernel/|db/))",
              message: "The kernel is the ground floor: pass it what it needs, or move the piece down.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/server/records/**/*.server.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [ONE_WAY_TO_CONFIGURATION],
          patterns: [
            {
              regex: "^(\\.\\./(?!kernel/|db/)|~/server/(?!kernel/|db/|records/))",
              message: "The records' plumbing stands on the kernel and the database only.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/server/**/*.server.ts"],
    ignores: [
      "app/server/admin/**",
      "app/server/kernel/**",
      "app/server/db/**",
      "app/server/records/**",
      "app/server/scheduled.server.ts",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [ONE_WAY_TO_CONFIGURATION],
          patterns: [
            {
              regex: "^(\\.\\.?/|~/server/)admin/",
              message: "admin/ is the top floor; shared plumbing lives in app/server/records/.",
            },
          ],
        },
      ],
    },
  },
);
