/**
 * Headers of the public contract beyond the spec's bodies. Zod-free, so the finder's page can
 * import it without loading a validation library.
 */

/** '0' on a lookup answer whose alert could not be recorded: the page must not say the family was told. */
export const familyAlertedHeader = 'x-family-alerted';
