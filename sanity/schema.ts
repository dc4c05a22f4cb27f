/**
 * The document types editors work with in Sanity Studio, as code (operations.md): one per content
 * collection (src/cms/sources.ts), with the fields of the collection's schema in
 * src/content.config.ts, which validates every document at build. Plain Sanity schema objects, so
 * a Studio (`npm create sanity@latest`) takes them as they are: `schema: { types: schemaTypes }`.
 * A test checks that every field of the exported content/ has its place here.
 */
type Field = {
  name: string;
  type: string;
  title?: string;
  of?: Field[] | { type: string }[];
  fields?: Field[];
  options?: Record<string, unknown>;
  validation?: unknown;
};
type DocumentType = { name: string; title: string; type: 'document'; fields: Field[] };

const text = (name: string, title = name) => ({ name, title, type: 'string' });
const long = (name: string, title = name) => ({ name, title, type: 'text' });
const markdown = { name: 'body', title: 'Body (Markdown)', type: 'text' };
const number = (name: string, title = name) => ({ name, title, type: 'number' });
const bool = (name: string, title = name) => ({ name, title, type: 'boolean' });
const date = (name: string, title = name) => ({ name, title, type: 'date' });
const strings = (name: string, title = name) => ({ name, title, type: 'array', of: [{ type: 'string' }] });
const link = (name: string) => ({ name, type: 'object', fields: [text('label', 'Label'), text('href', 'Address')] });
/** The entry's id in its collection: the page's path (help/top-ups) or the list item's id. */
const entryId = { name: 'entryId', title: 'Address / id', type: 'string', validation: 'required' };
const seo = [
  text('title', 'Page title'),
  long('description', 'Description (20-200 characters)'),
  strings('keywords', 'Keywords'),
];

const doc = (name: string, title: string, fields: Field[]): DocumentType => ({
  name,
  title,
  type: 'document',
  fields: [entryId, ...fields],
});

export const schemaTypes: DocumentType[] = [
  doc('page', 'Page', [
    ...seo,
    text('heading'),
    long('lead'),
    { name: 'actions', type: 'array', of: [link('action')] },
    markdown,
  ]),
  doc('legalPage', 'Legal page', [...seo, text('heading'), date('updated'), bool('competition'), markdown]),
  doc('helpTopic', 'Help topic', [...seo, text('heading'), long('summary'), number('order'), markdown]),
  doc('blogPost', 'Blog post', [...seo, text('heading'), date('published'), text('author'), long('excerpt'), markdown]),
  doc('unlockGuide', 'Unlock guide', [
    ...seo,
    text('heading'),
    { name: 'kind', type: 'string', options: { list: ['provider', 'faq', 'home'] } },
    text('provider'),
    number('order'),
    markdown,
  ]),
  doc('chargesPage', 'Charges page', [
    ...seo,
    text('heading'),
    long('intro'),
    number('order'),
    {
      name: 'columns',
      type: 'array',
      of: [{ name: 'column', type: 'object', fields: [text('key'), text('label'), text('unit')] }],
    },
    // Rates by column key: a number in euro, "included" or "not available".
    {
      name: 'zones',
      type: 'array',
      of: [
        {
          name: 'zone',
          type: 'object',
          fields: [
            text('zone'),
            // What the rating and the translations know the row by.
            text('key'),
            strings('countries'),
            { name: 'rates', type: 'object', fields: [], options: { freeform: true } },
          ],
        },
      ],
    },
    strings('notes'),
  ]),
  doc('faq', 'Question and answer', [text('category'), text('question'), long('answer')]),
  doc('plan', 'Membership plan', [
    text('sku', 'SKU'),
    text('name'),
    number('price_cents', 'Price (cent)'),
    number('days'),
    text('data_gb', 'Data (GB, or "unlimited")'),
    number('fair_usage_gb', 'Fair usage (GB)'),
    text('minutes', 'Minutes (or "unlimited")'),
    text('landline_minutes', 'Landline minutes (or "unlimited")'),
    text('texts', 'Texts (or "unlimited")'),
    number('roaming_gb', 'Roaming (GB)'),
    strings('highlights'),
    bool('featured'),
    bool('listed'),
  ]),
  doc('fee', 'Fee', [
    text('sku', 'SKU'),
    number('access_fee_cents'),
    number('sim_fee_cents'),
    number('delivery_fee_cents'),
    long('note'),
  ]),
  doc('offer', 'Offer', [text('heading'), long('body'), link('action'), date('starts'), date('ends')]),
  doc('carouselSlide', 'Log-in carousel slide', [
    number('order'),
    text('heading'),
    long('body'),
    text('image_alt', 'Image description'),
  ]),
  doc('studentDomain', 'Student e-mail domain', [text('domain'), text('institution')]),
  doc('coverageArea', 'Coverage by routing key', [
    text('key', 'Eircode routing key'),
    text('town'),
    text('county'),
    number('lat'),
    number('lon'),
    strings('localities'),
    {
      name: 'coverage',
      type: 'object',
      fields: ['2G', '3G', '4G', '5G'].map((g) => ({
        name: g,
        type: 'object',
        fields: [text('outdoor'), text('indoor')],
      })),
    },
  ]),
  doc('promotion', 'Promotion (dates and flag)', [
    text('heading'),
    long('body'),
    { name: 'enabled', type: 'string', options: { list: ['true', 'false'] } },
    date('starts'),
    date('ends'),
    date('purchase_deadline'),
  ]),
  doc('siteSettings', 'Site settings', [
    text('name'),
    text('tagline'),
    { name: 'social', type: 'array', of: [link('link')] },
    long('footer_note'),
  ]),
  // A list's words in another language (entryId ga/plans, pl/offers, pl/faq): each item by its id in the list.
  doc('listTranslation', 'List translation', [
    {
      name: 'items',
      type: 'array',
      of: [
        {
          name: 'item',
          type: 'object',
          fields: [
            text('id'),
            text('name'),
            text('heading'),
            long('body'),
            text('label'),
            strings('highlights'),
            text('category'),
            text('question'),
            long('answer'),
            // A charges table's words: its head, its columns and rows by key, its notes in order.
            text('title'),
            long('description'),
            long('intro'),
            {
              name: 'columns',
              type: 'array',
              of: [{ name: 'column', type: 'object', fields: [text('key'), text('label'), text('unit')] }],
            },
            {
              name: 'zones',
              type: 'array',
              of: [{ name: 'zone', type: 'object', fields: [text('key'), text('zone'), strings('countries')] }],
            },
            strings('notes'),
          ],
        },
      ],
    },
  ]),
];
