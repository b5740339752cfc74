import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A small stand-in for the Stripe API on 127.0.0.1, speaking its wire format (form-encoded
 * requests, JSON objects of API version 2025-03-31 and later, `{ error: { type, code,
 * message } }` failures, Idempotency-Key replays). It knows Stripe's test PaymentMethods:
 * pm_card_visa pays, pm_card_chargeDeclined cannot be attached, pm_card_chargeCustomerFail
 * attaches but its charges fail, pm_card_authenticationRequired needs 3-D Secure.
 * Every change is kept as an event, for the test to deliver (signed) in any order.
 */

type Json = Record<string, unknown>;
type Params = Record<string, unknown>;

interface FakeSubscription {
  id: string;
  customer: string;
  status: string;
  price: string;
  itemId: string;
  paymentMethod: string;
  periodStart: number;
  periodEnd: number;
  cancelAtPeriodEnd: boolean;
  canceledAt: number | null;
  metadata: Record<string, string>;
  latestInvoice: string;
}

interface FakeInvoice {
  id: string;
  customer: string;
  subscription: string;
  status: 'paid' | 'open' | 'void';
  amountDue: number;
  amountPaid: number;
  billingReason: string;
  paymentIntent: string;
}

interface FakeIntent {
  id: string;
  invoice: string;
  status: string;
  clientSecret: string;
  lastError: { code: string; message: string } | null;
}

export interface FakeStripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Unit amounts of the prices, in cents. */
  prices: Record<string, number>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);
const month = 30 * 24 * 3600;

/** Parses Stripe's form encoding (`items[0][price]=x&expand[0]=y`) into nested objects. */
export function parseForm(body: string): Params {
  const root: Params = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let node: Params = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) {
        node[part] = value;
        return;
      }
      node[part] ??= {};
      node = node[part] as Params;
    });
  }
  return root;
}

const listOf = (value: unknown): string[] =>
  value && typeof value === 'object' ? Object.values(value as Params).map(String) : [];

class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(String((body.error as Json | undefined)?.message ?? 'error'));
  }
}

const cardError = (code: string, message: string, declineCode = code) =>
  new StripeFailure(402, {
    error: { type: 'card_error', code, decline_code: declineCode, message },
  });
const missing = (what: string, value: string) =>
  new StripeFailure(404, {
    error: {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such ${what}: '${value}'`,
    },
  });

export class FakeStripe {
  readonly customers = new Map<string, Json>();
  readonly subscriptions = new Map<string, FakeSubscription>();
  readonly invoices = new Map<string, FakeInvoice>();
  readonly intents = new Map<string, FakeIntent>();
  readonly attached = new Map<string, string>();
  /** Every event, oldest first. */
  readonly events: Stripe.Event[] = [];
  /** How many requests reached each `METHOD /path` (after idempotent replays are answered). */
  readonly calls: string[] = [];
  /** Answers the next N requests with a 500, as during an outage. */
  failNext = 0;
  private readonly replays = new Map<string, { status: number; body: Json }>();
  private server: Server | undefined;
  private readonly signer = new Stripe('sk_test_signer');

  constructor(private readonly options: FakeStripeOptions) {}

  async start(): Promise<URL> {
    this.server = createServer((request, response) => {
      void this.handle(request, response);
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    return new URL(`http://127.0.0.1:${port}`);
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.server?.closeAllConnections();
      this.server?.close(() => resolve());
    });
  }

  /** The body and Stripe-Signature header of a delivery of `event`. */
  signed(
    event: Stripe.Event,
    options: { secret?: string; timestamp?: number } = {},
  ): { payload: string; signature: string } {
    const payload = JSON.stringify(event);
    const signature = this.signer.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? this.options.webhookSecret,
      ...(options.timestamp ? { timestamp: options.timestamp } : {}),
    });
    return { payload, signature };
  }

  lastEvent(type: string): Stripe.Event {
    const event = [...this.events].reverse().find((candidate) => candidate.type === type);
    if (!event) throw new Error(`no ${type} event`);
    return event;
  }

  /** The card holder passed 3-D Secure in the browser (Stripe.js confirmCardPayment). */
  completeAuthentication(intentId: string): void {
    const intent = this.must(this.intents, intentId, 'payment_intent');
    const invoice = this.must(this.invoices, intent.invoice, 'invoice');
    const subscription = this.must(this.subscriptions, invoice.subscription, 'subscription');
    intent.status = 'succeeded';
    this.markPaid(invoice);
    subscription.status = 'active';
    this.emit('customer.subscription.updated', this.subscriptionJson(subscription));
  }

  /** Stripe renews at the period end: a new invoice, paid or failed, and a new period. */
  renew(subscriptionId: string): void {
    const subscription = this.must(this.subscriptions, subscriptionId, 'subscription');
    if (subscription.cancelAtPeriodEnd) {
      subscription.status = 'canceled';
      subscription.canceledAt = now();
      this.emit('customer.subscription.deleted', this.subscriptionJson(subscription));
      return;
    }
    const invoice = this.createInvoice(
      subscription,
      'subscription_cycle',
      this.priceOf(subscription.price),
    );
    if (this.charge(subscription.paymentMethod, invoice)) {
      subscription.periodStart = subscription.periodEnd;
      subscription.periodEnd += month;
      subscription.status = 'active';
    } else {
      subscription.status = 'past_due';
      this.emit('invoice.payment_failed', this.invoiceJson(invoice));
    }
    this.emit('customer.subscription.updated', this.subscriptionJson(subscription));
  }

  /** The renewing card stops working (as pm_card_chargeCustomerFail does). */
  breakCard(subscriptionId: string): void {
    this.must(this.subscriptions, subscriptionId, 'subscription').paymentMethod =
      'pm_card_chargeCustomerFail';
  }

  /** Someone cancels the subscription in Stripe's dashboard. */
  cancelInDashboard(subscriptionId: string): void {
    const subscription = this.must(this.subscriptions, subscriptionId, 'subscription');
    subscription.status = 'canceled';
    subscription.canceledAt = now();
    this.emit('customer.subscription.deleted', this.subscriptionJson(subscription));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = parseForm(Buffer.concat(chunks).toString('utf8'));
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const query = parseForm(url.search.slice(1));
    const send = (status: number, json: Json) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      response.end(JSON.stringify(json));
    };
    if (request.headers.authorization !== `Bearer ${this.options.secretKey}`) {
      send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      return;
    }
    const key = request.headers['idempotency-key'];
    const replayKey = typeof key === 'string' ? `${request.method} ${url.pathname} ${key}` : null;
    const replay = replayKey ? this.replays.get(replayKey) : undefined;
    if (replay) {
      send(replay.status, replay.body);
      return;
    }
    if (this.failNext > 0) {
      this.failNext -= 1;
      response.setHeader('stripe-should-retry', 'false');
      send(500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
      return;
    }
    this.calls.push(`${request.method} ${url.pathname}`);
    let answer: { status: number; body: Json };
    try {
      answer = {
        status: 200,
        body: this.route(request.method ?? 'GET', url.pathname, { ...query, ...body }),
      };
    } catch (error) {
      if (!(error instanceof StripeFailure)) throw error;
      answer = { status: error.status, body: error.body };
    }
    if (replayKey) this.replays.set(replayKey, answer);
    send(answer.status, answer.body);
  }

  private route(method: string, path: string, params: Params): Json {
    const parts = path.split('/').filter(Boolean);
    const [version, resource, objectId, action] = parts;
    if (version !== 'v1') throw missing('path', path);
    const expand = listOf(params.expand);
    if (resource === 'customers' && method === 'POST' && !objectId)
      return this.createCustomer(params);
    if (resource === 'payment_methods' && objectId && action === 'attach') {
      return this.attach(objectId, String(params.customer));
    }
    if (resource === 'subscriptions') {
      if (method === 'POST' && !objectId) return this.createSubscription(params, expand);
      if (!objectId) throw missing('path', path);
      const subscription = this.must(this.subscriptions, objectId, 'subscription');
      if (method === 'GET') return this.subscriptionJson(subscription, expand);
      if (method === 'DELETE') {
        subscription.status = 'canceled';
        subscription.canceledAt = now();
        this.emit('customer.subscription.deleted', this.subscriptionJson(subscription));
        return this.subscriptionJson(subscription, expand);
      }
      if (method === 'POST') return this.updateSubscription(subscription, params, expand);
    }
    if (resource === 'invoices' && objectId && method === 'GET') {
      return this.invoiceJson(this.must(this.invoices, objectId, 'invoice'), expand);
    }
    if (resource === 'payment_intents' && objectId && method === 'GET') {
      return this.intentJson(this.must(this.intents, objectId, 'payment_intent'));
    }
    throw missing('path', path);
  }

  private createCustomer(params: Params): Json {
    const customer = {
      id: id('cus'),
      object: 'customer',
      email: params.email ?? null,
      name: params.name ?? null,
      metadata: params.metadata ?? {},
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  private attach(paymentMethod: string, customer: string): Json {
    this.must(this.customers, customer, 'customer');
    if (paymentMethod === 'pm_card_chargeDeclined') {
      throw cardError('card_declined', 'Your card was declined.', 'generic_decline');
    }
    if (paymentMethod === 'pm_card_chargeDeclinedInsufficientFunds') {
      throw cardError('card_declined', 'Your card has insufficient funds.', 'insufficient_funds');
    }
    if (!paymentMethod.startsWith('pm_card_')) throw missing('PaymentMethod', paymentMethod);
    this.attached.set(paymentMethod, customer);
    return { id: paymentMethod, object: 'payment_method', type: 'card', customer };
  }

  private createSubscription(params: Params, expand: string[]): Json {
    const customer = String(params.customer);
    this.must(this.customers, customer, 'customer');
    const items = (params.items ?? {}) as Record<string, Params>;
    const price = String(items['0']?.price ?? '');
    if (!(price in this.options.prices)) throw missing('price', price);
    const paymentMethod = String(params.default_payment_method ?? '');
    if (this.attached.get(paymentMethod) !== customer) {
      throw new StripeFailure(400, {
        error: {
          type: 'invalid_request_error',
          message: 'The customer does not have a payment method with the ID given.',
        },
      });
    }
    const start = now();
    const subscription: FakeSubscription = {
      id: id('sub'),
      customer,
      status: 'incomplete',
      price,
      itemId: id('si'),
      paymentMethod,
      periodStart: start,
      periodEnd: start + month,
      cancelAtPeriodEnd: false,
      canceledAt: null,
      metadata: { ...((params.metadata as Record<string, string>) ?? {}) },
      latestInvoice: '',
    };
    this.subscriptions.set(subscription.id, subscription);
    const invoice = this.createInvoice(subscription, 'subscription_create', this.priceOf(price));
    if (this.charge(paymentMethod, invoice)) subscription.status = 'active';
    this.emit('customer.subscription.created', this.subscriptionJson(subscription));
    return this.subscriptionJson(subscription, expand);
  }

  private updateSubscription(
    subscription: FakeSubscription,
    params: Params,
    expand: string[],
  ): Json {
    if (params.cancel_at_period_end !== undefined) {
      subscription.cancelAtPeriodEnd = params.cancel_at_period_end === 'true';
    }
    if (params.metadata) {
      Object.assign(subscription.metadata, params.metadata);
    }
    const items = params.items as Record<string, Params> | undefined;
    const price = items?.['0']?.price;
    if (typeof price === 'string' && price !== subscription.price) {
      if (!(price in this.options.prices)) throw missing('price', price);
      const left =
        (subscription.periodEnd - now()) / (subscription.periodEnd - subscription.periodStart);
      const difference = Math.round(
        (this.priceOf(price) - this.priceOf(subscription.price)) * left,
      );
      const invoice = this.createInvoice(
        subscription,
        'subscription_update',
        Math.max(0, difference),
      );
      if (!this.charge(subscription.paymentMethod, invoice)) {
        throw cardError('card_declined', 'Your card was declined.');
      }
      subscription.price = price;
    }
    this.emit('customer.subscription.updated', this.subscriptionJson(subscription));
    return this.subscriptionJson(subscription, expand);
  }

  private createInvoice(
    subscription: FakeSubscription,
    reason: string,
    amount: number,
  ): FakeInvoice {
    const invoice: FakeInvoice = {
      id: id('in'),
      customer: subscription.customer,
      subscription: subscription.id,
      status: 'open',
      amountDue: amount,
      amountPaid: 0,
      billingReason: reason,
      paymentIntent: id('pi'),
    };
    this.invoices.set(invoice.id, invoice);
    this.intents.set(invoice.paymentIntent, {
      id: invoice.paymentIntent,
      invoice: invoice.id,
      status: 'requires_confirmation',
      clientSecret: `${invoice.paymentIntent}_secret_${randomBytes(6).toString('hex')}`,
      lastError: null,
    });
    subscription.latestInvoice = invoice.id;
    return invoice;
  }

  /** Charges an invoice with a card; false when it did not go through (yet). */
  private charge(paymentMethod: string, invoice: FakeInvoice): boolean {
    const intent = this.must(this.intents, invoice.paymentIntent, 'payment_intent');
    if (
      paymentMethod === 'pm_card_authenticationRequired' &&
      invoice.billingReason === 'subscription_create'
    ) {
      intent.status = 'requires_action';
      return false;
    }
    if (paymentMethod === 'pm_card_chargeCustomerFail') {
      intent.status = 'requires_payment_method';
      intent.lastError = { code: 'card_declined', message: 'Your card was declined.' };
      return false;
    }
    intent.status = 'succeeded';
    this.markPaid(invoice);
    return true;
  }

  private markPaid(invoice: FakeInvoice): void {
    invoice.status = 'paid';
    invoice.amountPaid = invoice.amountDue;
    this.emit('invoice.paid', this.invoiceJson(invoice));
  }

  private priceOf(price: string): number {
    const amount = this.options.prices[price];
    if (amount === undefined) throw missing('price', price);
    return amount;
  }

  private must<T>(map: Map<string, T>, key: string, what: string): T {
    const value = map.get(key);
    if (!value) throw missing(what, key);
    return value;
  }

  private emit(type: string, object: Json): void {
    this.events.push({
      id: id('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: structuredClone(object) },
    } as unknown as Stripe.Event);
  }

  subscriptionJson(subscription: FakeSubscription, expand: string[] = []): Json {
    const wantsInvoice = expand.some((path) => path.startsWith('latest_invoice'));
    const invoice = this.invoices.get(subscription.latestInvoice);
    return {
      id: subscription.id,
      object: 'subscription',
      customer: subscription.customer,
      status: subscription.status,
      cancel_at_period_end: subscription.cancelAtPeriodEnd,
      cancel_at: subscription.cancelAtPeriodEnd ? subscription.periodEnd : null,
      canceled_at: subscription.canceledAt,
      start_date: subscription.periodStart,
      default_payment_method: subscription.paymentMethod,
      metadata: { ...subscription.metadata },
      pending_update: null,
      items: {
        object: 'list',
        data: [
          {
            id: subscription.itemId,
            object: 'subscription_item',
            price: { id: subscription.price, object: 'price' },
            quantity: 1,
            current_period_start: subscription.periodStart,
            current_period_end: subscription.periodEnd,
          },
        ],
      },
      latest_invoice:
        wantsInvoice && invoice
          ? this.invoiceJson(invoice, ['payments'])
          : subscription.latestInvoice,
    };
  }

  private invoiceJson(invoice: FakeInvoice, expand: string[] = []): Json {
    return {
      id: invoice.id,
      object: 'invoice',
      customer: invoice.customer,
      status: invoice.status,
      amount_due: invoice.amountDue,
      amount_paid: invoice.amountPaid,
      currency: 'usd',
      billing_reason: invoice.billingReason,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: invoice.subscription, metadata: {} },
      },
      ...(expand.includes('payments')
        ? {
            payments: {
              object: 'list',
              data: [
                {
                  id: id('inpay'),
                  object: 'invoice_payment',
                  payment: { type: 'payment_intent', payment_intent: invoice.paymentIntent },
                },
              ],
            },
          }
        : {}),
    };
  }

  private intentJson(intent: FakeIntent): Json {
    return {
      id: intent.id,
      object: 'payment_intent',
      status: intent.status,
      client_secret: intent.clientSecret,
      last_payment_error: intent.lastError
        ? { type: 'card_error', code: intent.lastError.code, message: intent.lastError.message }
        : null,
    };
  }
}
