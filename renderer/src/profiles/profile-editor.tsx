import { useState, type FormEvent } from 'react';
import type { Answer, ProfileRole, ShownError } from '../backend/backend';
import { useI18n } from '../i18n/i18n';
import {
  fieldOfError,
  profileData,
  profileFields,
  profileProblems,
  profileValues,
  type ProfileField,
  type ProfileGroup,
  type ProfileValues,
} from './profile-form';
import { profileRecordOf, type ProfileRecord } from './profile-records';
import { ErrorDetail } from '../shared/error-detail';
import { LabelledField } from '../shared/labelled-field';
import { TermLabel } from '../shared/term-label';

interface Props {
  readonly role: ProfileRole;
  /** The saved record being edited; absent for a new profile. */
  readonly record?: ProfileRecord;
  readonly save: (role: ProfileRole, id: string, data: unknown) => Promise<Answer>;
  readonly onSaved: (record: ProfileRecord) => void;
  readonly onCancel: () => void;
}

const groups: readonly ProfileGroup[] = ['party', 'electronicAddress', 'address', 'payment', 'notes'];

/** The term's id and name; a note adds its BT-21 subject code. */
function FieldLabel({ field }: { readonly field: ProfileField }) {
  return (
    <>
      <TermLabel term={field.bt} />
      {field.code && <span> · {field.code}</span>}
    </>
  );
}

/**
 * The form of one seller or buyer profile. Values are checked before anything is sent; what the API still
 * refuses (422 `invalid_data_format` and its `field`) is shown on the input it names.
 */
export function ProfileEditor({ role, record, save, onSaved, onCancel }: Props) {
  const { t } = useI18n();
  const [values, setValues] = useState<ProfileValues>(() => ({
    id: record?.id ?? '',
    ...profileValues(role, record?.data),
  }));
  const [attempted, setAttempted] = useState(false);
  const [serverProblems, setServerProblems] = useState<Readonly<Record<string, string>>>({});
  const [refusal, setRefusal] = useState<ShownError>();
  const [saving, setSaving] = useState(false);
  const problems = profileProblems(role, values, record === undefined);
  const blocked = Object.keys(problems).length > 0;

  const problemOf = (key: string): string | undefined => {
    const found = attempted ? problems[key] : undefined;
    return found ? t(found.message, { max: found.max ?? '' }) : serverProblems[key];
  };
  const setValue = (key: string, value: string) => {
    setValues((all) => ({ ...all, [key]: value }));
    setServerProblems(({ [key]: _fixed, ...others }) => others);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (blocked) return;
    setSaving(true);
    setRefusal(undefined);
    const id = (values.id ?? '').trim();
    const answer = await save(role, id, profileData(role, values, record?.data));
    setSaving(false);
    if (answer.ok) {
      const saved = profileRecordOf(answer.body);
      if (saved) onSaved(saved);
      return;
    }
    const field = typeof answer.error.field === 'string' ? answer.error.field : undefined;
    const key = field === undefined ? undefined : fieldOfError(role, values, field);
    if (key) setServerProblems((all) => ({ ...all, [key]: answer.error.message }));
    else setRefusal(answer.error);
  };

  const fields = profileFields(role);
  return (
    <form
      className="profile-editor"
      data-testid="profile-editor"
      data-role={role}
      aria-labelledby="profile-editor-title"
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <h3 id="profile-editor-title">
        {record ? t('profile.editTitle', { id: record.id }) : t(`profiles.new.${role}`)}
      </h3>
      <LabelledField
        label={t('profile.id')}
        value={values.id ?? ''}
        onChange={(value) => setValue('id', value)}
        hint={t('profile.idHint')}
        problem={problemOf('id')}
        maxLength={64}
        required
        disabled={record !== undefined}
        testId="profile-id"
      />
      {groups.map((group) => {
        const inGroup = fields.filter((field) => field.group === group);
        if (inGroup.length === 0) return null;
        return (
          <fieldset key={group} className="complement" data-group={group}>
            <legend>{t(`profile.group.${group}`)}</legend>
            <div className="field-row">
              {inGroup.map((field) => (
                <LabelledField
                  key={field.key}
                  label={<FieldLabel field={field} />}
                  value={values[field.key] ?? ''}
                  onChange={(value) => setValue(field.key, value)}
                  hint={field.hint && t(field.hint)}
                  problem={problemOf(field.key)}
                  multiline={field.group === 'notes'}
                  maxLength={field.maxLength}
                  required={field.required}
                  testId={`profile-${field.key}`}
                />
              ))}
            </div>
          </fieldset>
        );
      })}
      {attempted && blocked && (
        <p className="notice" role="alert" data-testid="profile-problems">
          {t('profile.fixProblems')}
        </p>
      )}
      {refusal && <ErrorDetail error={refusal} alert testId="profile-refusal" />}
      <div className="actions">
        <button type="button" className="secondary" onClick={onCancel}>
          {t('profile.cancel')}
        </button>
        <button type="submit" className="primary" disabled={saving}>
          {t('profile.save')}
        </button>
      </div>
    </form>
  );
}
