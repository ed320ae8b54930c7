import { describe, expect, it } from 'vitest';
import { parseRepairFields } from './repair';

describe('parseRepairFields', () => {
  it('reads constraints and the target profile, the query winning', () => {
    const result = parseRepairFields(
      { constraints: '{"max_changes_allowed":3,"do_not_modify_amounts":true,"target_profile":"BASIC"}' },
      { target_profile: 'EN16931' },
      'en',
    );
    expect(result).toEqual({
      ok: true,
      value: {
        constraints: { max_changes_allowed: 3, do_not_modify_amounts: true, target_profile: 'BASIC' },
        targetProfile: 'EN16931',
      },
    });
  });

  it('refuses malformed JSON with 400 invalid_constraints_json and wrong types with 422', () => {
    const malformed = parseRepairFields({ constraints: '{max:1' }, {}, 'en');
    expect(!malformed.ok && malformed.error).toMatchObject({
      status: 400,
      body: { error: 'invalid_constraints_json' },
    });
    const wrong = parseRepairFields({ constraints: '{"max_changes_allowed":"three"}' }, {}, 'en');
    expect(!wrong.ok && wrong.error).toMatchObject({
      status: 422,
      body: { error: 'invalid_data_format', field: 'constraints.max_changes_allowed' },
    });
    const profile = parseRepairFields({}, { target_profile: 'XRECHNUNG' }, 'en');
    expect(!profile.ok && profile.error.body).toMatchObject({
      error: 'invalid_data_format',
      field: 'target_profile',
    });
  });
});
