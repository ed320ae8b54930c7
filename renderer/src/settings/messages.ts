/** What the settings panel, the language and target switches shows, in English and French (see i18n/messages.ts). */
export const en = {
  'lang.label': 'Language',
  'lang.en': 'English',
  'lang.fr': 'Français',
  'settings.open': 'Settings',
  'settings.title': 'Backend settings',
  'settings.baseUrl': 'Backend address',
  'settings.baseUrlHint': 'Leave empty to use the server that delivered this page.',
  'settings.apiKey': 'API key',
  'settings.apiKeyHint':
    'The key the server’s administrator gave you (they create it with “facturx keys create”).',
  'settings.desktopNote': 'The desktop application uses the offline core; these settings apply in a browser.',
  'settings.save': 'Save',
  'settings.cancel': 'Cancel',
  'settings.saved': 'Settings saved.',
  'signIn.needed':
    'This browser is not signed in to the server yet: open the address “facturx serve” printed when it started, or paste an API key in Settings.',
  'target.label': 'Check against',
  'target.en16931': 'EN 16931',
  'target.france_2026': 'France 2026',
  'target.hint': 'France 2026 adds the French e-invoicing rules (preflight before an approved platform).',
} as const;

export const fr: Record<keyof typeof en, string> = {
  'lang.label': 'Langue',
  'lang.en': 'English',
  'lang.fr': 'Français',
  'settings.open': 'Paramètres',
  'settings.title': 'Paramètres du moteur',
  'settings.baseUrl': 'Adresse du service',
  'settings.baseUrlHint': 'Laisser vide pour utiliser le serveur qui a fourni cette page.',
  'settings.apiKey': 'Clé d’API',
  'settings.apiKeyHint':
    'La clé que l’administrateur du serveur vous a donnée (il la crée avec « facturx keys create »).',
  'settings.desktopNote':
    'L’application de bureau utilise le moteur hors ligne ; ces paramètres servent dans un navigateur.',
  'settings.save': 'Enregistrer',
  'settings.cancel': 'Annuler',
  'settings.saved': 'Paramètres enregistrés.',
  'signIn.needed':
    'Ce navigateur n’est pas encore connecté au serveur : ouvrez l’adresse que « facturx serve » a affichée à son démarrage, ou collez une clé d’API dans les paramètres.',
  'target.label': 'Contrôler selon',
  'target.en16931': 'EN 16931',
  'target.france_2026': 'France 2026',
  'target.hint':
    'France 2026 ajoute les règles françaises de facturation électronique (pré-contrôle avant une plateforme agréée).',
};
