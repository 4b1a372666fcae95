// The Stripe phase of the reliability run: builds a set of gifts (one-time and monthly; some
// refunded in part or in full, some disputed, some subscriptions changed in Stripe), sends the
// events Stripe would send for them to the site's webhook, signed as Stripe signs them, in a
// shuffled order with duplicates and several at once, then checks in D1 that every gift is
// recorded once and that the totals are what the ledger rule of decision 017 says they must be.
// The events are self-contained: the webhook needs no call to the Stripe API to process them.
import Stripe from "stripe";

const signer = new Stripe("sk_test_reliability");
const CONCURRENCY = 6;
const DUPLICATE_SHARE = 0.3;
const MAX_ATTEMPTS = 5;

/** A small seeded generator, so a failing run can be replayed with its seed. */
function generator(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    integer: (min, max) => min + Math.floor(next() * (max - min + 1)),
    shuffle(items) {
      for (let index = items.length - 1; index > 0; index--) {
        const other = Math.floor(next() * (index + 1));
        [items[index], items[other]] = [items[other], items[index]];
      }
      return items;
    },
  };
}

/** `wrangler d1 execute --json` answers [{ results: [...] }]; a runner may already unwrap it. */
function rowsOf(answer) {
  if (Array.isArray(answer) && answer.length > 0 && Array.isArray(answer[0]?.results))
    return answer.flatMap((part) => part.results);
  return Array.isArray(answer) ? answer : [];
}

/**
 * What the gifts must count for: the rule of app/server/donations/ledger.server.ts, written
 * again here as SQL so the check does not trust the code it checks.
 */
const COUNTED_SQL = `case when status = 'succeeded' and (dispute_status is null or dispute_status not in ('open', 'lost'))
  and amount_cents > refunded_cents then amount_cents - refunded_cents else 0 end`;

export async function stripePhase({
  siteUrl,
  webhookSecret = "whsec_test_local_stripe_server",
  query,
  log,
  seed,
}) {
  const runSeed = seed ?? Date.now() % 2_147_483_647;
  const random = generator(runSeed);
  const run = `r${runSeed.toString(36)}`;
  const domain = `${run}.reliability.test`;
  const webhookUrl = new URL("/api/v1/stripe/webhook", siteUrl).toString();
  const baseTime = Math.floor(Date.now() / 1000) - 3600;
  log(`stripe: run ${run} (seed ${runSeed})`);

  const attempts = [];
  const events = [];
  /** Expected state per payment (PaymentIntent) and per subscription. */
  const payments = new Map();
  const subscriptions = new Map();
  let eventCount = 0;
  const event = (type, object, created = baseTime) => {
    events.push({
      id: `evt_${run}_${++eventCount}`,
      object: "event",
      api_version: Stripe.API_VERSION,
      created,
      livemode: false,
      type,
      data: { object },
    });
  };
  const attempt = (index, frequency, amountCents, feeCents) => {
    const id = `${run}-attempt-${index}`;
    attempts.push({ id, frequency, amountCents, feeCents, email: `donor-${index}@${domain}` });
    return id;
  };

  /** Refunds (running totals, as Stripe sends them) and a dispute for one payment, as chosen. */
  function adjustments(paymentIntent, amount, plan) {
    const expected = payments.get(paymentIntent);
    const charge = `ch_${paymentIntent.slice(3)}`;
    if (plan.refunds) {
      let total = 0;
      for (const part of plan.refunds) {
        total = Math.min(amount, total + part);
        event("charge.refunded", {
          id: charge,
          object: "charge",
          amount,
          amount_refunded: total,
          refunded: total >= amount,
          payment_intent: paymentIntent,
        });
      }
      expected.refunded = total;
    }
    if (plan.dispute) {
      const dispute = {
        id: `dp_${paymentIntent.slice(3)}`,
        object: "dispute",
        amount,
        charge,
        payment_intent: paymentIntent,
      };
      event("charge.dispute.created", { ...dispute, status: "needs_response" });
      if (plan.dispute !== "open") event("charge.dispute.closed", { ...dispute, status: plan.dispute });
      expected.dispute = plan.dispute;
    }
  }

  // What happens to each one-time gift, in turn: nothing, refunds in part, in full, disputes.
  const oneTimePlans = [
    {},
    { refunds: [0.3] },
    {},
    { refunds: [0.2, 0.25] },
    { refunds: [1] },
    { dispute: "open" },
    { dispute: "won" },
    {},
    { dispute: "lost" },
    { refunds: [0.5], dispute: "lost" },
  ];
  const ONE_TIME = 30;
  for (let index = 0; index < ONE_TIME; index++) {
    const amountCents = random.integer(5, 500) * 100 + (index % 3 === 0 ? random.integer(1, 99) : 0);
    const feeCents = index % 4 === 0 ? Math.ceil((amountCents + 30) / 0.971) - amountCents : 0;
    const total = amountCents + feeCents;
    const attemptId = attempt(index, "one-time", amountCents, feeCents);
    const paymentIntent = `pi_${run}_${index}`;
    payments.set(paymentIntent, { amount: total, refunded: 0, dispute: null });
    event("checkout.session.completed", {
      id: `cs_${run}_${index}`,
      object: "checkout.session",
      mode: "payment",
      status: "complete",
      payment_status: "paid",
      amount_total: total,
      currency: "usd",
      customer: `cus_${run}_${index}`,
      payment_intent: paymentIntent,
      metadata: { attempt_id: attemptId },
    });
    const plan = oneTimePlans[index % oneTimePlans.length];
    adjustments(paymentIntent, total, {
      ...plan,
      refunds: plan.refunds?.map((share) => Math.max(1, Math.round(total * share))),
    });
  }

  // Monthly gifts: one to three payments each, and changes made in Stripe's portal.
  const MONTHLY = 10;
  for (let index = ONE_TIME; index < ONE_TIME + MONTHLY; index++) {
    const amountCents = random.integer(5, 200) * 100;
    const attemptId = attempt(index, "monthly", amountCents, 0);
    const subscriptionId = `sub_${run}_${index}`;
    const customer = `cus_${run}_${index}`;
    const step = index - ONE_TIME;
    event("checkout.session.completed", {
      id: `cs_${run}_${index}`,
      object: "checkout.session",
      mode: "subscription",
      status: "complete",
      payment_status: "paid",
      amount_total: amountCents,
      currency: "usd",
      customer,
      subscription: subscriptionId,
      metadata: { attempt_id: attemptId },
    });
    const subscription = {
      id: subscriptionId,
      object: "subscription",
      customer,
      status: "active",
      metadata: { attempt_id: attemptId },
      cancel_at_period_end: false,
      cancel_at: null,
      pause_collection: null,
      items: {
        object: "list",
        data: [{ id: `si_${run}_${index}`, quantity: 1, price: { unit_amount: amountCents } }],
      },
    };
    const expected = { amount: amountCents, status: "active", cancelAtPeriodEnd: false };
    // Changes, each a newer event than the one before (Stripe's `created`).
    let changedAt = baseTime;
    const change = (fields, type = "customer.subscription.updated") => {
      Object.assign(subscription, fields);
      changedAt += 60;
      event(type, structuredClone(subscription), changedAt);
    };
    let monthlyAmount = amountCents;
    if (step % 2 === 1) {
      monthlyAmount = amountCents + random.integer(1, 50) * 100;
      change({
        items: {
          ...subscription.items,
          data: [{ ...subscription.items.data[0], price: { unit_amount: monthlyAmount } }],
        },
      });
      expected.amount = monthlyAmount;
    }
    if (step % 3 === 1) {
      change({ cancel_at_period_end: true });
      expected.cancelAtPeriodEnd = true;
    }
    if (step % 4 === 2) {
      change({ pause_collection: { behavior: "void", resumes_at: null } });
      expected.status = "paused";
    }
    if (step === MONTHLY - 1) {
      change({ status: "canceled" }, "customer.subscription.deleted");
      expected.status = "canceled";
    }
    subscriptions.set(subscriptionId, expected);
    const invoices = 1 + (step % 3);
    for (let month = 0; month < invoices; month++) {
      const paid = month === 0 ? amountCents : monthlyAmount;
      const paymentIntent = `pi_${run}_${index}_${month}`;
      payments.set(paymentIntent, { amount: paid, refunded: 0, dispute: null });
      event("invoice.paid", {
        id: `in_${run}_${index}_${month}`,
        object: "invoice",
        customer,
        currency: "usd",
        amount_paid: paid,
        amount_due: paid,
        billing_reason: month === 0 ? "subscription_create" : "subscription_cycle",
        status: "paid",
        status_transitions: { paid_at: baseTime + month * 60 },
        parent: {
          type: "subscription_details",
          subscription_details: { subscription: subscriptionId, metadata: { attempt_id: attemptId } },
        },
        payments: {
          object: "list",
          data: [{ payment: { type: "payment_intent", payment_intent: paymentIntent } }],
        },
      });
      if (month === 1 && step % 2 === 0)
        adjustments(paymentIntent, paid, { refunds: [Math.round(paid / 4)] });
    }
  }

  // Sessions left unpaid expire.
  const EXPIRED = 4;
  const expiredAttempts = [];
  for (let index = ONE_TIME + MONTHLY; index < ONE_TIME + MONTHLY + EXPIRED; index++) {
    const attemptId = attempt(index, "one-time", 2500, 0);
    expiredAttempts.push(attemptId);
    event("checkout.session.expired", {
      id: `cs_${run}_${index}`,
      object: "checkout.session",
      mode: "payment",
      status: "expired",
      metadata: { attempt_id: attemptId },
    });
  }

  // What the donate form writes before the donor leaves for Checkout.
  const values = attempts
    .map(
      (row) =>
        `('${row.id}', '${row.frequency}', ${row.amountCents}, ${row.feeCents}, 'usd', 'Reliability', 'Donor', '${row.email}', 'en', 0, 'open')`,
    )
    .join(", ");
  await query(
    `INSERT INTO donation_attempts (id, frequency, amount_cents, fee_cents, currency, first_name, last_name, email, locale, anonymous, status) VALUES ${values}`,
  );

  // Deliveries: every event, a share twice, shuffled, several at once; a failure is retried
  // as Stripe retries it.
  const deliveries = random.shuffle([...events, ...events.filter(() => random.next() < DUPLICATE_SHARE)]);
  const answers = { ok: 0, duplicate: 0, retried: 0, failed: 0 };
  async function deliver(item) {
    const payload = JSON.stringify(item);
    for (let attemptNumber = 1; attemptNumber <= MAX_ATTEMPTS; attemptNumber++) {
      const signature = await signer.webhooks.generateTestHeaderStringAsync({
        payload,
        secret: webhookSecret,
      });
      const response = await fetch(webhookUrl, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
        body: payload,
      }).catch((error) => ({ ok: false, status: 0, text: async () => String(error) }));
      const body = await response.text();
      if (response.ok) {
        answers[body === "duplicate" ? "duplicate" : "ok"]++;
        return;
      }
      answers.retried++;
      await new Promise((resolve) => setTimeout(resolve, 100 * attemptNumber));
    }
    answers.failed++;
    log(`stripe: ${item.type} ${item.id} failed ${MAX_ATTEMPTS} times`);
  }
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < deliveries.length) await deliver(deliveries[next++]);
    }),
  );
  log(
    `stripe: ${deliveries.length} deliveries of ${events.length} events: ${answers.ok} processed, ${answers.duplicate} duplicates, ${answers.retried} retries, ${answers.failed} failed`,
  );

  // The checks.
  const counts = (expected) =>
    !expected.dispute || expected.dispute === "won" ? Math.max(0, expected.amount - expected.refunded) : 0;
  const totalExpectedCents = [...payments.values()].reduce((sum, expected) => sum + counts(expected), 0);
  const recorded = rowsOf(
    await query(
      `SELECT stripe_payment_intent_id AS pi, amount_cents, refunded_cents, status, dispute_status, ${COUNTED_SQL} AS counted
       FROM donations WHERE donor_email LIKE '%@${domain}'`,
    ),
  );
  const totalComputedCents = recorded.reduce((sum, row) => sum + Number(row.counted), 0);
  const problems = [];
  const seen = new Map();
  for (const row of recorded) seen.set(row.pi, (seen.get(row.pi) ?? 0) + 1);
  for (const [paymentIntent, expected] of payments) {
    const rows = recorded.filter((row) => row.pi === paymentIntent);
    if (rows.length !== 1) {
      problems.push(`${paymentIntent}: ${rows.length} rows`);
      continue;
    }
    const [row] = rows;
    const fullyRefunded = expected.refunded >= expected.amount;
    if (
      Number(row.amount_cents) !== expected.amount ||
      Number(row.refunded_cents) !== expected.refunded ||
      row.status !== (fullyRefunded ? "refunded" : "succeeded") ||
      (row.dispute_status ?? null) !== expected.dispute ||
      Number(row.counted) !== counts(expected)
    )
      problems.push(`${paymentIntent}: expected ${JSON.stringify(expected)}, found ${JSON.stringify(row)}`);
  }
  const gifts = rowsOf(
    await query(
      `SELECT stripe_subscription_id AS id, amount_cents, status, cancel_at_period_end FROM recurring_gifts WHERE donor_email LIKE '%@${domain}'`,
    ),
  );
  for (const [id, expected] of subscriptions) {
    const rows = gifts.filter((gift) => gift.id === id);
    const [gift] = rows;
    if (
      rows.length !== 1 ||
      Number(gift.amount_cents) !== expected.amount ||
      gift.status !== expected.status ||
      Boolean(Number(gift.cancel_at_period_end)) !== expected.cancelAtPeriodEnd
    )
      problems.push(`${id}: expected ${JSON.stringify(expected)}, found ${JSON.stringify(rows)}`);
  }
  const expired = rowsOf(
    await query(
      `SELECT count(*) AS n FROM donation_attempts WHERE status = 'expired' AND id IN (${expiredAttempts.map((id) => `'${id}'`).join(", ")})`,
    ),
  );
  if (Number(expired[0]?.n) !== expiredAttempts.length)
    problems.push(`expired attempts: ${expired[0]?.n} of ${expiredAttempts.length}`);
  for (const problem of problems.slice(0, 20)) log(`stripe: ${problem}`);

  const result = {
    eventsSent: deliveries.length,
    giftsExpected: payments.size,
    giftsRecorded: recorded.length,
    totalExpectedCents,
    totalComputedCents,
    ok:
      answers.failed === 0 &&
      problems.length === 0 &&
      recorded.length === payments.size &&
      totalExpectedCents === totalComputedCents,
  };
  log(`stripe: ${JSON.stringify(result)}`);
  return result;
}

/** The phase as `run.mjs` runs it: the site's origin and its D1, figures and failures back. */
export async function stripeEventsPhase({ origin, d1 }) {
  const result = await stripePhase({ siteUrl: origin, query: async (sql) => d1(sql), log: console.log });
  const figures = {
    "Stripe events sent (with duplicates)": result.eventsSent,
    "gifts expected / recorded": `${result.giftsExpected} / ${result.giftsRecorded}`,
    "total expected / computed (cents)": `${result.totalExpectedCents} / ${result.totalComputedCents}`,
  };
  return {
    name: "stripe events",
    figures,
    failures: result.ok ? [] : ["the ledger does not add up (see above)"],
  };
}
