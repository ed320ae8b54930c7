import { useState } from 'react';
import type { ProfileRole, ShownError } from '../backend/backend';
import { useI18n } from '../i18n/i18n';
import { profileRoles, type ProfileRecord } from './profile-records';
import type { Profiles } from './use-profiles';
import { ErrorDetail } from '../shared/error-detail';
import { ProfileEditor } from './profile-editor';

interface Props {
  readonly profiles: Profiles;
  readonly onClose: () => void;
}

/** What the editor shows: a new profile of a role, or a saved one. */
type Editing = { readonly role: ProfileRole; readonly record?: ProfileRecord };

const keyOf = (record: ProfileRecord) => `${record.role}/${record.id}`;

/** The saved seller and buyer profiles: listed, created, edited and deleted. */
export function ProfilesPanel({ profiles, onClose }: Props) {
  const { t } = useI18n();
  const { list } = profiles;
  const [editing, setEditing] = useState<Editing>();
  const [confirming, setConfirming] = useState<string>();
  const [status, setStatus] = useState<string>();
  const [refusal, setRefusal] = useState<ShownError>();

  const remove = async (record: ProfileRecord) => {
    setConfirming(undefined);
    const answer = await profiles.remove(record.role, record.id);
    if (answer.ok) {
      setRefusal(undefined);
      setStatus(t('profiles.deleted', { id: record.id }));
      if (editing?.record && keyOf(editing.record) === keyOf(record)) setEditing(undefined);
    } else {
      setRefusal(answer.error);
    }
  };

  return (
    <section className="panel profiles" aria-labelledby="profiles-title" data-testid="profiles-panel">
      <div className="results-head">
        <h2 id="profiles-title">{t('profiles.title')}</h2>
        <button type="button" className="ghost dark" onClick={onClose}>
          {t('profiles.close')}
        </button>
      </div>
      <p className="group-hint">{t('profiles.hint')}</p>
      {status && (
        <p className="note" role="status" data-testid="profiles-status">
          {status}
        </p>
      )}
      {list.state === 'loading' && <p className="empty">{t('profiles.loading')}</p>}
      {list.state === 'failed' && (
        <ErrorDetail error={list.error} heading={t('profiles.failed')} alert testId="profiles-failed">
          <button type="button" className="secondary" onClick={() => profiles.load(true)}>
            {t('profiles.retry')}
          </button>
        </ErrorDetail>
      )}
      {refusal && <ErrorDetail error={refusal} alert testId="profiles-refusal" />}
      {list.state === 'loaded' && list.records.length === 0 && <p className="empty">{t('profiles.empty')}</p>}
      {list.state === 'loaded' && list.records.length > 0 && (
        <ul className="profile-list">
          {list.records.map((record) => (
            <li key={keyOf(record)} data-testid="profile" data-role={record.role} data-id={record.id}>
              <span className={`source-badge role-${record.role}`}>{t(`profiles.role.${record.role}`)}</span>
              <strong className="profile-name">{record.name}</strong>
              <code>{record.id}</code>
              <small>{t('profiles.version', { version: record.version })}</small>
              <span className="profile-actions">
                <button
                  type="button"
                  className="ghost dark"
                  onClick={() => {
                    setStatus(undefined);
                    setEditing({ role: record.role, record });
                  }}
                >
                  {t('profiles.edit')}
                </button>
                {confirming === keyOf(record) ? (
                  <button type="button" className="secondary danger" onClick={() => void remove(record)}>
                    {t('profiles.confirmDelete')}
                  </button>
                ) : (
                  <button type="button" className="ghost dark" onClick={() => setConfirming(keyOf(record))}>
                    {t('profiles.delete')}
                  </button>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      {editing ? (
        <ProfileEditor
          key={editing.record ? keyOf(editing.record) : editing.role}
          role={editing.role}
          record={editing.record}
          save={profiles.save}
          onSaved={(saved) => {
            setEditing(undefined);
            setStatus(t('profiles.saved', { id: saved.id, version: saved.version }));
          }}
          onCancel={() => setEditing(undefined)}
        />
      ) : (
        <div className="actions">
          {profileRoles.map((role) => (
            <button
              key={role}
              type="button"
              className="secondary"
              onClick={() => {
                setStatus(undefined);
                setEditing({ role });
              }}
            >
              {t(`profiles.new.${role}`)}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
