/**
 * What the page's runtime is told about its site at load (the JSON of `#site-config`): the
 * same keys on every site, none named for a pattern, and nothing a page shows only later
 * (checkout fees and prices, a product the shop adds to the cart) — the runtime asks the
 * site for those when it uses them (`ANSWERS`). Behaviour only, never ground truth.
 */
export interface RuntimeConfig {
  brand: string;
  /** The products the site lists, by sku. */
  catalog: Record<string, { name: string; price: number }>;
  /** Delivery options at checkout; the first is the default. */
  shipping: { id: string; label: string; price: number }[];
  gap: number;
}
