/** What the document view shows, in English and French (see i18n/messages.ts). */
export const en = {
  'extract.title': 'Embedded XML',
  'extract.profile': 'Profile',
  'extract.size': 'Size',
  'extract.download': 'Download XML',
} as const;

export const fr: Record<keyof typeof en, string> = {
  'extract.title': 'XML embarqué',
  'extract.profile': 'Profil',
  'extract.size': 'Taille',
  'extract.download': 'Télécharger le XML',
};
