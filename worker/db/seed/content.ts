// Editorial content: content pages, the widgets of the front page and of each content page, the main
// and footer menus, and old URLs that redirect (spec §2 "URL history").
import { type Campaign, CAMPAIGNS } from './campaigns';
import type { Category, Product } from './catalog';
import { CONTENT_PAGES } from './content-pages';
import { productImageFile } from './images';
import { SHOP_NAME } from './shop';
import { addDays, insertStatements, type SqlValue, slugify, timestamp } from './sql';
import { LANGUAGE_IDS, SV, type Tr, tr } from './vocabulary';

/** Route prefix per language (Swedish has none, spec §2). */
const PREFIX = ['', '/da', '/en', '/fi', '/nb'];
/** The "new items" route per language, as in the route table of spec §2. */
const NEWS_PATH = ['/nyheter', '/nyheder', '/en/news', '/fi/uutuudet', '/nb/nyheter'];

type WidgetType = 'BANNER' | 'TEXT' | 'PRODUCT_LIST' | 'CATEGORY_PUFFS';

interface Widget {
  area: number;
  container: number;
  type: WidgetType;
  size: 'FULL' | 'HALF';
  config: (lang: number) => Record<string, unknown>;
}

function frontpageWidgets(categories: readonly Category[]): Widget[] {
  const gelPens = categories.flatMap((c) => c.children).find((c) => c.name[SV] === 'Gelpennor') as Category;
  const text = (t: Tr) => (lang: number) => t[lang] as string;
  const winter = CAMPAIGNS.find((c) => c.alias === 'vinterrea') as Campaign;
  return [
    {
      area: 1,
      container: 1,
      type: 'BANNER',
      size: 'FULL',
      config: (lang) => ({
        title: text(
          tr(
            'Vinterrea – upp till 30 % rabatt',
            'Vinterudsalg – op til 30 % rabat',
            'Winter sale – up to 30% off',
            'Talvialet – jopa 30 % alennusta',
            'Vintersalg – opptil 30 % rabatt',
          ),
        )(lang),
        text: text(
          tr(
            'Fynda kontorsfavoriter till vinterpris. Fri frakt över 499 kr.',
            'Gør et godt køb på kontorfavoritter til vinterpris. Fri fragt over 399 kr.',
            'Grab office favorites at winter prices.',
            'Tee löytöjä toimiston suosikeista talvihintaan. Ilmainen toimitus yli 49 €:n tilauksille.',
            'Gjør kupp på kontorfavoritter til vinterpris. Gratis frakt over 599 kr.',
          ),
        )(lang),
        href: `${PREFIX[lang]}/dc/${winter.alias}`,
        image: productImageFile('notebook', 'red'),
        buttonText: text(
          tr('Till vinterrean', 'Til vinterudsalget', 'Shop the sale', 'Talvialeen', 'Til vintersalget'),
        )(lang),
      }),
    },
    {
      area: 1,
      container: 2,
      type: 'CATEGORY_PUFFS',
      size: 'FULL',
      config: (lang) => ({
        title: text(
          tr(
            'Populära kategorier',
            'Populære kategorier',
            'Popular categories',
            'Suositut kategoriat',
            'Populære kategorier',
          ),
        )(lang),
        categoryIds: categories.map((c) => c.id),
      }),
    },
    {
      area: 1,
      container: 3,
      type: 'PRODUCT_LIST',
      size: 'FULL',
      config: (lang) => ({
        title: text(tr('Nyheter', 'Nyheder', 'New arrivals', 'Uutuudet', 'Nyheter'))(lang),
        sort: 'LATEST',
        take: 8,
      }),
    },
    {
      area: 1,
      container: 4,
      type: 'PRODUCT_LIST',
      size: 'FULL',
      config: (lang) => ({
        title: text(
          tr(
            'Fynda i vinterrean',
            'Gør et kup i vinterudsalget',
            'Winter sale picks',
            'Talvialen löydöt',
            'Kupp i vintersalget',
          ),
        )(lang),
        sort: 'MOST_SOLD',
        take: 8,
        discountCampaignAlias: winter.alias,
      }),
    },
    {
      area: 1,
      container: 5,
      type: 'TEXT',
      size: 'HALF',
      config: (lang) => ({
        title: text(
          tr(
            `Välkommen till ${SHOP_NAME}`,
            `Velkommen til ${SHOP_NAME}`,
            `Welcome to ${SHOP_NAME}`,
            `Tervetuloa ${SHOP_NAME}-verkkokauppaan`,
            `Velkommen til ${SHOP_NAME}`,
          ),
        )(lang),
        html: text(
          tr(
            '<p>Allt för kontoret, skolan och hemmakontoret – från kända varumärken. <strong>Fri frakt över 499 kr</strong>, leverans inom 2–3 arbetsdagar och 14 dagars ångerrätt.</p>',
            '<p>Alt til kontoret, skolen og hjemmekontoret – fra kendte mærker. <strong>Fri fragt over 399 kr.</strong>, levering inden for 2–3 hverdage og 14 dages fortrydelsesret.</p>',
            '<p>Everything for the office, school and home office – from well-known brands. <strong>Free shipping on larger orders</strong>, delivery within 2–3 business days and a 14-day right of withdrawal.</p>',
            '<p>Kaikki toimistoon, kouluun ja kotitoimistoon – tunnetuilta merkeiltä. <strong>Ilmainen toimitus yli 49 €:n tilauksille</strong>, toimitus 2–3 arkipäivässä ja 14 päivän peruuttamisoikeus.</p>',
            '<p>Alt til kontoret, skolen og hjemmekontoret – fra kjente merker. <strong>Gratis frakt over 599 kr</strong>, levering innen 2–3 virkedager og 14 dagers angrerett.</p>',
          ),
        )(lang),
      }),
    },
    {
      area: 1,
      container: 5,
      type: 'BANNER',
      size: 'HALF',
      config: (lang) => ({
        title: text(
          tr('Nyheter varje vecka', 'Nyheder hver uge', 'New every week', 'Uutuuksia joka viikko', 'Nyheter hver uke'),
        )(lang),
        text: text(
          tr(
            'Upptäck de senaste produkterna i vårt sortiment.',
            'Opdag de nyeste produkter i vores sortiment.',
            'Discover the latest additions to our range.',
            'Tutustu valikoimamme uusimpiin tuotteisiin.',
            'Oppdag de nyeste produktene i sortimentet vårt.',
          ),
        )(lang),
        href: NEWS_PATH[lang],
        image: productImageFile('gelpen', 'turquoise'),
        buttonText: text(tr('Se nyheterna', 'Se nyhederne', 'See what is new', 'Katso uutuudet', 'Se nyhetene'))(lang),
      }),
    },
    {
      area: 1,
      container: 6,
      type: 'PRODUCT_LIST',
      size: 'FULL',
      config: (lang) => ({
        title: text(tr('Mest sålda', 'Mest solgte', 'Best sellers', 'Myydyimmät', 'Mest solgte'))(lang),
        sort: 'MOST_SOLD',
        take: 8,
      }),
    },
    {
      area: 1,
      container: 7,
      type: 'PRODUCT_LIST',
      size: 'FULL',
      config: (lang) => ({
        title: text(
          tr(
            'Populära gelpennor',
            'Populære gelpenne',
            'Popular gel pens',
            'Suositut geelikynät',
            'Populære gelpenner',
          ),
        )(lang),
        sort: 'MOST_SOLD',
        take: 8,
        categoryAlias: gelPens.alias[lang],
      }),
    },
    ...CONTENT_PAGES.map((page, i): Widget => ({
      area: i + 2,
      container: 1,
      type: 'TEXT',
      size: 'FULL',
      config: (lang) => ({ title: page.title[lang], html: page.html[lang] }),
    })),
  ];
}

/** The front page's area by the name Geins gives it, the one the reference storefront asks for (issue 25). */
const FRONT_PAGE_AREA = 'The front page area';

interface MenuItem {
  menu: number;
  parent: MenuItem | null;
  type: 'CATEGORY' | 'PAGE' | 'CUSTOM';
  target: string;
  label: Tr;
}

const BRANDS_LABEL = tr('Varumärken', 'Varemærker', 'Brands', 'Tuotemerkit', 'Varemerker');
const NEWS_LABEL = tr('Nyheter', 'Nyheder', 'New arrivals', 'Uutuudet', 'Nyheter');

function menuItems(categories: readonly Category[]): MenuItem[] {
  const items: MenuItem[] = [];
  for (const top of categories) {
    const parent: MenuItem = { menu: 1, parent: null, type: 'CATEGORY', target: String(top.id), label: top.name };
    items.push(
      parent,
      ...top.children.map((leaf): MenuItem => ({
        menu: 1,
        parent,
        type: 'CATEGORY',
        target: String(leaf.id),
        label: leaf.name,
      })),
    );
  }
  const active = CAMPAIGNS.filter((c) => c.active);
  const offers: MenuItem = {
    menu: 1,
    parent: null,
    type: 'CUSTOM',
    target: '/dc/vinterrea',
    label: tr('Kampanjer', 'Kampagner', 'Offers', 'Kampanjat', 'Kampanjer'),
  };
  items.push(
    offers,
    ...active.map((c): MenuItem => ({
      menu: 1,
      parent: offers,
      type: 'CUSTOM',
      target: `/dc/${c.alias}`,
      label: c.name,
    })),
  );
  items.push({ menu: 1, parent: null, type: 'CUSTOM', target: '/varumarken', label: BRANDS_LABEL });
  items.push({ menu: 1, parent: null, type: 'CUSTOM', target: '/nyheter', label: NEWS_LABEL });
  for (const page of CONTENT_PAGES)
    items.push({ menu: 2, parent: null, type: 'PAGE', target: String(page.id), label: page.title });
  items.push({ menu: 2, parent: null, type: 'CUSTOM', target: '/nyheter', label: NEWS_LABEL });
  items.push({ menu: 2, parent: null, type: 'CUSTOM', target: '/varumarken', label: BRANDS_LABEL });
  // The reference storefront's top bar (issue 25): the customer service pages a shopper looks for first.
  for (const id of [5, 3, 2]) {
    const page = CONTENT_PAGES.find((candidate) => candidate.id === id)!;
    items.push({ menu: 3, parent: null, type: 'PAGE', target: String(page.id), label: page.title });
  }
  // Its second footer column: shortcuts into the range.
  items.push({ menu: 4, parent: null, type: 'CUSTOM', target: '/dc/vinterrea', label: offers.label });
  items.push({ menu: 4, parent: null, type: 'CUSTOM', target: '/nyheter', label: NEWS_LABEL });
  items.push({ menu: 4, parent: null, type: 'CUSTOM', target: '/varumarken', label: BRANDS_LABEL });
  return items;
}

/** A few renamed products and categories whose old Swedish paths answer 301 to the current ones. */
function urlHistory(categories: readonly Category[], products: readonly Product[], seedDate: string): SqlValue[][] {
  const rows: SqlValue[][] = products.slice(0, 6).map((p, i) => [
    // Before product ids were appended, a product's alias was the slug of its name alone.
    `/p/${slugify(p.name[SV])}`,
    `/p/${p.alias[SV]}`,
    timestamp(addDays(seedDate, -40 - i * 17), 3, 15),
  ]);
  const leaf = (sv: string) => categories.flatMap((c) => c.children).find((c) => c.name[SV] === sv) as Category;
  rows.push(['/c/pennor', `/c/${leaf('Kulspetspennor').alias[SV]}`, timestamp(addDays(seedDate, -200), 3, 0)]);
  rows.push(['/c/parmar-och-mappar', `/c/${leaf('Pärmar').alias[SV]}`, timestamp(addDays(seedDate, -180), 3, 0)]);
  return rows;
}

/** Statements for content pages, widgets, menus and URL history. */
export function contentStatements(
  categories: readonly Category[],
  products: readonly Product[],
  seedDate: string,
): string[] {
  const pages = CONTENT_PAGES;
  const widgets = frontpageWidgets(categories);
  const items = menuItems(categories);
  const itemId = (item: MenuItem) => items.indexOf(item) + 1;
  return [
    ...insertStatements(
      'content_pages',
      ['id', 'created_at', 'updated_at'],
      pages.map((p) => [p.id, '2025-02-01T09:00:00Z', timestamp(addDays(seedDate, -30), 9, 0)]),
    ),
    ...insertStatements(
      'content_page_texts',
      ['page_id', 'language_id', 'alias', 'title', 'meta_title', 'meta_description'],
      pages.flatMap((p) =>
        LANGUAGE_IDS.map((lang, i) => [
          p.id,
          lang,
          p.alias[i] as string,
          p.title[i] as string,
          `${p.title[i]} | ${SHOP_NAME}`,
          p.metaDescription[i] as string,
        ]),
      ),
    ),
    ...insertStatements(
      'widget_areas',
      ['id', 'family', 'area_name', 'page_id'],
      [[1, 'Frontpage', FRONT_PAGE_AREA, null], ...pages.map((p, i): SqlValue[] => [i + 2, 'Content', 'main', p.id])],
    ),
    ...insertStatements(
      'widgets',
      ['id', 'area_id', 'container', 'sort_order', 'type', 'size'],
      widgets.map((w, i) => [
        i + 1,
        w.area,
        w.container,
        widgets.filter((o, j) => j < i && o.area === w.area && o.container === w.container).length + 1,
        w.type,
        w.size,
      ]),
    ),
    ...insertStatements(
      'widget_configs',
      ['widget_id', 'language_id', 'configuration'],
      widgets.flatMap((w, i) => LANGUAGE_IDS.map((lang, l) => [i + 1, lang, JSON.stringify(w.config(l))])),
    ),
    ...insertStatements(
      'menus',
      ['id', 'location'],
      [
        [1, 'main'],
        [2, 'footer'],
        [3, 'top-bar'],
        [4, 'footer-second'],
      ],
    ),
    // The reference storefront's other locations show menus above (issue 25): the main menu on desktop and
    // mobile, the footer's pages as its first footer column and on its content pages.
    ...insertStatements(
      'menu_locations',
      ['location', 'menu_id'],
      [
        ['main-desktop', 1],
        ['main-mobile', 1],
        ['footer-first', 2],
        ['info-pages', 2],
      ],
    ),
    ...insertStatements(
      'menu_items',
      ['id', 'menu_id', 'parent_id', 'sort_order', 'type', 'target'],
      items.map((item) => [
        itemId(item),
        item.menu,
        item.parent ? itemId(item.parent) : null,
        items.filter((o) => o.menu === item.menu && o.parent === item.parent && itemId(o) <= itemId(item)).length,
        item.type,
        item.target,
      ]),
    ),
    ...insertStatements(
      'menu_item_texts',
      ['item_id', 'language_id', 'label'],
      items.flatMap((item) => LANGUAGE_IDS.map((lang, i) => [itemId(item), lang, item.label[i] as string])),
    ),
    ...insertStatements(
      'url_history',
      ['old_path', 'new_path', 'created_at'],
      urlHistory(categories, products, seedDate),
    ),
  ];
}
