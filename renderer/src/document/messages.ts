/** What the document view shows, in English and French (see i18n/messages.ts). */
export const en = {
  'extract.title': 'Embedded XML',
  'extract.profile': 'Profile',
  'extract.size': 'Size',
  'extract.download': 'Download XML',
  'document.noFacturx': 'No Factur-X data in this PDF yet: convert it below.',
} as const;

export const fr: Record<keyof typeof en, string> = {
  'extract.title': 'XML embarqué',
  'extract.profile': 'Profil',
  'extract.size': 'Taille',
  'extract.download': 'Télécharger le XML',
  'document.noFacturx': 'Ce PDF ne contient pas encore de données Factur-X : convertissez-le ci-dessous.',
};
