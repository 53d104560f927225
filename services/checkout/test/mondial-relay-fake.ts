import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Mondial Relay's Web_Services.asmx, speaking WSI4_PointRelais_Recherche as
 * documented: a SOAP 1.1 POST with the SOAPAction header, the parameters in the WSDL's order and
 * `Security` = uppercase MD5 of their values concatenated, then the private key. A good call gets 7
 * points around Paris 1er; a bad signature gets STAT 97 as the real service answers it. Written
 * apart from the provider (its own parameter list and hash), so a mistake on one side shows.
 */

const ORDER = [
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
];

export type FakeCall = { soapAction: string; parameters: Record<string, string>; expectedSecurity: string };

export type MondialRelayFake = {
  url: string;
  calls: FakeCall[];
  /** 'answer' (default), 'slow' (answers after `delayMs`), 'error' (HTTP 500). */
  mode: 'answer' | 'slow' | 'error';
  delayMs: number;
  close(): Promise<void>;
};

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

const field = (xml: string, name: string) => {
  const match = new RegExp(`<${name}>([^<]*)</${name}>|<${name}\\s*/>`).exec(xml);
  return match ? (match[1] ?? '').replaceAll('&amp;', '&') : '';
};

const hours = (values: string[]) => values.map((value) => `<string>${value}</string>`).join('');
const WEEK = ['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi', 'Dimanche'];

/** Seven invented points, as the service writes them: upper case, padded, decimal commas. */
export const FAKE_POINTS = [
  { num: '020581', name: 'TABAC DU LOUVRE', street: '12 RUE DU LOUVRE', cp: '75001', distance: '184' },
  { num: '020944', name: 'PRESSING SAINT-HONORE', street: '140 RUE SAINT-HONORE', cp: '75001', distance: '322' },
  { num: '021377', name: 'EPICERIE LES HALLES & CIE', street: '5 RUE BERGER', cp: '75001', distance: '410' },
  { num: '019862', name: 'LIBRAIRIE DU PALAIS', street: '21 RUE DE VALOIS', cp: '75001', distance: '655' },
  { num: '022015', name: 'PHONE REPAR RIVOLI', street: '88 RUE DE RIVOLI', cp: '75004', distance: '801' },
  { num: '018733', name: 'CORDONNERIE MONTORGUEIL', street: '47 RUE MONTORGUEIL', cp: '75002', distance: '930' },
  { num: '023410', name: 'FLEURS DE LA BOURSE', street: '9 RUE VIVIENNE', cp: '75002', distance: '1105' },
];

function searchAnswer(stat: string, points: typeof FAKE_POINTS): string {
  const details = points
    .map(
      (point, index) =>
        '<PointRelais_Details><STAT>0</STAT>' +
        `<Num>${point.num}</Num><LgAdr1>${point.name.replaceAll('&', '&amp;').padEnd(32, ' ')}</LgAdr1><LgAdr2 />` +
        `<LgAdr3>${point.street.padEnd(32, ' ')}</LgAdr3><LgAdr4 /><CP>${point.cp}</CP><Ville>PARIS                    </Ville><Pays>FR</Pays>` +
        '<Localisation1>METRO LOUVRE RIVOLI</Localisation1><Localisation2 />' +
        `<Latitude>48,86${index}1234</Latitude><Longitude>02,34${index}5678</Longitude><TypeActivite>000</TypeActivite><NACE>4726Z</NACE><Information />` +
        WEEK.map((day) => {
          const values =
            day === 'Dimanche'
              ? ['0000', '0000', '0000', '0000']
              : day === 'Samedi'
                ? ['0900', '1300', '0000', '0000']
                : ['0900', '1230', '1400', '1900'];
          return `<Horaires_${day}>${hours(values)}</Horaires_${day}>`;
        }).join('') +
        '<Informations_Dispo />' +
        `<URL_Photo>https://ww2.mondialrelay.com/public/permanent/photo_relais.aspx?ens=XX&amp;num=${point.num}&amp;pays=FR</URL_Photo>` +
        `<URL_Plan>https://ww2.mondialrelay.com/public/permanent/plan_relais.aspx?ens=XX&amp;num=${point.num}&amp;pays=FR</URL_Plan>` +
        `<Distance>${point.distance}</Distance></PointRelais_Details>`,
    )
    .join('');
  return (
    '<?xml version="1.0" encoding="utf-8"?>' +
    '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">' +
    '<soap:Body><WSI4_PointRelais_RechercheResponse xmlns="http://www.mondialrelay.fr/webservice/"><WSI4_PointRelais_RechercheResult>' +
    `<STAT>${stat}</STAT>${stat === '0' ? `<PointsRelais>${details}</PointsRelais>` : ''}` +
    '</WSI4_PointRelais_RechercheResult></WSI4_PointRelais_RechercheResponse></soap:Body></soap:Envelope>'
  );
}

export async function startMondialRelayFake({ enseigne, privateKey }: { enseigne: string; privateKey: string }): Promise<MondialRelayFake> {
  const fake: Omit<MondialRelayFake, 'url' | 'close'> = { calls: [], mode: 'answer', delayMs: 6000 };
  const server = createServer(async (request, response) => {
    const xml = await readBody(request);
    const parameters = Object.fromEntries([...ORDER, 'Security'].map((name) => [name, field(xml, name)]));
    const expectedSecurity = createHash('md5')
      .update(ORDER.map((name) => parameters[name]).join('') + privateKey)
      .digest('hex')
      .toUpperCase();
    fake.calls.push({ soapAction: String(request.headers.soapaction ?? ''), parameters, expectedSecurity });
    if (fake.mode === 'slow') await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
    if (fake.mode === 'error') {
      response.writeHead(500, { 'content-type': 'text/xml; charset=utf-8' }).end('<soap:Fault/>');
      return;
    }
    const trusted = parameters.Enseigne === enseigne.padEnd(8, ' ') && parameters.Security === expectedSecurity;
    const limit = Number(parameters.NombreResultats) || 10;
    response
      .writeHead(200, { 'content-type': 'text/xml; charset=utf-8' })
      .end(searchAnswer(trusted ? '0' : '97', FAKE_POINTS.slice(0, limit)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}/Web_Services.asmx`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
