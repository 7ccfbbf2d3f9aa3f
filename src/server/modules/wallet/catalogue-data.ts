import { markets, type CountryCode, type Currency } from '#domain/markets';
import type { ContainerType } from '#domain/schemas/wallet';

/**
 * The product catalogue of the five markets: reference data, not demo data.
 * Upserted at every start (ids are stable), so a name or deposit fixed here
 * reaches every database; a product is never deleted (containers point to it).
 */
export interface CatalogueProduct {
  id: string;
  countryCode: CountryCode;
  containerType: ContainerType;
  name: { en: string; fr: string; ja: string };
  /** Minor units of the market's currency. */
  depositMinor: number;
}

const image: Record<ContainerType, string> = {
  bottle: 'bottle',
  jar: 'jar',
  cup: 'cup',
  tub: 'tub',
  pot: 'pot',
  box: 'box',
  growler: 'growler',
  pump_bottle: 'pump-bottle',
  tin: 'tin',
};

export function productImageUrl(type: ContainerType): string {
  return `/images/products/${image[type]}.svg`;
}

type Row = [id: string, type: ContainerType, deposit: number, en: string, fr: string, ja: string];

const rows: Record<CountryCode, Row[]> = {
  us: [
    [
      'us-cold-brew-350',
      'bottle',
      50,
      'Cold brew coffee, 350 ml glass bottle',
      'Café infusé à froid, bouteille en verre de 350 ml',
      'コールドブリューコーヒー 350ml ガラス瓶',
    ],
    ['us-oat-milk-1l', 'bottle', 75, 'Oat milk, 1 L bottle', 'Lait d’avoine, bouteille de 1 L', 'オーツミルク 1L ボトル'],
    ['us-peanut-butter-450', 'jar', 50, 'Peanut butter, 450 g jar', 'Beurre de cacahuète, bocal de 450 g', 'ピーナッツバター 450g 瓶'],
    [
      'us-ice-cream-pint',
      'tub',
      100,
      'Vanilla ice cream, pint tub',
      'Glace à la vanille, pot de 473 ml',
      'バニラアイスクリーム パイントカップ',
    ],
    ['us-greek-yogurt-170', 'pot', 25, 'Greek yogurt, 170 g pot', 'Yaourt à la grecque, pot de 170 g', 'ギリシャヨーグルト 170g カップ'],
    [
      'us-coffee-cup-16oz',
      'cup',
      25,
      'Coffee to go, 16 oz cup',
      'Café à emporter, gobelet de 16 oz',
      'テイクアウトコーヒー 16オンスカップ',
    ],
    [
      'us-hand-soap-500',
      'pump_bottle',
      100,
      'Hand soap, 500 ml pump bottle',
      'Savon pour les mains, flacon pompe de 500 ml',
      'ハンドソープ 500ml ポンプボトル',
    ],
    ['us-kombucha-growler', 'growler', 100, 'Kombucha, 64 oz growler', 'Kombucha, growler de 64 oz', 'コンブチャ 64オンス グラウラー'],
  ],
  ca: [
    ['ca-maple-syrup-250', 'jar', 50, 'Maple syrup, 250 ml jar', 'Sirop d’érable, pot de 250 ml', 'メープルシロップ 250ml 瓶'],
    ['ca-milk-2l', 'bottle', 100, 'Milk, 2 L glass bottle', 'Lait, bouteille en verre de 2 L', '牛乳 2L ガラス瓶'],
    [
      'ca-sparkling-water-750',
      'bottle',
      25,
      'Sparkling water, 750 ml bottle',
      'Eau pétillante, bouteille de 750 ml',
      '炭酸水 750ml ボトル',
    ],
    ['ca-coffee-cup-medium', 'cup', 25, 'Coffee to go, medium cup', 'Café à emporter, gobelet moyen', 'テイクアウトコーヒー Mサイズカップ'],
    ['ca-ice-cream-500', 'tub', 75, 'Ice cream, 500 ml tub', 'Crème glacée, contenant de 500 ml', 'アイスクリーム 500ml カップ'],
    ['ca-salad-box', 'box', 50, 'Salad bowl, lunch box', 'Salade repas, boîte à lunch', 'サラダボウル ランチボックス'],
    ['ca-laundry-1l', 'pump_bottle', 100, 'Laundry detergent, 1 L bottle', 'Détergent à lessive, flacon de 1 L', '洗濯用洗剤 1L ボトル'],
  ],
  uk: [
    ['uk-milk-pint', 'bottle', 25, 'Semi-skimmed milk, 1 pint bottle', 'Lait demi-écrémé, bouteille de 568 ml', '低脂肪牛乳 1パイント瓶'],
    ['uk-orange-juice-1l', 'bottle', 50, 'Orange juice, 1 L bottle', 'Jus d’orange, bouteille de 1 L', 'オレンジジュース 1L ボトル'],
    ['uk-strawberry-jam-340', 'jar', 40, 'Strawberry jam, 340 g jar', 'Confiture de fraises, pot de 340 g', 'いちごジャム 340g 瓶'],
    [
      'uk-coffee-cup-12oz',
      'cup',
      25,
      'Flat white to go, 12 oz cup',
      'Flat white à emporter, gobelet de 12 oz',
      'テイクアウト フラットホワイト 12オンスカップ',
    ],
    [
      'uk-ice-cream-500',
      'tub',
      75,
      'Clotted cream ice cream, 500 ml tub',
      'Glace à la crème caillée, pot de 500 ml',
      'クロテッドクリームアイス 500ml カップ',
    ],
    ['uk-yogurt-450', 'pot', 30, 'Natural yogurt, 450 g pot', 'Yaourt nature, pot de 450 g', 'プレーンヨーグルト 450g カップ'],
    [
      'uk-shower-gel-250',
      'pump_bottle',
      100,
      'Shower gel, 250 ml pump bottle',
      'Gel douche, flacon pompe de 250 ml',
      'シャワージェル 250ml ポンプボトル',
    ],
    ['uk-tea-tin', 'tin', 100, 'Breakfast tea, 80 bags tin', 'Thé breakfast, boîte de 80 sachets', 'ブレックファストティー 80袋入り缶'],
  ],
  fr: [
    [
      'fr-eau-gazeuse-1l',
      'bottle',
      30,
      'Sparkling mineral water, 1 L bottle',
      'Eau minérale gazeuse, bouteille de 1 L',
      '炭酸ミネラルウォーター 1L ボトル',
    ],
    ['fr-jus-pomme-1l', 'bottle', 50, 'Apple juice, 1 L bottle', 'Jus de pomme, bouteille de 1 L', 'りんごジュース 1L ボトル'],
    ['fr-confiture-abricot', 'jar', 40, 'Apricot jam, 370 g jar', 'Confiture d’abricots, bocal de 370 g', 'アプリコットジャム 370g 瓶'],
    [
      'fr-yaourt-nature',
      'pot',
      20,
      'Plain yogurt, 125 g glass pot',
      'Yaourt nature, pot en verre de 125 g',
      'プレーンヨーグルト 125g ガラスカップ',
    ],
    ['fr-cafe-gobelet', 'cup', 25, 'Coffee to go, 25 cl cup', 'Café à emporter, gobelet de 25 cl', 'テイクアウトコーヒー 25clカップ'],
    ['fr-glace-500', 'tub', 80, 'Sorbet, 500 ml tub', 'Sorbet, bac de 500 ml', 'ソルベ 500ml カップ'],
    ['fr-lessive-1l', 'pump_bottle', 100, 'Laundry liquid, 1 L bottle', 'Lessive liquide, flacon de 1 L', '液体洗濯洗剤 1L ボトル'],
    ['fr-plat-du-jour', 'box', 50, 'Dish of the day, lunch box', 'Plat du jour, boîte repas', '日替わり料理 ランチボックス'],
  ],
  jp: [
    ['jp-green-tea-500', 'bottle', 30, 'Green tea, 500 ml bottle', 'Thé vert, bouteille de 500 ml', '緑茶 500ml ボトル'],
    ['jp-milk-900', 'bottle', 20, 'Milk, 900 ml glass bottle', 'Lait, bouteille en verre de 900 ml', '牛乳 900ml ガラス瓶'],
    ['jp-miso-750', 'pot', 50, 'Miso, 750 g pot', 'Miso, pot de 750 g', '味噌 750g 容器'],
    ['jp-bento-box', 'box', 100, 'Bento, lunch box', 'Bento, boîte repas', 'お弁当 ランチボックス'],
    ['jp-coffee-cup', 'cup', 10, 'Coffee to go, M cup', 'Café à emporter, gobelet M', 'テイクアウトコーヒー Mカップ'],
    ['jp-ice-cream-cup', 'tub', 50, 'Matcha ice cream, 500 ml tub', 'Glace au matcha, pot de 500 ml', '抹茶アイスクリーム 500ml カップ'],
    [
      'jp-shampoo-400',
      'pump_bottle',
      80,
      'Shampoo, 400 ml pump bottle',
      'Shampooing, flacon pompe de 400 ml',
      'シャンプー 400ml ポンプボトル',
    ],
    ['jp-senbei-tin', 'tin', 60, 'Rice crackers, tin', 'Crackers de riz, boîte en métal', 'せんべい 缶'],
  ],
};

export const catalogue: (CatalogueProduct & { currency: Currency; imageUrl: string; sortOrder: number })[] = Object.entries(rows).flatMap(
  ([countryCode, list]) =>
    list.map(([id, containerType, depositMinor, en, fr, ja], index) => ({
      id,
      countryCode: countryCode as CountryCode,
      containerType,
      depositMinor,
      name: { en, fr, ja },
      currency: markets[countryCode as CountryCode].currency,
      imageUrl: productImageUrl(containerType),
      sortOrder: index,
    })),
);
