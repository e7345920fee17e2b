/** What the page's runtime is told about its site (the JSON of `#site-config`): behaviour only, never ground truth. */
export interface RuntimeConfig {
  brand: string;
  catalog: Record<string, { name: string; price: number }>;
  /** Skus the site adds to the cart by itself with the first add. */
  cartExtras: string[];
  pricing: {
    checkoutFees: { label: string; amount: number }[];
    /** Unit prices that replace the catalogue's at checkout. */
    checkoutPrices: Record<string, number>;
    shipping: { id: string; label: string; price: number }[];
    coupons: Record<string, number>;
  };
  purposes: { id: string; essential: boolean }[];
  shipping: { id: string; label: string; price: number }[];
  /** Percent off, by code. */
  coupons: Record<string, number>;
  gap: number;
}
