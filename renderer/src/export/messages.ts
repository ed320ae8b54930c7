/** What the export of documents shows, in English and French (see i18n/messages.ts). */
export const en = {
  'export.selection': 'Export (zip)',
  'export.working': 'Exporting…',
  'export.toFolder': 'Export to a folder',
  'export.savedInFolder': '{count} files saved in {folder}.',
  'export.zipName': 'facturx-export.zip',
  'export.withoutReport':
    'The validation report could not be drawn as a PDF: the export holds the files and the CSV summary only.',
} as const;

export const fr: Record<keyof typeof en, string> = {
  'export.selection': 'Exporter (zip)',
  'export.working': 'Export en cours…',
  'export.toFolder': 'Exporter dans un dossier',
  'export.savedInFolder': '{count} fichiers enregistrés dans {folder}.',
  'export.zipName': 'export-facturx.zip',
  'export.withoutReport':
    'Le rapport de validation n’a pas pu être produit en PDF : l’export contient seulement les fichiers et la synthèse CSV.',
};
