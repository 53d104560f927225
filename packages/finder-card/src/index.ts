export { ageInYears } from './age';
export { type CardChild, type CardContact, CardPhotoImage, FinderCard } from './FinderCard';
export { type LinkComponent, type LinkProps, PlainLink } from './links';
export { displayPhone } from './phone';
export { ShareSection } from './ShareSection';
export { type ShareStatus, type ShareTarget, shareButtonOf, shareMessageOf } from './share-state';
export { ConfigurationProblem, InvalidBracelet, LookupUnavailable, WelcomeBracelet } from './states';
export { CONTACT_ADDRESS, geolocationOptions, shareTexts, WIZARD_BRACELET_KEY } from './texts';
