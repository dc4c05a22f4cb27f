import type { BRANDS, Category, GRADES, Product } from '../../../../../contract/catalogue.ts';

/**
 * The local catalogue: what the partner's refurbished-phone shop sells, as it stood when this
 * stand-in was written (brand, model, storage, colour, a price per grade and how well each
 * sells). It is the default while no partner service is configured, so the phone pages work on
 * one machine; its images are drawn by images.ts.
 */
export const PARTNER_SHOP = 'https://shop.refurb.example/ie/p/';

const models: [
  brand: (typeof BRANDS)[number],
  model: string,
  storageGb: number,
  colour: string,
  excellentEuro: number,
  popularity: number,
][] = [
  ['Apple', 'iPhone 15 Pro', 128, 'Natural titanium', 799, 96],
  ['Apple', 'iPhone 15', 128, 'Blue', 629, 91],
  ['Apple', 'iPhone 14', 128, 'Midnight', 489, 88],
  ['Apple', 'iPhone 13', 128, 'Starlight', 399, 93],
  ['Apple', 'iPhone 13 mini', 128, 'Pink', 349, 52],
  ['Apple', 'iPhone 12', 64, 'White', 279, 84],
  ['Apple', 'iPhone 11', 64, 'Black', 219, 79],
  ['Apple', 'iPhone SE (2022)', 64, 'Red', 199, 70],
  ['Samsung', 'Galaxy S24', 256, 'Onyx black', 579, 87],
  ['Samsung', 'Galaxy S23', 128, 'Lavender', 449, 82],
  ['Samsung', 'Galaxy S22', 128, 'Phantom white', 329, 68],
  ['Samsung', 'Galaxy S21 FE', 128, 'Olive', 249, 61],
  ['Samsung', 'Galaxy A54', 128, 'Awesome lime', 239, 66],
  ['Samsung', 'Galaxy A34', 128, 'Awesome silver', 189, 58],
  ['Samsung', 'Galaxy Z Flip5', 256, 'Mint', 549, 55],
  ['Google', 'Pixel 8', 128, 'Hazel', 429, 64],
  ['Google', 'Pixel 7a', 128, 'Sea', 279, 60],
  ['Google', 'Pixel 7', 128, 'Snow', 299, 57],
  ['Google', 'Pixel 6a', 128, 'Chalk', 179, 49],
  ['OnePlus', 'Nord 3', 128, 'Misty green', 249, 38],
  ['OnePlus', '11', 256, 'Titan black', 389, 41],
  ['Motorola', 'moto g84', 256, 'Marshmallow blue', 169, 35],
  ['Xiaomi', 'Redmi Note 13', 128, 'Ice blue', 149, 44],
  ['Nokia', 'G42', 128, 'So purple', 129, 22],
];

/** The partner's category of a phone: foldables by name, the rest by the price of its best grade. */
export function categoryOf(model: string, excellentEuro: number): Category {
  if (/\b(Flip|Fold)\d*\b/.test(model)) return 'foldable';
  if (excellentEuro >= 400) return 'flagship';
  if (excellentEuro < 200) return 'budget';
  return 'everyday';
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/(^-|-$)/g, '');
/** A lower grade costs less: Very good 8 % less, Good 15 % less, to the nearest euro less a cent. */
const discount: Record<(typeof GRADES)[number], number> = { Excellent: 0, 'Very good': 0.08, Good: 0.15 };

export const localCatalogue: readonly Product[] = models.flatMap(
  ([brand, model, storageGb, colour, euro, popularity], i) =>
    // Two grades per phone, alternating which two, so every grade is in stock somewhere.
    (i % 2 === 0 ? (['Excellent', 'Good'] as const) : (['Excellent', 'Very good'] as const)).map((grade, g) => {
      const id = `${slug(brand)}-${slug(model)}-${storageGb}-${slug(grade)}`;
      return {
        id,
        brand,
        model,
        category: categoryOf(model, euro),
        grade,
        storage_gb: storageGb,
        colour,
        price_cents: Math.round(euro * (1 - discount[grade])) * 100 - 1,
        popularity: popularity * 10 - g * 7,
        image_url: `/catalogue/images/${id}.svg`,
        url: `${PARTNER_SHOP}${id}`,
      };
    }),
);
