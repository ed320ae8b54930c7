import type { ContextConflict } from './convert-bodies';
import { useI18n } from '../i18n/i18n';

/**
 * What a final convert refused (409 inline_context_conflict or profile_inline_context_conflict): the
 * document's or the saved profile's value against the typed one.
 */
export function ConflictList({ conflicts }: { readonly conflicts: readonly ContextConflict[] }) {
  const { t } = useI18n();
  const profile = conflicts.some((conflict) => conflict.against === 'profile');
  return (
    <div className="conflicts" data-testid="conflicts" role="alert">
      <p>{t(profile ? 'conflict.explainProfile' : 'conflict.explain')}</p>
      <table className="provenance">
        <thead>
          <tr>
            <th scope="col">{t('conflict.field')}</th>
            <th scope="col">{t(profile ? 'conflict.profile' : 'conflict.document')}</th>
            <th scope="col">{t('conflict.context')}</th>
          </tr>
        </thead>
        <tbody>
          {conflicts.map((conflict, index) => (
            <tr key={`${conflict.field}-${index}`} data-testid="conflict">
              <th scope="row">
                <code>{conflict.field}</code>
              </th>
              <td>
                <code>{conflict.existingValue}</code>
              </td>
              <td>
                <code>{conflict.contextValue}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
