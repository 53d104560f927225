import { createHash } from 'node:crypto';
import { escapeXmlText } from './soap-xml.js';

/**
 * Mondial Relay's point search, WSI4_PointRelais_Recherche, as their web service documents it:
 * a SOAP 1.1 call on Web_Services.asmx whose parameters go in the WSDL's order, signed by
 * `Security` = the uppercase hex MD5 of every parameter value concatenated in that order, then the
 * private key. Empty parameters count as empty strings, so leaving them out of the signature or
 * not changes nothing.
 */

export const MONDIAL_RELAY_NAMESPACE = 'http://www.mondialrelay.fr/webservice/';
export const SEARCH_ACTION = `${MONDIAL_RELAY_NAMESPACE}WSI4_PointRelais_Recherche`;

/** The request's parameters in the WSDL's order (the order the signature is computed in). */
export const SEARCH_PARAMETER_ORDER = [
  'Enseigne',
  'Pays',
  'NumPointRelais',
  'Ville',
  'CP',
  'Latitude',
  'Longitude',
  'Taille',
  'Poids',
  'Action',
  'DelaiEnvoi',
  'RayonRecherche',
  'TypeActivite',
  'NACE',
  'NombreResultats',
] as const;
export type SearchParameters = Record<(typeof SEARCH_PARAMETER_ORDER)[number], string>;

/** A search around a postcode: standard relay delivery (24R), shipping today, `limit` results. */
export function buildSearchParameters({
  enseigne,
  country,
  postcode,
  limit,
}: {
  enseigne: string;
  country: string;
  postcode: string;
  limit: number;
}): SearchParameters {
  return {
    // The brand code is 8 characters, right-padded with spaces (as Mondial Relay issues it).
    Enseigne: enseigne.padEnd(8, ' '),
    Pays: country,
    NumPointRelais: '',
    Ville: '',
    CP: postcode,
    Latitude: '',
    Longitude: '',
    Taille: '',
    Poids: '',
    Action: '24R',
    DelaiEnvoi: '0',
    RayonRecherche: '',
    TypeActivite: '',
    NACE: '',
    NombreResultats: String(limit),
  };
}

/** The documented security key: MD5 (uppercase hex) of the values in order, then the private key. */
export function signSearch(parameters: SearchParameters, privateKey: string): string {
  const signed = SEARCH_PARAMETER_ORDER.map((name) => parameters[name]).join('') + privateKey;
  return createHash('md5').update(signed, 'utf8').digest('hex').toUpperCase();
}

/** The SOAP 1.1 envelope of a signed search. */
export function buildSearchEnvelope(parameters: SearchParameters, security: string): string {
  const fields = [...SEARCH_PARAMETER_ORDER.map((name) => [name, parameters[name]] as const), ['Security', security] as const]
    .map(([name, value]) => `<${name}>${escapeXmlText(value)}</${name}>`)
    .join('');
  return (
    '<?xml version="1.0" encoding="utf-8"?>' +
    '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">' +
    `<soap:Body><WSI4_PointRelais_Recherche xmlns="${MONDIAL_RELAY_NAMESPACE}">${fields}</WSI4_PointRelais_Recherche></soap:Body>` +
    '</soap:Envelope>'
  );
}
