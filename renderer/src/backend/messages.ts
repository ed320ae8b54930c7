/** What the backend indicator and the quota notice shows, in English and French (see i18n/messages.ts). */
export const en = {
  'backend.label': 'Backend',
  'backend.offline': 'Offline core',
  'backend.server': 'Server API',
  'backend.hosted': 'Hosted API',
  'backend.quota': '{remaining} invoices left this month',
  'backend.quotaPlan': '{plan} plan',
  'backend.quotaOf': '{remaining} of {limit} invoices left this month',
  'quota.title': 'Monthly quota reached',
  'quota.limit': '{limit} invoices per period',
  'quota.period': 'period started {date}',
} as const;

export const fr: Record<keyof typeof en, string> = {
  'backend.label': 'Moteur',
  'backend.offline': 'Moteur hors ligne',
  'backend.server': 'API du serveur',
  'backend.hosted': 'API hébergée',
  'backend.quota': '{remaining} factures restantes ce mois-ci',
  'backend.quotaPlan': 'formule {plan}',
  'backend.quotaOf': '{remaining} factures restantes sur {limit} ce mois-ci',
  'quota.title': 'Quota mensuel atteint',
  'quota.limit': '{limit} factures par période',
  'quota.period': 'période commencée le {date}',
};
