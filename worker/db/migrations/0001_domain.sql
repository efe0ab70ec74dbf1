-- The whole commerce domain of the storefront (DESIGN.md "Data").
-- Money is integer minor units (öre, cent) with the VAT rate beside it in basis points (2500 = 25 %).
-- Prices are stored including VAT, as shoppers in the Nordics see them; ex-VAT amounts are derived
-- once, at calculation, and rounding happens at formatting.
-- Timestamps are ISO 8601 text in UTC.

-- ── Channel, languages, currencies, markets ─────────────────────────────────────────────────────
CREATE TABLE languages (
  id TEXT PRIMARY KEY,                -- locale iso, e.g. 'sv-SE' (the API's languageId)
  code TEXT NOT NULL UNIQUE,          -- route locale, e.g. 'sv'
  name TEXT NOT NULL                  -- endonym, e.g. 'Svenska'
);

CREATE TABLE currencies (
  code TEXT PRIMARY KEY,              -- ISO 4217
  name TEXT NOT NULL,
  symbol TEXT NOT NULL,
  minor_units INTEGER NOT NULL DEFAULT 2,
  rate_to_sek REAL NOT NULL           -- informational exchange rate (CurrencyType.rate)
);

CREATE TABLE channels (
  id TEXT PRIMARY KEY,                -- e.g. '1|se'
  name TEXT NOT NULL,
  type TEXT NOT NULL,
  url TEXT NOT NULL,
  default_market_id TEXT NOT NULL,
  default_language_id TEXT NOT NULL REFERENCES languages(id)
);

CREATE TABLE channel_settings (
  channel_id TEXT NOT NULL REFERENCES channels(id),
  key TEXT NOT NULL,                  -- theme keys become page style variables (spec §3)
  value TEXT NOT NULL,
  PRIMARY KEY (channel_id, key)
);

CREATE TABLE markets (
  id TEXT PRIMARY KEY,                -- e.g. '1|se'
  channel_id TEXT NOT NULL REFERENCES channels(id),
  alias TEXT NOT NULL UNIQUE,         -- 'se', 'dk', 'no', 'fi'
  country_code TEXT NOT NULL,         -- ISO 3166-1 alpha-2
  currency_code TEXT NOT NULL REFERENCES currencies(code),
  default_language_id TEXT NOT NULL REFERENCES languages(id),
  vat_rate_bp INTEGER NOT NULL,       -- standard VAT rate of the country
  group_key TEXT NOT NULL,
  virtual INTEGER NOT NULL DEFAULT 0,
  only_display_in_checkout INTEGER NOT NULL DEFAULT 0,
  shipping_fee_inc_vat INTEGER NOT NULL,            -- spec §1: 49 kr in Sweden
  free_shipping_from_inc_vat INTEGER NOT NULL,      -- spec §1: free from 499 kr in Sweden
  sort_order INTEGER NOT NULL
);

CREATE TABLE market_country_names (
  market_id TEXT NOT NULL REFERENCES markets(id),
  language_id TEXT NOT NULL REFERENCES languages(id),
  name TEXT NOT NULL,
  PRIMARY KEY (market_id, language_id)
);

CREATE TABLE market_languages (
  market_id TEXT NOT NULL REFERENCES markets(id),
  language_id TEXT NOT NULL REFERENCES languages(id),
  sort_order INTEGER NOT NULL,
  PRIMARY KEY (market_id, language_id)
);

-- ── Catalog ─────────────────────────────────────────────────────────────────────────────────────
CREATE TABLE categories (
  id INTEGER PRIMARY KEY,
  parent_id INTEGER REFERENCES categories(id),  -- NULL for a top-level category
  sort_order INTEGER NOT NULL,
  is_hidden INTEGER NOT NULL DEFAULT 0,
  image TEXT                                     -- file name under /images/
);
CREATE INDEX categories_parent ON categories(parent_id);

CREATE TABLE category_texts (
  category_id INTEGER NOT NULL REFERENCES categories(id),
  language_id TEXT NOT NULL REFERENCES languages(id),
  name TEXT NOT NULL,
  alias TEXT NOT NULL,
  description TEXT,
  secondary_description TEXT,
  PRIMARY KEY (category_id, language_id),
  UNIQUE (language_id, alias)
);

CREATE TABLE brands (
  id INTEGER PRIMARY KEY,
  alias TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL
);

CREATE TABLE brand_texts (
  brand_id INTEGER NOT NULL REFERENCES brands(id),
  language_id TEXT NOT NULL REFERENCES languages(id),
  description TEXT NOT NULL,
  PRIMARY KEY (brand_id, language_id)
);

CREATE TABLE products (
  id INTEGER PRIMARY KEY,
  article_number TEXT NOT NULL UNIQUE,
  brand_id INTEGER NOT NULL REFERENCES brands(id),
  primary_category_id INTEGER NOT NULL REFERENCES categories(id),
  first_available_on TEXT NOT NULL,   -- drives LATEST sort and "new items"
  sold_count INTEGER NOT NULL DEFAULT 0,  -- drives MOST_SOLD sort
  weight_g INTEGER NOT NULL DEFAULT 0,
  is_active INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX products_brand ON products(brand_id);
CREATE INDEX products_category ON products(primary_category_id);
CREATE INDEX products_first_available ON products(first_available_on);

CREATE TABLE product_categories (
  product_id INTEGER NOT NULL REFERENCES products(id),
  category_id INTEGER NOT NULL REFERENCES categories(id),
  PRIMARY KEY (product_id, category_id)
);
CREATE INDEX product_categories_category ON product_categories(category_id);

CREATE TABLE product_texts (
  product_id INTEGER NOT NULL REFERENCES products(id),
  language_id TEXT NOT NULL REFERENCES languages(id),
  name TEXT NOT NULL,
  alias TEXT NOT NULL,                -- URL slug in this language: /p/{alias}
  short_text TEXT NOT NULL,
  description TEXT NOT NULL,
  meta_title TEXT,
  meta_description TEXT,
  PRIMARY KEY (product_id, language_id),
  UNIQUE (language_id, alias)
);

CREATE TABLE product_images (
  product_id INTEGER NOT NULL REFERENCES products(id),
  position INTEGER NOT NULL,
  file_name TEXT NOT NULL,            -- under /images/products/
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  PRIMARY KEY (product_id, position)
);

CREATE TABLE parameter_groups (
  id INTEGER PRIMARY KEY,             -- group 1 holds Color (spec §3)
  sort_order INTEGER NOT NULL
);

CREATE TABLE parameter_group_texts (
  group_id INTEGER NOT NULL REFERENCES parameter_groups(id),
  language_id TEXT NOT NULL REFERENCES languages(id),
  name TEXT NOT NULL,
  PRIMARY KEY (group_id, language_id)
);

CREATE TABLE parameters (
  id INTEGER PRIMARY KEY,
  group_id INTEGER NOT NULL REFERENCES parameter_groups(id),
  identifier TEXT NOT NULL UNIQUE,    -- filter key is 'p-' || identifier (spec §9)
  show INTEGER NOT NULL DEFAULT 1,
  show_in_filter INTEGER NOT NULL DEFAULT 1,
  sort_order INTEGER NOT NULL
);

CREATE TABLE parameter_texts (
  parameter_id INTEGER NOT NULL REFERENCES parameters(id),
  language_id TEXT NOT NULL REFERENCES languages(id),
  name TEXT NOT NULL,
  PRIMARY KEY (parameter_id, language_id)
);

CREATE TABLE product_parameter_values (
  product_id INTEGER NOT NULL REFERENCES products(id),
  parameter_id INTEGER NOT NULL REFERENCES parameters(id),
  language_id TEXT NOT NULL REFERENCES languages(id),
  value TEXT NOT NULL,
  value_key TEXT NOT NULL,            -- language-independent value id for filtering
  PRIMARY KEY (product_id, parameter_id, language_id)
);
CREATE INDEX product_parameter_values_filter ON product_parameter_values(parameter_id, value_key);

CREATE TABLE skus (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products(id),
  article_number TEXT NOT NULL UNIQUE,
  gtin TEXT NOT NULL UNIQUE,          -- EAN-13
  size TEXT,                          -- NULL when the product has no sizes
  sort_order INTEGER NOT NULL,
  stock INTEGER NOT NULL CHECK (stock >= 0),
  oversellable INTEGER NOT NULL DEFAULT 0,  -- 1: made to order, can be bought at zero stock
  static_stock INTEGER,               -- not NULL: stock that is never lowered by sales
  incoming TEXT,                      -- date new stock arrives
  weight_g INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX skus_product ON skus(product_id);

CREATE TABLE prices (
  product_id INTEGER NOT NULL REFERENCES products(id),
  market_id TEXT NOT NULL REFERENCES markets(id),
  regular_inc_vat INTEGER NOT NULL CHECK (regular_inc_vat >= 0),
  vat_rate_bp INTEGER NOT NULL,
  PRIMARY KEY (product_id, market_id)
);
CREATE INDEX prices_market_amount ON prices(market_id, regular_inc_vat);

-- Selling prices of the last 30 days, for "lowest earlier price" (EU Omnibus directive).
CREATE TABLE price_history (
  product_id INTEGER NOT NULL REFERENCES products(id),
  market_id TEXT NOT NULL REFERENCES markets(id),
  date TEXT NOT NULL,
  selling_inc_vat INTEGER NOT NULL,
  PRIMARY KEY (product_id, market_id, date)
);

-- ── Campaigns, promo codes, gift cards ──────────────────────────────────────────────────────────
CREATE TABLE campaigns (
  id INTEGER PRIMARY KEY,
  alias TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL CHECK (kind IN ('PRICE_CAMPAIGN', 'CART_CAMPAIGN')),
  discount_percent INTEGER NOT NULL DEFAULT 0 CHECK (discount_percent BETWEEN 0 AND 100),
  hide_title INTEGER NOT NULL DEFAULT 0,
  starts_at TEXT NOT NULL,
  ends_at TEXT,
  is_active INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE campaign_texts (
  campaign_id INTEGER NOT NULL REFERENCES campaigns(id),
  language_id TEXT NOT NULL REFERENCES languages(id),
  name TEXT NOT NULL,
  description TEXT,
  PRIMARY KEY (campaign_id, language_id)
);

CREATE TABLE campaign_products (
  campaign_id INTEGER NOT NULL REFERENCES campaigns(id),
  product_id INTEGER NOT NULL REFERENCES products(id),
  PRIMARY KEY (campaign_id, product_id)
);
CREATE INDEX campaign_products_product ON campaign_products(product_id);

CREATE TABLE promo_codes (
  code TEXT PRIMARY KEY COLLATE NOCASE,
  kind TEXT NOT NULL CHECK (kind IN ('PERCENT', 'FIXED_AMOUNT', 'FREE_SHIPPING')),
  percent INTEGER CHECK (percent BETWEEN 0 AND 100),
  campaign_id INTEGER REFERENCES campaigns(id),
  valid_from TEXT NOT NULL,
  valid_to TEXT,
  max_uses INTEGER,
  uses INTEGER NOT NULL DEFAULT 0,
  is_active INTEGER NOT NULL DEFAULT 1
);

-- Amounts and requirements of a promo code per market, in the market's currency.
CREATE TABLE promo_code_markets (
  code TEXT NOT NULL REFERENCES promo_codes(code),
  market_id TEXT NOT NULL REFERENCES markets(id),
  amount_inc_vat INTEGER NOT NULL DEFAULT 0,        -- FIXED_AMOUNT discount
  min_subtotal_inc_vat INTEGER NOT NULL DEFAULT 0,  -- 'Du har inte uppfyllt kraven för denna kod'
  PRIMARY KEY (code, market_id)
);

CREATE TABLE gift_cards (
  code TEXT PRIMARY KEY COLLATE NOCASE,
  currency_code TEXT NOT NULL REFERENCES currencies(code),
  initial_amount INTEGER NOT NULL CHECK (initial_amount > 0),
  balance INTEGER NOT NULL CHECK (balance >= 0),
  valid_to TEXT,
  created_at TEXT NOT NULL
);

-- ── Customers ───────────────────────────────────────────────────────────────────────────────────
CREATE TABLE customers (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT NOT NULL,
  customer_type TEXT NOT NULL DEFAULT 'PERSON' CHECK (customer_type IN ('PERSON', 'ORGANIZATION')),
  first_name TEXT, last_name TEXT, phone TEXT,
  gender TEXT NOT NULL DEFAULT 'UNSPECIFIED' CHECK (gender IN ('UNSPECIFIED', 'WOMAN', 'MAN')),
  care_of TEXT, address1 TEXT, address2 TEXT, zip TEXT, city TEXT, country TEXT,
  company TEXT, personal_id TEXT, organization_id TEXT, entry_code TEXT,
  newsletter INTEGER NOT NULL DEFAULT 0,
  market_id TEXT REFERENCES markets(id),
  language_id TEXT REFERENCES languages(id),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

-- Balance (saldo) as a ledger: the balance is the sum, so it can never silently change.
CREATE TABLE balance_transactions (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  currency_code TEXT NOT NULL REFERENCES currencies(code),
  amount INTEGER NOT NULL,            -- positive credit, negative use
  order_id INTEGER REFERENCES orders(id),
  note TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX balance_transactions_customer ON balance_transactions(customer_id, currency_code);

CREATE TABLE password_resets (
  token_hash TEXT PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  expires_at TEXT NOT NULL,
  used_at TEXT
);

-- ── Carts ───────────────────────────────────────────────────────────────────────────────────────
CREATE TABLE carts (
  id TEXT PRIMARY KEY,                -- random, unguessable; the ralph-cart cookie
  channel_id TEXT NOT NULL REFERENCES channels(id),
  market_id TEXT NOT NULL REFERENCES markets(id),
  customer_id INTEGER REFERENCES customers(id),
  promo_code TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  completed_at TEXT                   -- set when an order was placed from it
);

CREATE TABLE cart_items (
  cart_id TEXT NOT NULL REFERENCES carts(id) ON DELETE CASCADE,
  sku_id INTEGER NOT NULL REFERENCES skus(id),
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  added_at TEXT NOT NULL,
  PRIMARY KEY (cart_id, sku_id)
);

CREATE TABLE cart_gift_cards (
  cart_id TEXT NOT NULL REFERENCES carts(id) ON DELETE CASCADE,
  code TEXT NOT NULL REFERENCES gift_cards(code),
  PRIMARY KEY (cart_id, code)
);

-- ── Orders and payments ─────────────────────────────────────────────────────────────────────────
CREATE TABLE orders (
  id INTEGER PRIMARY KEY,
  public_id TEXT NOT NULL UNIQUE,     -- unguessable id for the confirmation page
  order_number TEXT NOT NULL UNIQUE,
  cart_id TEXT NOT NULL UNIQUE REFERENCES carts(id),  -- one order per cart: idempotent placeOrder
  customer_id INTEGER REFERENCES customers(id),
  channel_id TEXT NOT NULL REFERENCES channels(id),
  market_id TEXT NOT NULL REFERENCES markets(id),
  language_id TEXT NOT NULL REFERENCES languages(id),
  currency_code TEXT NOT NULL REFERENCES currencies(code),
  customer_type TEXT NOT NULL CHECK (customer_type IN ('PERSON', 'ORGANIZATION')),
  email TEXT NOT NULL,
  phone TEXT,
  billing_address TEXT NOT NULL,      -- JSON AddressType
  shipping_address TEXT NOT NULL,     -- JSON AddressType
  personal_id TEXT, organization_id TEXT, message TEXT,
  shipping_method TEXT NOT NULL,
  shipping_fee_inc_vat INTEGER NOT NULL,
  shipping_fee_ex_vat INTEGER NOT NULL,
  payment_method TEXT NOT NULL,
  payment_provider TEXT NOT NULL,
  item_value_inc_vat INTEGER NOT NULL,
  item_value_ex_vat INTEGER NOT NULL,
  discount_inc_vat INTEGER NOT NULL DEFAULT 0,
  discount_ex_vat INTEGER NOT NULL DEFAULT 0,
  balance_used INTEGER NOT NULL DEFAULT 0,
  gift_card_used INTEGER NOT NULL DEFAULT 0,
  total_inc_vat INTEGER NOT NULL,
  total_ex_vat INTEGER NOT NULL,
  vat INTEGER NOT NULL,
  promo_code TEXT,
  status TEXT NOT NULL DEFAULT 'RECEIVED'
    CHECK (status IN ('PENDING_PAYMENT', 'RECEIVED', 'PROCESSING', 'COMPLETED', 'CANCELLED')),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX orders_customer ON orders(customer_id, created_at);

CREATE TABLE order_rows (
  order_id INTEGER NOT NULL REFERENCES orders(id),
  position INTEGER NOT NULL,
  sku_id INTEGER NOT NULL REFERENCES skus(id),
  product_id INTEGER NOT NULL REFERENCES products(id),
  article_number TEXT NOT NULL,
  name TEXT NOT NULL,
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  unit_price_inc_vat INTEGER NOT NULL,
  unit_price_ex_vat INTEGER NOT NULL,
  regular_unit_price_inc_vat INTEGER NOT NULL,
  vat_rate_bp INTEGER NOT NULL,
  discount_inc_vat INTEGER NOT NULL DEFAULT 0,
  total_inc_vat INTEGER NOT NULL,
  campaign_names TEXT,                -- JSON array
  PRIMARY KEY (order_id, position)
);

CREATE TABLE order_refunds (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders(id),
  amount_inc_vat INTEGER NOT NULL CHECK (amount_inc_vat > 0),
  reason TEXT,
  created_at TEXT NOT NULL
);

CREATE TABLE payments (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders(id),
  provider TEXT NOT NULL,
  reference TEXT NOT NULL,            -- the provider's id: repeated callbacks hit the same row
  method TEXT NOT NULL,
  amount INTEGER NOT NULL,
  currency_code TEXT NOT NULL REFERENCES currencies(code),
  status TEXT NOT NULL CHECK (status IN ('PENDING', 'AUTHORIZED', 'CAPTURED', 'DECLINED', 'CANCELLED')),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (provider, reference)
);

-- ── Engagement ──────────────────────────────────────────────────────────────────────────────────
CREATE TABLE reviews (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products(id),
  customer_id INTEGER REFERENCES customers(id),
  author TEXT NOT NULL,
  rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
  comment TEXT NOT NULL,
  language_id TEXT NOT NULL REFERENCES languages(id),
  status TEXT NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'ACCEPTED', 'REJECTED')),
  created_at TEXT NOT NULL
);
CREATE INDEX reviews_product ON reviews(product_id, status);

CREATE TABLE favorites (
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  product_id INTEGER NOT NULL REFERENCES products(id),
  created_at TEXT NOT NULL,
  PRIMARY KEY (customer_id, product_id)
);

CREATE TABLE newsletter_subscriptions (
  email TEXT PRIMARY KEY COLLATE NOCASE,
  language_id TEXT NOT NULL REFERENCES languages(id),
  market_id TEXT NOT NULL REFERENCES markets(id),
  created_at TEXT NOT NULL
);

CREATE TABLE stock_subscriptions (
  email TEXT NOT NULL COLLATE NOCASE,
  sku_id INTEGER NOT NULL REFERENCES skus(id),
  language_id TEXT NOT NULL REFERENCES languages(id),
  market_id TEXT NOT NULL REFERENCES markets(id),
  created_at TEXT NOT NULL,
  notified_at TEXT,
  PRIMARY KEY (email, sku_id)
);

-- ── Content ─────────────────────────────────────────────────────────────────────────────────────
CREATE TABLE content_pages (
  id INTEGER PRIMARY KEY,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE content_page_texts (
  page_id INTEGER NOT NULL REFERENCES content_pages(id),
  language_id TEXT NOT NULL REFERENCES languages(id),
  alias TEXT NOT NULL,
  title TEXT NOT NULL,
  meta_title TEXT,
  meta_description TEXT,
  PRIMARY KEY (page_id, language_id),
  UNIQUE (language_id, alias)
);

-- A widget area is a named slot of a page family ('Frontpage', 'Content'); page_id ties it to one page.
CREATE TABLE widget_areas (
  id INTEGER PRIMARY KEY,
  family TEXT NOT NULL,
  area_name TEXT NOT NULL,
  page_id INTEGER REFERENCES content_pages(id),
  UNIQUE (family, area_name, page_id)
);

CREATE TABLE widgets (
  id INTEGER PRIMARY KEY,
  area_id INTEGER NOT NULL REFERENCES widget_areas(id),
  container INTEGER NOT NULL,         -- widgets of one container render side by side
  sort_order INTEGER NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('BANNER', 'TEXT', 'PRODUCT_LIST', 'CATEGORY_PUFFS', 'IMAGE')),
  size TEXT NOT NULL DEFAULT 'FULL'
);

CREATE TABLE widget_configs (
  widget_id INTEGER NOT NULL REFERENCES widgets(id),
  language_id TEXT NOT NULL REFERENCES languages(id),
  configuration TEXT NOT NULL,        -- JSON, as WidgetType.configuration of the API
  PRIMARY KEY (widget_id, language_id)
);

CREATE TABLE menus (
  id INTEGER PRIMARY KEY,
  location TEXT NOT NULL UNIQUE       -- 'main', 'footer', ...
);

CREATE TABLE menu_items (
  id INTEGER PRIMARY KEY,
  menu_id INTEGER NOT NULL REFERENCES menus(id),
  parent_id INTEGER REFERENCES menu_items(id),
  sort_order INTEGER NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('CATEGORY', 'BRAND', 'PAGE', 'CUSTOM')),
  target TEXT NOT NULL                -- category id, brand alias, page id or path
);

CREATE TABLE menu_item_texts (
  item_id INTEGER NOT NULL REFERENCES menu_items(id),
  language_id TEXT NOT NULL REFERENCES languages(id),
  label TEXT NOT NULL,
  PRIMARY KEY (item_id, language_id)
);

-- Old URLs answer 301 to their new place (spec §2 "URL history").
CREATE TABLE url_history (
  old_path TEXT PRIMARY KEY,
  new_path TEXT NOT NULL,
  created_at TEXT NOT NULL
);
