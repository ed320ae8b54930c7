import { describe, expect, it } from 'vitest';
import type { ProfileListBody } from '../api/profile';
import { GOLDEN_EXAMPLES } from '../invoice-data/examples';
import { MemoryStorage } from './memory-storage';
import { services } from '.';
import type { ServiceContext, ServiceRequest } from './types';

let clock = Date.parse('2026-11-20T09:00:00Z');
const context = (storage: MemoryStorage, tenant = 'acme'): ServiceContext => ({
  tenant,
  storage,
  now: () => new Date(clock),
});
const request = (fields: Record<string, string>, over: Partial<ServiceRequest> = {}): ServiceRequest => ({
  fields,
  files: {},
  query: {},
  ...over,
});

const sellerData = {
  seller: {
    name: 'Menuiserie Démo SARL',
    legal_registration: { value: '732829320', scheme: '0002' },
    address: { city: 'Nantes', country_code: 'FR' },
  },
  document_notes: [
    { subject_code: 'PMT', content: 'Indemnité forfaitaire pour frais de recouvrement : 40 EUR.' },
    { subject_code: 'PMD', content: 'Pénalités de retard : trois fois le taux d’intérêt légal.' },
    { subject_code: 'AAB', content: 'Pas d’escompte pour paiement anticipé.' },
  ],
};

const save = (ctx: ServiceContext, role: string, id: string, data: unknown, lang?: string) =>
  services.profiles(
    request({ operation: 'save', role, id, body: JSON.stringify({ data }) }, lang ? { query: { lang } } : {}),
    ctx,
  );
const list = (ctx: ServiceContext) => services.profiles(request({ operation: 'list' }), ctx);

describe('saved profiles: list, save, delete', () => {
  it('creates at version 1, saves new versions, lists sellers first, and deletes', async () => {
    const ctx = context(new MemoryStorage());
    expect(await list(ctx)).toEqual({ ok: true, status: 200, body: { profiles: [] } });
    const created = await save(ctx, 'seller', 'menuiserie', sellerData);
    expect(created).toEqual({
      ok: true,
      status: 200,
      body: {
        id: 'menuiserie',
        role: 'seller',
        version: 1,
        name: 'Menuiserie Démo SARL',
        updatedAt: '2026-11-20T09:00:00.000Z',
        data: sellerData,
      },
    });
    clock += 60_000;
    const renamed = { ...sellerData, seller: { ...sellerData.seller, name: 'Menuiserie Démo' } };
    expect((await save(ctx, 'seller', 'menuiserie', renamed)).body).toMatchObject({
      version: 2,
      name: 'Menuiserie Démo',
      updatedAt: '2026-11-20T09:01:00.000Z',
    });
    await save(ctx, 'buyer', 'a-client', { buyer: { name: 'Client', address: { country_code: 'FR' } } });
    await save(ctx, 'seller', 'atelier', sellerData);
    const listed = await list(ctx);
    expect((listed.body as ProfileListBody).profiles.map((p) => [p.role, p.id])).toEqual([
      ['seller', 'atelier'],
      ['seller', 'menuiserie'],
      ['buyer', 'a-client'],
    ]);

    expect(
      await services.profiles(request({ operation: 'delete', role: 'seller', id: 'atelier' }), ctx),
    ).toEqual({
      ok: true,
      status: 200,
      body: { deleted: true, id: 'atelier', role: 'seller' },
    });
    expect(
      await services.profiles(request({ operation: 'delete', role: 'seller', id: 'atelier' }), ctx),
    ).toMatchObject({ status: 404, body: { error: 'seller_profile_not_found' } });
    expect(
      await services.profiles(request({ operation: 'delete', role: 'buyer', id: 'nobody' }), ctx),
    ).toMatchObject({ status: 404, body: { error: 'buyer_profile_not_found' } });
  });

  it('keeps each tenant to its own profiles', async () => {
    const storage = new MemoryStorage();
    await save(context(storage, 'acme'), 'seller', 'menuiserie', sellerData);
    expect((await list(context(storage, 'other'))).body).toEqual({ profiles: [] });
    expect(
      await services.profiles(
        request({ operation: 'delete', role: 'seller', id: 'menuiserie' }),
        context(storage, 'other'),
      ),
    ).toMatchObject({ status: 404 });
    expect((await list(context(storage, 'acme'))).body).toMatchObject({ profiles: [{ id: 'menuiserie' }] });
  });

  it('refuses a bad role, id or body, naming the field, in the language asked', async () => {
    const ctx = context(new MemoryStorage());
    expect(await save(ctx, 'payee', 'x', sellerData)).toMatchObject({
      status: 422,
      body: { error: 'invalid_data_format', field: 'role' },
    });
    expect(await save(ctx, 'seller', 'a/b', sellerData)).toMatchObject({
      status: 422,
      body: { error: 'invalid_data_format', field: 'id' },
    });
    expect(await save(ctx, 'seller', 'x'.repeat(65), sellerData)).toMatchObject({ status: 422 });
    expect(
      await services.profiles(request({ operation: 'save', role: 'seller', id: 'x', body: '{"data":' }), ctx),
    ).toMatchObject({ status: 400, body: { error: 'invalid_data_format', field: 'body' } });
    const badVat = await save(ctx, 'seller', 'x', { seller: { ...sellerData.seller, vat_id: 'ZZ' } }, 'fr');
    expect(badVat).toMatchObject({
      status: 422,
      body: { error: 'invalid_data_format', field: 'data.seller.vat_id' },
    });
    expect((badVat.body as { message: string }).message).toMatch(
      /^Valeur invalide pour data\.seller\.vat_id : Chaîne de caractères invalide : doit correspondre au motif/,
    );
    expect(await save(ctx, 'seller', 'x', { buyer: sellerData.seller })).toMatchObject({
      status: 422,
      body: { field: 'data.seller' },
    });
    expect(
      await save(ctx, 'seller', 'x', {
        ...sellerData,
        document_notes: [{ subject_code: 'XYZ', content: 'n' }],
      }),
    ).toMatchObject({ status: 422, body: { field: 'data.document_notes[0].subject_code' } });
    expect(await services.profiles(request({ operation: 'rename' }), ctx)).toMatchObject({
      status: 400,
      body: { field: 'operation' },
    });
    expect((await list(ctx)).body).toEqual({ profiles: [] });
  });
});

describe('convert reusing saved profiles', () => {
  const domestic = GOLDEN_EXAMPLES.find((e) => e.name === 'domestic_b2b_fr')!.invoice_data as Record<
    string,
    unknown
  >;
  const withoutNotes = JSON.stringify({ ...domestic, notes: undefined });
  const convert = (ctx: ServiceContext, fields: Record<string, string>, idempotencyKey?: string) =>
    services.convert(
      request(
        {
          invoice_data: withoutNotes,
          validation_target: 'france_2026',
          profile_reuse: 'explicit',
          ...fields,
        },
        idempotencyKey ? { idempotencyKey } : {},
      ),
      ctx,
    );

  it('fills the France 2026 notes from the seller profile and says so in the provenance', async () => {
    const ctx = context(new MemoryStorage());
    await save(ctx, 'seller', 'menuiserie', sellerData);
    const without = await services.convert(
      request({ invoice_data: withoutNotes, validation_target: 'france_2026', dry_run: 'true' }),
      ctx,
    );
    expect(JSON.stringify(without.body)).toContain('BR-FR-05');
    const dryRun = await convert(ctx, { issuer_id: 'menuiserie', dry_run: 'true' });
    expect(dryRun.status).toBe(200);
    const body = dryRun.body as { success: boolean; fieldProvenance: Record<string, unknown> };
    expect(JSON.stringify(body)).not.toContain('BR-FR-05');
    expect(body.fieldProvenance['BT-22']).toMatchObject({
      source: 'profile',
      profileId: 'menuiserie',
      profileVersion: 1,
    });
    // The document names its own seller: the profile's name does not replace it.
    expect(body.fieldProvenance['BT-27']).toEqual({
      source: 'document',
      value: 'Atelier Exemple SAS',
    });
  });

  it('refuses a request context that contradicts the profile, dry run or not', async () => {
    const storage = new MemoryStorage();
    await storage.putTenant({ id: 'acme', email: '', plan: 'local', createdAt: '2026-11-01T00:00:00Z' });
    const ctx = context(storage);
    await save(ctx, 'seller', 'menuiserie', sellerData);
    const sellerContext = JSON.stringify({
      document_notes: [{ subject_code: 'AAB', content: 'Escompte 2 %.' }],
    });
    for (const dryRun of ['true', 'false']) {
      expect(
        await convert(ctx, {
          seller_profile_id: 'menuiserie',
          seller_context: sellerContext,
          dry_run: dryRun,
        }),
      ).toMatchObject({
        status: 409,
        body: {
          error: 'profile_inline_context_conflict',
          conflicts: [
            {
              field: 'seller_context.document_notes[AAB]',
              profile_value: 'Pas d’escompte pour paiement anticipé.',
              context_value: 'Escompte 2 %.',
            },
          ],
        },
      });
    }
    const agreeing = JSON.stringify({
      document_notes: [{ subject_code: 'AAB', content: 'Pas d’escompte pour paiement anticipé.' }],
    });
    expect(
      (await convert(ctx, { seller_profile_id: 'menuiserie', seller_context: agreeing, dry_run: 'true' }))
        .status,
    ).toBe(200);
  });

  it('never loads another tenant’s profile, and counts the profile version in the idempotency identity', async () => {
    const storage = new MemoryStorage();
    const ctx = context(storage);
    await save(ctx, 'seller', 'menuiserie', sellerData);
    expect(
      await convert(context(storage, 'other'), { issuer_id: 'menuiserie', dry_run: 'true' }),
    ).toMatchObject({
      status: 404,
      body: { error: 'seller_profile_not_found' },
    });
    const first = await convert(ctx, { issuer_id: 'menuiserie', dry_run: 'true' }, 'k-1');
    expect(first.status).toBe(200);
    expect(await convert(ctx, { issuer_id: 'menuiserie', dry_run: 'true' }, 'k-1')).toEqual(first);
    await save(ctx, 'seller', 'menuiserie', sellerData);
    expect(await convert(ctx, { issuer_id: 'menuiserie', dry_run: 'true' }, 'k-1')).toMatchObject({
      status: 409,
      body: { error: 'idempotency_conflict' },
    });
  });
});
