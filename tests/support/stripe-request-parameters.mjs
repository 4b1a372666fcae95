// Writes tests/fixtures/stripe/request-parameters.json: for each endpoint the local Stripe server
// implements, the tree of parameter names its request type allows in the installed `stripe`
// package (`*` for any key, `true` for a value). Run after bumping `stripe`:
//   node tests/support/stripe-request-parameters.mjs
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const ENDPOINTS = {
  "POST /v1/checkout/sessions": "Stripe.Checkout.SessionCreateParams",
  "GET /v1/checkout/sessions/{id}": "Stripe.Checkout.SessionRetrieveParams",
  "POST /v1/checkout/sessions/{id}/expire": "Stripe.Checkout.SessionExpireParams",
  "POST /v1/customers": "Stripe.CustomerCreateParams",
  "GET /v1/customers/{id}": "Stripe.CustomerRetrieveParams",
  "GET /v1/subscriptions/{id}": "Stripe.SubscriptionRetrieveParams",
  "POST /v1/subscriptions/{id}": "Stripe.SubscriptionUpdateParams",
  "DELETE /v1/subscriptions/{id}": "Stripe.SubscriptionCancelParams",
  "GET /v1/invoice_payments": "Stripe.InvoicePaymentListParams",
  "POST /v1/refunds": "Stripe.RefundCreateParams",
  "GET /v1/charges/{id}": "Stripe.ChargeRetrieveParams",
  "POST /v1/billing_portal/sessions": "Stripe.BillingPortal.SessionCreateParams",
  "GET /v1/webhook_endpoints": "Stripe.WebhookEndpointListParams",
  "POST /v1/webhook_endpoints": "Stripe.WebhookEndpointCreateParams",
  "POST /v1/webhook_endpoints/{id}": "Stripe.WebhookEndpointUpdateParams",
};

const root = fileURLToPath(new URL("../../", import.meta.url));
const file = `${root}stripe-request-parameters.virtual.ts`;
const source = `import type Stripe from "stripe";\nexport type Params = {\n${Object.entries(ENDPOINTS)
  .map(([key, type]) => `  ${JSON.stringify(key)}: ${type};`)
  .join("\n")}\n};\n`;
const options = {
  strict: true,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  target: ts.ScriptTarget.ES2022,
  types: [],
};
const host = ts.createCompilerHost(options);
const readFile = host.readFile.bind(host);
const fileExists = host.fileExists.bind(host);
host.readFile = (name) => (name === file ? source : readFile(name));
host.fileExists = (name) => name === file || fileExists(name);
const getSourceFile = host.getSourceFile.bind(host);
host.getSourceFile = (name, version) =>
  name === file ? ts.createSourceFile(name, source, version) : getSourceFile(name, version);
const program = ts.createProgram([file], options, host);
const checker = program.getTypeChecker();
const params = program
  .getSourceFile(file)
  .statements.find((statement) => ts.isTypeAliasDeclaration(statement));

function merge(trees) {
  const out = {};
  for (const tree of trees)
    for (const [key, value] of Object.entries(tree))
      out[key] =
        typeof out[key] === "object" && typeof value === "object"
          ? merge([out[key], value])
          : (out[key] ?? value);
  return out;
}

/** The names a type allows: an object's properties, an array's items, a union's members merged. */
function tree(type, depth, seen) {
  if (depth > 8) return true;
  if (type.isUnion()) {
    const objects = type.types.map((member) => tree(member, depth, seen)).filter((part) => part !== true);
    return objects.length === 0 ? true : merge(objects);
  }
  if (checker.isArrayType(type)) return tree(checker.getTypeArguments(type)[0], depth + 1, seen);
  if (!(type.flags & ts.TypeFlags.Object) || seen.has(type)) return true;
  const properties = checker.getPropertiesOfType(type);
  const indexed = checker.getIndexInfosOfType(type).length > 0;
  if (properties.length === 0 && !indexed) return true;
  const next = new Set(seen).add(type);
  const out = {};
  for (const property of properties)
    out[property.name] = tree(checker.getNonNullableType(checker.getTypeOfSymbol(property)), depth + 1, next);
  if (indexed) out["*"] = true;
  return out;
}

const result = {};
for (const endpoint of checker.getPropertiesOfType(checker.getTypeAtLocation(params.name)))
  result[endpoint.name] = tree(checker.getTypeOfSymbol(endpoint), 0, new Set());
writeFileSync(`${root}tests/fixtures/stripe/request-parameters.json`, `${JSON.stringify(result, null, 2)}\n`);
