import { languages, type Language } from '#domain/locales';
import type { CountryCode } from '#domain/markets';
import type { ValidBinRow } from '#domain/schemas/bins-import';
import { inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { binTexts, bins } from '../db/schema';
import { importBins, saveRetailer } from '../modules/bins/service';
import { seedActor } from './actor';

/**
 * Demo return bins: real cities and streets of the five markets, at shops of a few made-up
 * retailers. House numbers and exact positions are drawn from a fixed-seed generator, so
 * every start produces the same bins (ids are stable) and no real shop is named.
 */

export const demoRetailers = [
  { id: 'greenleaf-market', name: 'Greenleaf Market' },
  { id: 'corner-pantry', name: 'Corner Pantry' },
  { id: 'refill-station', name: 'The Refill Station' },
  { id: 'maple-grocer', name: 'Maple Grocer' },
  { id: 'epicerie-boreale', name: 'Épicerie Boréale' },
  { id: 'high-street-grocer', name: 'High Street Grocer' },
  { id: 'parkside-co-op', name: 'Parkside Co-op' },
  { id: 'marche-vert', name: 'Marché Vert' },
  { id: 'la-consigne', name: 'La Consigne' },
  { id: 'epicerie-du-coin', name: "L'Épicerie du Coin" },
  { id: 'midori-mart', name: 'みどりマート' },
  { id: 'kaeru-store', name: 'カエルストア' },
] as const;

type RetailerId = (typeof demoRetailers)[number]['id'];

interface City {
  name: string;
  lat: number;
  lng: number;
  streets: string[];
}

interface Shop {
  retailer: string;
  number: number;
  street: string;
  city: string;
  placement: string;
  hours: string;
}

/** How a market's bins are described in one language: where in the shop, when it is open, the sentence. */
interface BinWording {
  placements: string[];
  /** Whole phrases ("Open 24 hours"), so that no template says "Open" twice. */
  hours: string[];
  detail: (shop: Shop) => string;
}

interface MarketBins {
  retailers: RetailerId[];
  cities: City[];
  /** The language of a bin's own `details`. */
  language: Language;
  /** The wording per language; the same placement and hours (by index) in each. Canada: English and French. */
  wording: Partial<Record<Language, BinWording>> & Record<'own', BinWording>;
}

const englishDetail = (s: Shop) => `${s.retailer}, ${s.number} ${s.street}, ${s.city}. ${s.placement}. ${s.hours}.`;

const demoBins: Record<CountryCode, MarketBins> = {
  us: {
    retailers: ['greenleaf-market', 'corner-pantry', 'refill-station'],
    language: 'en',
    wording: {
      own: {
        placements: [
          'Inside the main entrance',
          'By the checkouts',
          'Next to the customer service desk',
          'In the parking lot, by the cart return',
        ],
        hours: ['Open 7 am–10 pm', 'Open 8 am–9 pm', 'Open 6 am–midnight', 'Open 24 hours'],
        detail: englishDetail,
      },
    },
    cities: [
      {
        name: 'New York, NY',
        lat: 40.7306,
        lng: -73.9866,
        streets: ['Broadway', 'Amsterdam Ave', 'Lexington Ave', 'Bedford Ave', 'Court St'],
      },
      { name: 'Los Angeles, CA', lat: 34.0522, lng: -118.2437, streets: ['Sunset Blvd', 'Wilshire Blvd', 'Melrose Ave', 'Figueroa St'] },
      { name: 'Chicago, IL', lat: 41.8881, lng: -87.6398, streets: ['N Clark St', 'W Division St', 'N Milwaukee Ave', 'S Halsted St'] },
      {
        name: 'Portland, OR',
        lat: 45.5152,
        lng: -122.6784,
        streets: ['SE Hawthorne Blvd', 'NW 23rd Ave', 'N Mississippi Ave', 'SE Division St'],
      },
      { name: 'Seattle, WA', lat: 47.6162, lng: -122.3321, streets: ['Pike St', 'Broadway E', 'NW Market St', 'Fremont Ave N'] },
      { name: 'San Francisco, CA', lat: 37.7699, lng: -122.4294, streets: ['Valencia St', 'Haight St', 'Irving St', 'Columbus Ave'] },
      { name: 'Austin, TX', lat: 30.2672, lng: -97.7431, streets: ['S Congress Ave', 'E 6th St', 'Guadalupe St', 'S Lamar Blvd'] },
      { name: 'Boston, MA', lat: 42.3551, lng: -71.0656, streets: ['Boylston St', 'Newbury St', 'Tremont St', 'Cambridge St'] },
      { name: 'Denver, CO', lat: 39.7392, lng: -104.9903, streets: ['E Colfax Ave', 'Larimer St', 'S Broadway', 'Tennyson St'] },
      { name: 'Minneapolis, MN', lat: 44.9778, lng: -93.265, streets: ['Hennepin Ave', 'Nicollet Ave', 'E Lake St', 'Central Ave NE'] },
    ],
  },
  ca: {
    retailers: ['greenleaf-market', 'maple-grocer', 'epicerie-boreale'],
    language: 'en',
    wording: {
      own: {
        placements: ['Inside the main entrance', 'By the checkouts', 'Beside the bottle return', 'Next to the customer service desk'],
        hours: ['Open 7:00–22:00', 'Open 8:00–21:00', 'Open 9:00–20:00', 'Open 24 hours'],
        detail: englishDetail,
      },
      // Quebec French: "212, rue Saint-Denis", "de 7 h à 22 h", "service à la clientèle".
      fr: {
        placements: [
          'À l’entrée principale',
          'Près des caisses',
          'À côté du comptoir de retour des bouteilles',
          'À côté du comptoir du service à la clientèle',
        ],
        hours: ['Ouvert de 7 h à 22 h', 'Ouvert de 8 h à 21 h', 'Ouvert de 9 h à 20 h', 'Ouvert 24 heures sur 24'],
        detail: (s) => `${s.retailer}, ${s.number}, ${s.street}, ${s.city}. ${s.placement}. ${s.hours}.`,
      },
    },
    cities: [
      {
        name: 'Toronto, ON',
        lat: 43.6532,
        lng: -79.3832,
        streets: ['Queen St W', 'Yonge St', 'Bloor St W', 'Danforth Ave', 'Spadina Ave'],
      },
      {
        name: 'Montréal, QC',
        lat: 45.5088,
        lng: -73.5878,
        streets: ['Rue Saint-Denis', 'Boulevard Saint-Laurent', 'Avenue du Mont-Royal', 'Rue Sainte-Catherine O'],
      },
      { name: 'Vancouver, BC', lat: 49.2727, lng: -123.1207, streets: ['Commercial Dr', 'Main St', 'W Broadway', 'Denman St'] },
      { name: 'Ottawa, ON', lat: 45.4215, lng: -75.6972, streets: ['Bank St', 'Elgin St', 'Wellington St W', 'Rideau St'] },
      { name: 'Calgary, AB', lat: 51.0447, lng: -114.0719, streets: ['17 Ave SW', 'Kensington Rd NW', '4 St SW', 'Edmonton Trail NE'] },
      { name: 'Halifax, NS', lat: 44.6488, lng: -63.5752, streets: ['Spring Garden Rd', 'Quinpool Rd', 'Agricola St', 'Barrington St'] },
      {
        name: 'Québec, QC',
        lat: 46.8139,
        lng: -71.208,
        streets: ['Rue Saint-Jean', 'Avenue Cartier', 'Rue Saint-Joseph E', 'Chemin Sainte-Foy'],
      },
      { name: 'Winnipeg, MB', lat: 49.8951, lng: -97.1384, streets: ['Corydon Ave', 'Osborne St', 'Portage Ave', 'Academy Rd'] },
    ],
  },
  uk: {
    retailers: ['high-street-grocer', 'parkside-co-op', 'refill-station'],
    language: 'en',
    wording: {
      own: {
        placements: [
          'Just inside the entrance',
          'By the tills',
          'Next to the customer service desk',
          'In the car park, by the trolley bay',
        ],
        hours: ['Open 7:00–22:00', 'Open 8:00–20:00', 'Open 7:00–23:00', 'Open 6:00–midnight'],
        detail: englishDetail,
      },
    },
    cities: [
      {
        name: 'London',
        lat: 51.5154,
        lng: -0.1128,
        streets: ['Upper Street', 'Kentish Town Road', 'Brixton Road', 'Mare Street', 'Portobello Road', 'Lordship Lane'],
      },
      { name: 'Manchester', lat: 53.4808, lng: -2.2426, streets: ['Oldham Street', 'Wilmslow Road', 'Deansgate', 'Burton Road'] },
      { name: 'Birmingham', lat: 52.4862, lng: -1.8904, streets: ['Corporation Street', 'Broad Street', 'Bristol Road', 'Soho Road'] },
      { name: 'Leeds', lat: 53.8008, lng: -1.5491, streets: ['Briggate', 'Otley Road', 'Kirkstall Road', 'Harehills Lane'] },
      {
        name: 'Glasgow',
        lat: 55.8642,
        lng: -4.2518,
        streets: ['Byres Road', 'Sauchiehall Street', 'Great Western Road', 'Pollokshaws Road'],
      },
      { name: 'Edinburgh', lat: 55.9533, lng: -3.1883, streets: ['Leith Walk', 'Bruntsfield Place', 'Morningside Road', 'Easter Road'] },
      { name: 'Bristol', lat: 51.4545, lng: -2.5879, streets: ['Gloucester Road', 'North Street', 'Whiteladies Road', 'Stokes Croft'] },
      { name: 'Cardiff', lat: 51.4816, lng: -3.1791, streets: ['City Road', 'Cowbridge Road East', 'Albany Road', 'Queen Street'] },
      { name: 'Liverpool', lat: 53.4084, lng: -2.9916, streets: ['Bold Street', 'Lark Lane', 'Smithdown Road', 'Allerton Road'] },
      { name: 'Belfast', lat: 54.5973, lng: -5.9301, streets: ['Lisburn Road', 'Ormeau Road', 'Botanic Avenue', 'Newtownards Road'] },
    ],
  },
  fr: {
    retailers: ['marche-vert', 'la-consigne', 'epicerie-du-coin'],
    language: 'fr',
    wording: {
      own: {
        placements: ['À l’entrée du magasin', 'Près des caisses', 'À côté de l’accueil', 'Sur le parking, près des chariots'],
        hours: ['Ouvert 8h–21h', 'Ouvert 7h30–22h', 'Ouvert 9h–20h', 'Ouvert 8h30–20h30'],
        detail: (s) => `${s.retailer}, ${s.number} ${s.street}, ${s.city}. ${s.placement}. ${s.hours}.`,
      },
    },
    cities: [
      {
        name: 'Paris',
        lat: 48.8566,
        lng: 2.3522,
        streets: [
          'Rue de Rivoli',
          'Rue Oberkampf',
          'Rue de la Roquette',
          'Rue Mouffetard',
          'Boulevard de Clichy',
          'Rue du Faubourg Saint-Antoine',
        ],
      },
      {
        name: 'Lyon',
        lat: 45.764,
        lng: 4.8357,
        streets: ['Rue de la République', 'Cours Vitton', 'Grande Rue de la Croix-Rousse', 'Avenue Jean Jaurès'],
      },
      { name: 'Marseille', lat: 43.2965, lng: 5.3698, streets: ['La Canebière', 'Rue de Rome', 'Boulevard Baille', 'Rue Paradis'] },
      {
        name: 'Toulouse',
        lat: 43.6047,
        lng: 1.4442,
        streets: ['Rue d’Alsace-Lorraine', 'Allées Jean Jaurès', 'Rue de Metz', 'Avenue de Muret'],
      },
      {
        name: 'Bordeaux',
        lat: 44.8378,
        lng: -0.5792,
        streets: ['Rue Sainte-Catherine', 'Cours Victor Hugo', 'Rue Notre-Dame', 'Cours de l’Argonne'],
      },
      { name: 'Lille', lat: 50.6292, lng: 3.0573, streets: ['Rue Solférino', 'Rue Gambetta', 'Rue de Béthune', 'Rue Esquermoise'] },
      {
        name: 'Nantes',
        lat: 47.2184,
        lng: -1.5536,
        streets: ['Rue de Strasbourg', 'Rue Crébillon', 'Boulevard des Poilus', 'Rue de Rennes'],
      },
      {
        name: 'Strasbourg',
        lat: 48.5734,
        lng: 7.7521,
        streets: ['Grand Rue', 'Rue du Faubourg National', 'Avenue des Vosges', 'Route du Polygone'],
      },
      { name: 'Nice', lat: 43.7102, lng: 7.262, streets: ['Avenue Jean Médecin', 'Rue de France', 'Boulevard Gambetta', 'Rue Bonaparte'] },
      {
        name: 'Rennes',
        lat: 48.1173,
        lng: -1.6778,
        streets: ['Rue Saint-Malo', 'Boulevard de la Liberté', 'Rue de Saint-Hélier', 'Avenue Janvier'],
      },
    ],
  },
  jp: {
    retailers: ['midori-mart', 'kaeru-store', 'refill-station'],
    language: 'ja',
    wording: {
      own: {
        placements: ['入口を入ってすぐ', 'レジの横', 'サービスカウンターの隣', '駐車場のカート置き場の横'],
        hours: ['9:00〜21:00', '10:00〜22:00', '24時間営業', '8:00〜23:00'],
        detail: (s) =>
          `${s.retailer} ${s.city}${s.street}${(s.number % 5) + 1}丁目${(s.number % 23) + 1}-${(s.number % 9) + 1}。${s.placement}。${s.hours}`,
      },
    },
    cities: [
      {
        name: '東京都',
        lat: 35.6812,
        lng: 139.7671,
        streets: ['渋谷区神南', '世田谷区三軒茶屋', '杉並区高円寺北', '台東区浅草', '江東区門前仲町', '新宿区神楽坂'],
      },
      { name: '大阪府大阪市', lat: 34.6937, lng: 135.5023, streets: ['北区天神橋', '中央区心斎橋筋', '西区北堀江', '天王寺区上本町'] },
      { name: '愛知県名古屋市', lat: 35.1709, lng: 136.8815, streets: ['中区大須', '千種区今池', '東区泉', '昭和区御器所'] },
      { name: '北海道札幌市', lat: 43.0618, lng: 141.3545, streets: ['中央区南一条西', '北区北二十四条西', '白石区本通', '豊平区平岸'] },
      { name: '福岡県福岡市', lat: 33.5902, lng: 130.4017, streets: ['中央区大名', '博多区祇園町', '早良区西新', '南区大橋'] },
      { name: '京都府京都市', lat: 35.0116, lng: 135.7681, streets: ['中京区河原町', '左京区田中里ノ内', '下京区四条', '北区紫野'] },
      { name: '神奈川県横浜市', lat: 35.4437, lng: 139.638, streets: ['中区元町', '西区みなとみらい', '港北区菊名', '神奈川区六角橋'] },
      { name: '兵庫県神戸市', lat: 34.6901, lng: 135.1955, streets: ['中央区三宮町', '灘区六甲町', '東灘区岡本', '兵庫区湊川町'] },
      { name: '宮城県仙台市', lat: 38.2682, lng: 140.8694, streets: ['青葉区一番町', '宮城野区榴岡', '若林区連坊', '太白区長町'] },
      { name: '広島県広島市', lat: 34.3853, lng: 132.4553, streets: ['中区本通', '南区段原', '西区横川町', '東区光町'] },
    ],
  },
};

/** Bins per city in the demo data. */
const binsPerCity = 8;

/** A small deterministic generator (mulberry32): the same seed, the same bins. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const retailerName = new Map<string, string>(demoRetailers.map((retailer) => [retailer.id, retailer.name]));

function slug(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Every demo bin, in a stable order with stable ids (`fr-lyon-03`, `jp-3-05`). */
export function demoBinRows(): ValidBinRow[] {
  const rows: ValidBinRow[] = [];
  for (const [countryCode, market] of Object.entries(demoBins) as [CountryCode, MarketBins][]) {
    const next = random(countryCode.charCodeAt(0) * 31 + countryCode.charCodeAt(1));
    market.cities.forEach((city, cityIndex) => {
      const citySlug = slug(city.name.split(',')[0]!) || String(cityIndex + 1);
      for (let index = 0; index < binsPerCity; index += 1) {
        const retailerId = market.retailers[Math.floor(next() * market.retailers.length)]!;
        // Spread over the city: up to about 5 km from its centre, denser near it.
        const distance = 0.045 * Math.sqrt(next());
        const angle = next() * 2 * Math.PI;
        const lat = city.lat + distance * Math.sin(angle);
        const lng = city.lng + (distance * Math.cos(angle)) / Math.cos((city.lat * Math.PI) / 180);
        const street = city.streets[Math.floor(next() * city.streets.length)]!;
        const number = 1 + Math.floor(next() * 480);
        const placement = Math.floor(next() * market.wording.own.placements.length);
        const hours = Math.floor(next() * market.wording.own.hours.length);
        const shop = (wording: BinWording): Shop => ({
          retailer: retailerName.get(retailerId)!,
          number,
          street,
          city: city.name,
          placement: wording.placements[placement]!,
          hours: wording.hours[hours]!,
        });
        const texts: Partial<Record<Language, string>> = {};
        for (const language of languages) {
          const wording = language === market.language ? market.wording.own : market.wording[language];
          if (wording) texts[language] = wording.detail(shop(wording));
        }
        rows.push({
          id: `${countryCode}-${citySlug}-${String(index + 1).padStart(2, '0')}`,
          countryCode,
          retailerId,
          lat: Math.round(lat * 1e6) / 1e6,
          lng: Math.round(lng * 1e6) / 1e6,
          details: market.wording.own.detail(shop(market.wording.own)),
          texts,
        });
      }
    });
  }
  return rows;
}

/**
 * The demo retailers and bins, on a database that has no bin yet. Once there are bins, the
 * operators own them: a removed demo bin does not come back at the next start. A demo bin still as
 * the demo made it gets the texts in other languages it lacks (the Canadian bins' French came later).
 */
export async function seedDemoBins(db: Database): Promise<number> {
  const [any] = await db.select({ id: bins.id }).from(bins).limit(1);
  if (any) {
    await addMissingDemoTexts(db);
    return 0;
  }
  await db.transaction(async (tx) => {
    for (const retailer of demoRetailers) await saveRetailer(tx, seedActor, retailer);
  });
  const report = await importBins(
    db,
    seedActor,
    demoBinRows().map((bin, index) => ({
      row: index + 1,
      values: {
        id: bin.id,
        country_code: bin.countryCode,
        lat: bin.lat,
        lng: bin.lng,
        details: bin.details,
        details_en: bin.texts.en,
        details_fr: bin.texts.fr,
        details_ja: bin.texts.ja,
        retailer_id: bin.retailerId,
      },
    })),
  );
  if (report.rejected.length > 0) throw new Error(`demo bins rejected: ${JSON.stringify(report.rejected.slice(0, 3))}`);
  return report.added;
}

async function addMissingDemoTexts(db: Database): Promise<void> {
  const demo = demoBinRows();
  const stored = new Map(
    (
      await db
        .select({ id: bins.id, details: bins.details })
        .from(bins)
        .where(
          inArray(
            bins.id,
            demo.map((bin) => bin.id),
          ),
        )
    ).map((row) => [row.id, row.details]),
  );
  const texts = demo
    .filter((bin) => stored.get(bin.id) === bin.details)
    .flatMap((bin) =>
      languages.flatMap((language) => {
        const details = bin.texts[language];
        return details === undefined ? [] : [{ binId: bin.id, language, details }];
      }),
    );
  if (texts.length > 0) await db.insert(binTexts).values(texts).onConflictDoNothing();
}
