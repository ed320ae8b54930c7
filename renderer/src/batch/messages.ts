/** What the drop zone and the list of checked files shows, in English and French (see i18n/messages.ts). */
export const en = {
  'drop.title': 'Drop an invoice here',
  'drop.hint':
    'Factur-X or other PDF, CII XML, or an invoice_data JSON. A PDF is validated and its embedded XML extracted; a PDF or a JSON can be converted.',
  'drop.browse': 'Choose a file',
  'drop.rejected': '{name}: only PDF, XML and JSON files are accepted.',
  'drop.empty': '{name}: the file is empty, there is nothing to check.',
  'drop.tooLarge': '{name} ({size}) is larger than the {limit} accepted here: it was not sent.',
  'results.title': 'Results',
  'results.empty': 'No invoice checked yet.',
  'results.clear': 'Clear',
} as const;

export const fr: Record<keyof typeof en, string> = {
  'drop.title': 'Déposez une facture ici',
  'drop.hint':
    'PDF Factur-X ou autre, XML CII, ou JSON invoice_data. Un PDF est validé et son XML embarqué extrait ; un PDF ou un JSON peut être converti.',
  'drop.browse': 'Choisir un fichier',
  'drop.rejected': '{name} : seuls les fichiers PDF, XML et JSON sont acceptés.',
  'drop.empty': '{name} : le fichier est vide, il n’y a rien à vérifier.',
  'drop.tooLarge': '{name} ({size}) dépasse les {limit} acceptés ici : il n’a pas été envoyé.',
  'results.title': 'Résultats',
  'results.empty': 'Aucune facture vérifiée pour l’instant.',
  'results.clear': 'Effacer',
};
