/**
 * Monthly invoice quota per plan. A call reserves one invoice before any work, and the reservation is
 * charged when the call delivers (a validation report, an extracted or repaired XML, a converted
 * invoice) and refunded otherwise. The offline `local` plan is unlimited and keeps no accounts.
 */
import { randomBytes } from 'node:crypto';
import { apiError, type ApiErrorResult, type NextStep, type QuotaExceededExtras } from '../api/errors';
import type { Lang, LocalizedText } from '../api/lang';
import type { Plan, Reservation, TenantRecord } from './storage';
import type { ServiceContext, ServiceResult } from './types';

export const SANDBOX_TRIAL_DAYS = 14;
export const SANDBOX_TRIAL_CREDITS = 100;
export const SANDBOX_MONTHLY = 10;

/** Documents per calendar month (UTC) of the paid plans; business is the floor of its quotation. */
export const MONTHLY_QUOTA: Readonly<Record<'launch' | 'scale' | 'business', number>> = {
  launch: 100,
  scale: 500,
  business: 2000,
};

/** Where a blocked client is pointed; the self-hosted admin raises a plan with `facturx keys create --plan`. */
export const QUOTA_LINKS = {
  upgrade: '/pricing',
  docs: '/docs/quota',
  checkout: '/api/v1/billing/checkout',
} as const;

export interface QuotaPeriod {
  /** ISO 8601 start of the period the usage is counted in. */
  readonly start: string;
  readonly limit: number;
}

const DAY_MS = 86_400_000;

/**
 * A call's reservation still held after this long belongs to a call that died with its process (a
 * request times out long before), and any server releases it.
 */
export const RESERVATION_TTL_MS = 15 * 60_000;

/** The period and limit that apply to a tenant now; null for the unlimited local plan. */
export function quotaPeriod(tenant: TenantRecord, now: Date): QuotaPeriod | null {
  if (tenant.plan === 'local') return null;
  if (tenant.plan === 'sandbox') {
    const created = new Date(tenant.createdAt);
    if (now.getTime() < created.getTime() + SANDBOX_TRIAL_DAYS * DAY_MS) {
      return { start: created.toISOString(), limit: SANDBOX_TRIAL_CREDITS };
    }
  }
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
  return { start: month, limit: tenant.plan === 'sandbox' ? SANDBOX_MONTHLY : MONTHLY_QUOTA[tenant.plan] };
}

const UPGRADES: readonly { plan: 'launch' | 'scale' | 'business'; action: NextStep['action'] }[] = [
  { plan: 'launch', action: 'upgrade_launch' },
  { plan: 'scale', action: 'upgrade_scale' },
  { plan: 'business', action: 'upgrade_business' },
];

const PLAN_LABEL: Readonly<Record<'launch' | 'scale' | 'business', LocalizedText>> = {
  launch: { en: 'Upgrade to Launch', fr: 'Passer à l’offre Launch' },
  scale: { en: 'Upgrade to Scale', fr: 'Passer à l’offre Scale' },
  business: { en: 'Upgrade to Business', fr: 'Passer à l’offre Business' },
};

/** The 402 body: where the tenant stands and how to move on. */
export function quotaExceeded(plan: Plan, period: QuotaPeriod, endpoint: string, lang: Lang): ApiErrorResult {
  const payload = (planCode: string) => ({
    plan_code: planCode,
    source: 'api',
    trigger_event: 'quota_exceeded' as const,
    from_endpoint: endpoint,
  });
  const higher = UPGRADES.filter(({ plan: p }) => MONTHLY_QUOTA[p] > period.limit);
  const upgrades: NextStep[] = higher.map(({ plan: p, action }) => ({
    action,
    label: PLAN_LABEL[p][lang],
    href: `${QUOTA_LINKS.upgrade}?plan=${p}`,
    description:
      lang === 'fr' ? `${MONTHLY_QUOTA[p]} factures par mois.` : `${MONTHLY_QUOTA[p]} invoices per month.`,
    api_payload: payload(p),
  }));
  const docs: NextStep = {
    action: 'view_docs',
    label: lang === 'fr' ? 'Lire la documentation des quotas' : 'Read the quota documentation',
    href: QUOTA_LINKS.docs,
    description: lang === 'fr' ? 'Comment les factures sont décomptées.' : 'How invoices are counted.',
    api_payload: null,
  };
  const extras: QuotaExceededExtras = {
    plan,
    quota: period.limit,
    period_start: period.start,
    upgrade_url: QUOTA_LINKS.upgrade,
    docs_url: QUOTA_LINKS.docs,
    checkout_context: {
      endpoint: QUOTA_LINKS.checkout,
      channel: 'api',
      payload: payload(higher[0]?.plan ?? 'business'),
    },
    next_steps: [...upgrades, docs],
  };
  return apiError('quota_exceeded', extras, { lang });
}

/** What a metered call knows about the quota while it runs. */
export interface QuotaTicket {
  /** Invoices left after this one is charged; null when unlimited. */
  readonly remainingAfterCharge: number | null;
}

/**
 * The quota as a call that uses none of it (a dry run) reports it: the invoices left now, as if one were
 * reserved and given back. Null when unlimited or unknown.
 */
export async function standing(ctx: ServiceContext): Promise<QuotaTicket | null> {
  const tenant = await ctx.storage.getTenant(ctx.tenant);
  const period = tenant && quotaPeriod(tenant, ctx.now());
  if (!tenant || !period) return null;
  const usage = await ctx.storage.usage(tenant.id, period.start);
  return { remainingAfterCharge: Math.max(0, period.limit - usage.used - usage.reserved) - 1 };
}

/**
 * Holds one invoice of the tenant's quota until `expiresAt`: the reservation, or the 402 body when
 * nothing is left, or null on the unlimited plan.
 */
export async function reserveInvoice(
  ctx: ServiceContext,
  endpoint: string,
  lang: Lang,
  expiresAt: Date,
): Promise<
  | { readonly ok: true; readonly reservation: Reservation | null; readonly ticket: QuotaTicket }
  | { readonly ok: false; readonly error: ApiErrorResult }
> {
  const tenant = await ctx.storage.getTenant(ctx.tenant);
  if (!tenant) return { ok: false, error: apiError('authentication_required', undefined, { lang }) };
  const period = quotaPeriod(tenant, ctx.now());
  if (!period) return { ok: true, reservation: null, ticket: { remainingAfterCharge: null } };
  const reservation: Reservation = {
    id: `rsv_${randomBytes(12).toString('hex')}`,
    tenant: tenant.id,
    periodStart: period.start,
    expiresAt: expiresAt.toISOString(),
  };
  if (!(await ctx.storage.reserve(reservation, period.limit))) {
    return { ok: false, error: quotaExceeded(tenant.plan, period, endpoint, lang) };
  }
  const usage = await ctx.storage.usage(tenant.id, period.start);
  return {
    ok: true,
    reservation,
    ticket: { remainingAfterCharge: period.limit - usage.used - usage.reserved },
  };
}

/**
 * Runs `work` under the tenant's quota: 402 when nothing is left, else one invoice reserved, charged if
 * `delivered(result)`, refunded otherwise (also when `work` throws).
 */
export async function metered<Body>(
  ctx: ServiceContext,
  endpoint: string,
  lang: Lang,
  work: (ticket: QuotaTicket) => Promise<ServiceResult<Body>>,
  delivered: (result: ServiceResult<Body>) => boolean = (result) => result.ok,
): Promise<ServiceResult<Body>> {
  const held = await reserveInvoice(ctx, endpoint, lang, new Date(ctx.now().getTime() + RESERVATION_TTL_MS));
  if (!held.ok) return { ok: false, ...held.error };
  if (!held.reservation) return work(held.ticket);
  let charge = false;
  try {
    const result = await work(held.ticket);
    charge = delivered(result);
    return result;
  } finally {
    await ctx.storage.settle(held.reservation.id, charge ? 'charge' : 'refund');
  }
}
