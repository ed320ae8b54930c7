/** What the application, answers, file kinds and sizes, counts show, in English and French (see i18n/messages.ts). */
export const en = {
  'app.name': 'Factur-X Desk',
  'app.tagline': 'Validate, extract, repair and convert French and European e-invoices',
  'operation.validate': 'Validation',
  'operation.extract': 'Extraction',
  'operation.repair': 'Repair',
  'count.errors.one': '{n} error',
  'count.errors.other': '{n} errors',
  'count.warnings.one': '{n} warning',
  'count.warnings.other': '{n} warnings',
  'answer.pending': 'Working…',
  'answer.success': 'Answered',
  'answer.failure': 'Error',
  'answer.status': 'HTTP {status}',
  'answer.noStatus': 'no answer',
  'answer.details': 'Full answer',
  'error.authentication_required':
    'This server asks for an access key: open Settings and paste the key you were given.',
  'error.quota_exceeded': 'The invoices included in your plan for this period are used up.',
  'error.file_too_large': 'This file is too large for the server.',
  'error.unsupported_media_type': 'This operation needs a PDF file.',
  'error.unextractable_pdf':
    'This PDF cannot be read: it may be damaged, protected by a password, or hold no invoice.',
  'error.ocr_confidence_too_low': 'The scan is too hard to read with confidence: try a sharper scan.',
  'error.insufficient_data': 'Some required invoice data is missing.',
  'error.invalid_data_format': 'A value of the invoice is not in the expected form.',
  'error.pdf_validation_failed':
    'The Factur-X file produced did not pass the checks, so it was not delivered.',
  'error.validation_profile_unavailable': 'The France 2026 checks cannot run here.',
  'error.rate_limit_exceeded': 'Too many requests at once: wait a minute and try again.',
  'error.ocr_service_unavailable': 'Text recognition is not available right now: try again later.',
  'error.ocr_quota_exhausted': 'Text recognition is not available right now: try again later.',
  'error.ocr_timeout': 'Reading the scan took too long.',
  'error.requested_output_unavailable': 'The Factur-X file could not be produced; nothing was charged.',
  'error.validation_service_unavailable': 'The checks are not available right now: try again later.',
  'error.inline_context_conflict': 'What you entered contradicts what the document says.',
  'error.profile_inline_context_conflict': 'What you entered contradicts the saved profile.',
  'error.seller_profile_not_found': 'The saved seller profile no longer exists.',
  'error.buyer_profile_not_found': 'The saved buyer profile no longer exists.',
  'error.backend_unreachable':
    'The server cannot be reached: check its address in Settings and that it is running.',
  'error.internal_error': 'Something went wrong on the server.',
  'error.other': 'The request could not be completed.',
  'error.technical': 'Technical details',
  'kind.pdf': 'PDF',
  'kind.xml': 'XML',
  'size.bytes': '{n} B',
  'size.kilobytes': '{n} KB',
  'operation.convert': 'Conversion',
  'kind.json': 'JSON',
  'footer.disclaimer':
    'Validation results are technical evidence only: not acceptance by an approved platform (PA), nor final tax compliance.',
} as const;

export const fr: Record<keyof typeof en, string> = {
  'app.name': 'Factur-X Desk',
  'app.tagline':
    'Valider, extraire, réparer et convertir les factures électroniques françaises et européennes',
  'operation.validate': 'Validation',
  'operation.extract': 'Extraction',
  'operation.repair': 'Réparation',
  'count.errors.one': '{n} erreur',
  'count.errors.other': '{n} erreurs',
  'count.warnings.one': '{n} avertissement',
  'count.warnings.other': '{n} avertissements',
  'answer.pending': 'Traitement…',
  'answer.success': 'Réponse reçue',
  'answer.failure': 'Erreur',
  'answer.status': 'HTTP {status}',
  'answer.noStatus': 'pas de réponse',
  'answer.details': 'Réponse complète',
  'error.authentication_required':
    'Ce serveur demande une clé d’accès : ouvrez les Paramètres et collez la clé que vous avez reçue.',
  'error.quota_exceeded': 'Les factures comprises dans votre offre pour cette période sont épuisées.',
  'error.file_too_large': 'Ce fichier est trop volumineux pour le serveur.',
  'error.unsupported_media_type': 'Cette opération demande un fichier PDF.',
  'error.unextractable_pdf':
    'Ce PDF est illisible : il est peut-être endommagé, protégé par un mot de passe, ou ne contient pas de facture.',
  'error.ocr_confidence_too_low':
    'Le scan est trop difficile à lire avec assurance : essayez un scan plus net.',
  'error.insufficient_data': 'Des données obligatoires de la facture manquent.',
  'error.invalid_data_format': 'Une valeur de la facture n’a pas la forme attendue.',
  'error.pdf_validation_failed':
    'Le fichier Factur-X produit n’a pas passé les contrôles ; il n’a donc pas été livré.',
  'error.validation_profile_unavailable': 'Les contrôles France 2026 ne peuvent pas s’exécuter ici.',
  'error.rate_limit_exceeded': 'Trop de demandes à la fois : attendez une minute et réessayez.',
  'error.ocr_service_unavailable':
    'La reconnaissance de texte n’est pas disponible pour le moment : réessayez plus tard.',
  'error.ocr_quota_exhausted':
    'La reconnaissance de texte n’est pas disponible pour le moment : réessayez plus tard.',
  'error.ocr_timeout': 'La lecture du scan a pris trop de temps.',
  'error.requested_output_unavailable':
    'Le fichier Factur-X n’a pas pu être produit ; rien n’a été décompté.',
  'error.validation_service_unavailable':
    'Les contrôles ne sont pas disponibles pour le moment : réessayez plus tard.',
  'error.inline_context_conflict': 'Ce que vous avez saisi contredit ce que dit le document.',
  'error.profile_inline_context_conflict': 'Ce que vous avez saisi contredit le profil enregistré.',
  'error.seller_profile_not_found': 'Le profil vendeur enregistré n’existe plus.',
  'error.buyer_profile_not_found': 'Le profil acheteur enregistré n’existe plus.',
  'error.backend_unreachable':
    'Le serveur est injoignable : vérifiez son adresse dans les Paramètres et qu’il est démarré.',
  'error.internal_error': 'Une erreur est survenue sur le serveur.',
  'error.other': 'La demande n’a pas pu aboutir.',
  'error.technical': 'Détails techniques',
  'kind.pdf': 'PDF',
  'kind.xml': 'XML',
  'size.bytes': '{n} o',
  'size.kilobytes': '{n} Ko',
  'operation.convert': 'Conversion',
  'kind.json': 'JSON',
  'footer.disclaimer':
    'Les résultats de validation sont des éléments techniques : ni une acceptation par une plateforme agréée (PA), ni une conformité fiscale définitive.',
};
