/**
 * Every string the interface shows, in English and French. `{name}` marks a value filled in at display
 * time. French must define exactly the English keys (the type says so, and a test checks it at run time).
 */
export const en = {
  'app.name': 'Factur-X Desk',
  'app.tagline': 'Validate, extract, repair and convert French and European e-invoices',
  'backend.label': 'Backend',
  'backend.offline': 'Offline core',
  'backend.server': 'Server API',
  'backend.hosted': 'Hosted API',
  'backend.quota': '{remaining} invoices left this month',
  'backend.quotaPlan': '{plan} plan',
  'lang.label': 'Language',
  'lang.en': 'English',
  'lang.fr': 'Français',
  'settings.open': 'Settings',
  'settings.title': 'Backend settings',
  'settings.baseUrl': 'Backend address',
  'settings.baseUrlHint': 'Leave empty to use the server that delivered this page.',
  'settings.apiKey': 'API key',
  'settings.apiKeyHint': 'Sent as the X-API-Key header. Create one with “facturx keys create”.',
  'settings.desktopNote': 'The desktop application uses the offline core; these settings apply in a browser.',
  'settings.save': 'Save',
  'settings.cancel': 'Cancel',
  'settings.saved': 'Settings saved.',
  'drop.title': 'Drop an invoice here',
  'drop.hint': 'Factur-X or other PDF, or CII XML. A PDF is validated and its embedded XML extracted.',
  'drop.browse': 'Choose a file',
  'drop.rejected': '{name}: only PDF and XML files are accepted.',
  'results.title': 'Results',
  'results.empty': 'No invoice checked yet.',
  'results.clear': 'Clear',
  'operation.validate': 'Validation',
  'operation.extract': 'Extraction',
  'answer.pending': 'Working…',
  'answer.success': 'Answered',
  'answer.failure': 'Error',
  'answer.status': 'HTTP {status}',
  'answer.noStatus': 'no answer',
  'answer.details': 'Full answer',
  'kind.pdf': 'PDF',
  'kind.xml': 'XML',
  'size.bytes': '{n} B',
  'size.kilobytes': '{n} KB',
  'footer.disclaimer':
    'Validation results are technical evidence only: not acceptance by an approved platform (PA), nor final tax compliance.',
} as const;

export type MessageKey = keyof typeof en;

export const fr: Record<MessageKey, string> = {
  'app.name': 'Factur-X Desk',
  'app.tagline':
    'Valider, extraire, réparer et convertir les factures électroniques françaises et européennes',
  'backend.label': 'Moteur',
  'backend.offline': 'Moteur hors ligne',
  'backend.server': 'API du serveur',
  'backend.hosted': 'API hébergée',
  'backend.quota': '{remaining} factures restantes ce mois-ci',
  'backend.quotaPlan': 'formule {plan}',
  'lang.label': 'Langue',
  'lang.en': 'English',
  'lang.fr': 'Français',
  'settings.open': 'Paramètres',
  'settings.title': 'Paramètres du moteur',
  'settings.baseUrl': 'Adresse du service',
  'settings.baseUrlHint': 'Laisser vide pour utiliser le serveur qui a fourni cette page.',
  'settings.apiKey': 'Clé d’API',
  'settings.apiKeyHint': 'Envoyée dans l’en-tête X-API-Key. Créez-en une avec « facturx keys create ».',
  'settings.desktopNote':
    'L’application de bureau utilise le moteur hors ligne ; ces paramètres servent dans un navigateur.',
  'settings.save': 'Enregistrer',
  'settings.cancel': 'Annuler',
  'settings.saved': 'Paramètres enregistrés.',
  'drop.title': 'Déposez une facture ici',
  'drop.hint': 'PDF Factur-X ou autre, ou XML CII. Un PDF est validé et son XML embarqué extrait.',
  'drop.browse': 'Choisir un fichier',
  'drop.rejected': '{name} : seuls les fichiers PDF et XML sont acceptés.',
  'results.title': 'Résultats',
  'results.empty': 'Aucune facture vérifiée pour l’instant.',
  'results.clear': 'Effacer',
  'operation.validate': 'Validation',
  'operation.extract': 'Extraction',
  'answer.pending': 'Traitement…',
  'answer.success': 'Réponse reçue',
  'answer.failure': 'Erreur',
  'answer.status': 'HTTP {status}',
  'answer.noStatus': 'pas de réponse',
  'answer.details': 'Réponse complète',
  'kind.pdf': 'PDF',
  'kind.xml': 'XML',
  'size.bytes': '{n} o',
  'size.kilobytes': '{n} Ko',
  'footer.disclaimer':
    'Les résultats de validation sont des éléments techniques : ni une acceptation par une plateforme agréée (PA), ni une conformité fiscale définitive.',
};

export const messages = { en, fr } as const;

export type Lang = keyof typeof messages;

export const langs: readonly Lang[] = ['en', 'fr'];
