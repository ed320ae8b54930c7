import { useId, useState } from 'react';
import type { ProfileRole } from '../backend/backend';
import type { Conversion } from '../review/use-conversion';
import { useI18n } from '../i18n/i18n';
import { profileRoles } from './profile-records';
import type { Profiles } from './use-profiles';

const labels = { seller: 'convert.sellerProfile', buyer: 'convert.buyerProfile' } as const;

function RoleSelect({
  role,
  profiles,
  conversion,
}: {
  readonly role: ProfileRole;
  readonly profiles: Profiles;
  readonly conversion: Conversion;
}) {
  const { t } = useI18n();
  const id = useId();
  const records = profiles.list.state === 'loaded' ? profiles.list.records : [];
  return (
    <div className="field">
      <label htmlFor={id}>{t(labels[role])}</label>
      <select
        id={id}
        value={conversion.profiles[role] ?? ''}
        data-testid={`profile-choice-${role}`}
        onChange={(event) => conversion.setProfile(role, event.target.value || undefined)}
      >
        <option value="">{t('convert.noProfile')}</option>
        {records
          .filter((record) => record.role === role)
          .map((record) => (
            <option key={record.id} value={record.id}>
              {record.name} ({record.id}, {t('profiles.version', { version: record.version })})
            </option>
          ))}
      </select>
    </div>
  );
}

/**
 * Reuse of saved profiles (convert input mode 4), offered on request only: the list is read when the user
 * opens this choice, and nothing is reused until a profile is chosen.
 */
export function ProfileChoice({
  profiles,
  conversion,
}: {
  readonly profiles: Profiles;
  readonly conversion: Conversion;
}) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <div className="actions">
        <button
          type="button"
          className="ghost dark"
          aria-expanded={false}
          onClick={() => {
            setOpen(true);
            profiles.load();
          }}
        >
          {t('convert.profilesUse')}
        </button>
      </div>
    );
  }
  const { list } = profiles;
  const none = list.state === 'loaded' && list.records.length === 0;
  return (
    <fieldset className="complement profile-choice" data-testid="profile-choice">
      <legend>{t('convert.profiles')}</legend>
      <p className="group-hint">{t('convert.profilesHint')}</p>
      {list.state === 'loading' && <p className="empty">{t('profiles.loading')}</p>}
      {list.state === 'failed' && (
        <p className="notice" role="alert">
          {t('convert.profilesFailed', { message: list.error.message || list.error.error })}
        </p>
      )}
      {none && <p className="empty">{t('convert.profilesNone')}</p>}
      {list.state === 'loaded' && !none && (
        <div className="field-row">
          {profileRoles.map((role) => (
            <RoleSelect key={role} role={role} profiles={profiles} conversion={conversion} />
          ))}
        </div>
      )}
    </fieldset>
  );
}
