/**
 * `/api/v1/profiles`: list, save and delete the tenant's saved seller and buyer profiles. No quota is
 * used. Adapters put the operation into the request's fields: `operation` (`list`, `save`, `delete`),
 * `role` and `id` from the path, and for a save the JSON body `{ "data": ProfileData }` as `body`.
 */
import { apiError } from '../api/errors';
import { failed, firstIssue, invalidField, NOT_JSON, oneOf, parsed, type Parsed } from '../api/form-fields';
import type { Lang } from '../api/lang';
import {
  PROFILE_ROLES,
  profileIdSchema,
  profileName,
  profileSaveBodySchema,
  type ProfileBody,
  type ProfileDeletedBody,
  type ProfileListBody,
  type ProfileRole,
} from '../api/profile';
import { requestLang } from './request';
import { fail } from './result';
import type { ProfileRecord } from './storage';
import type { ServiceContext, ServiceRequest, ServiceResult } from './types';

export const PROFILE_OPERATIONS = ['list', 'save', 'delete'] as const;
export type ProfileOperation = (typeof PROFILE_OPERATIONS)[number];

type ProfilesBody = ProfileListBody | ProfileBody | ProfileDeletedBody;

export const profileBody = (record: ProfileRecord): ProfileBody => ({
  id: record.id,
  role: record.role,
  version: record.version,
  name: profileName(record.data),
  updatedAt: record.updatedAt,
  data: record.data,
});

export async function profiles(
  req: ServiceRequest,
  ctx: ServiceContext,
): Promise<ServiceResult<ProfilesBody>> {
  const lang = requestLang(req);
  const operation = req.fields.operation;
  if (operation === 'list') {
    const records = await ctx.storage.listProfiles(ctx.tenant);
    return { ok: true, status: 200, body: { profiles: records.map(profileBody) } };
  }
  if (operation !== 'save' && operation !== 'delete') {
    return fail(invalidField('operation', oneOf(PROFILE_OPERATIONS), lang, 400));
  }
  const target = profileTarget(req.fields.role, req.fields.id, lang);
  if (!target.ok) return fail(target.error);
  const { role, id } = target.value;
  if (operation === 'delete') {
    if (!(await ctx.storage.deleteProfile(ctx.tenant, role, id))) {
      return fail(
        apiError(role === 'seller' ? 'seller_profile_not_found' : 'buyer_profile_not_found', undefined, {
          lang,
        }),
      );
    }
    return { ok: true, status: 200, body: { deleted: true, id, role } };
  }
  const data = saveBody(role, req.fields.body, lang);
  if (!data.ok) return fail(data.error);
  const record = await ctx.storage.saveProfile(ctx.tenant, role, id, data.value, ctx.now().toISOString());
  return { ok: true, status: 200, body: profileBody(record) };
}

function profileTarget(
  role: string | undefined,
  id: string | undefined,
  lang: Lang,
): Parsed<{ role: ProfileRole; id: string }> {
  if (!PROFILE_ROLES.some((known) => known === role)) {
    return failed(invalidField('role', oneOf(PROFILE_ROLES), lang));
  }
  const checked = profileIdSchema.safeParse(id);
  if (!checked.success) return failed(invalidField('id', firstIssue('id', checked.error, id).reason, lang));
  return parsed({ role: role as ProfileRole, id: checked.data });
}

function saveBody(role: ProfileRole, text: string | undefined, lang: Lang) {
  let json: unknown;
  try {
    json = JSON.parse(text ?? '');
  } catch {
    return failed(invalidField('body', NOT_JSON, lang, 400));
  }
  const checked = profileSaveBodySchema(role).safeParse(json);
  if (!checked.success) {
    const issue = firstIssue('', checked.error, json);
    return failed(invalidField(issue.path.replace(/^\./, '') || 'body', issue.reason, lang));
  }
  return parsed(checked.data.data);
}
