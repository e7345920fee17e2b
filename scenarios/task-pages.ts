/**
 * Where the families that work on a task's own page put things: the page a task acts on,
 * the path step that arrives there, the step that does the task's click, and the block to
 * insert before; and the popup helpers those families share.
 */
import type { Block, Locator, OverlaySpec, PathEdit, SiteAction, SiteSpec, Step, TaskInstance } from './model.ts';
import type { Rng } from './rng.ts';
import { clickTarget, mainItem } from './goals.ts';
import { isReserve } from './tasks/reserve.ts';
import { isDownload } from './tasks/download.ts';
import { hotelRoute } from './sites/booking.ts';
import { appRoute } from './sites/software.ts';
import { articleRoute, fullArticleRoute } from './sites/news.ts';
import { CART_ROUTE, CHECKOUT_ROUTE, productRoute } from './sites/shop.ts';
import { money, type EventName } from './contract.ts';

export interface TaskPage {
  route: string;
  /** The path step that lands on the page. */
  arrive: string;
  /** The path step that does the task's own click there, and its target (none for an answer). */
  act: string;
  target: Locator | null;
  /** The block on the page (or in its form) that new blocks go before. */
  anchor: string;
  /** Steps an agent takes on the page before its click: time for a delayed popup to appear. */
  dwell: number;
  /** Routes that continue the page (an article's full text behind a teaser): its popups follow there. */
  also: string[];
}

export type ShopPage = 'product' | 'cart' | 'checkout';

/** The page of a task a family works on; purchases name which of the shop's pages. */
export function taskPage(task: TaskInstance, taskId: string, shop: ShopPage = 'product'): TaskPage {
  const goal = task.goal;
  const at = (
    route: string,
    arrive: string,
    act: string,
    anchor: string,
    dwell: number,
    also: string[] = [],
  ): TaskPage => ({
    route,
    arrive,
    act,
    anchor,
    dwell,
    also,
    target: act === 'finish' ? null : clickTarget(task.path, act),
  });
  if (taskId === 'reserve' && isReserve(goal)) return at(hotelRoute(goal.hotel), 'open-hotel', 'submit', 'reserve', 4);
  if (taskId === 'download' && isDownload(goal)) return at(appRoute(goal.app), 'open-app', 'download', 'download', 0);
  if (taskId === 'find-author' && typeof goal.article === 'string')
    return at(articleRoute(goal.article), 'open-article', 'finish', 'article', 0, [fullArticleRoute(goal.article)]);
  if (taskId === 'purchase') {
    if (shop === 'cart') return at(CART_ROUTE, 'add-to-cart', 'checkout', 'lines', 0);
    if (shop === 'checkout') return at(CHECKOUT_ROUTE, 'checkout', 'place-order', 'summary', 0);
    return at(productRoute(mainItem(goal, 'task page').sku), 'open-product', 'add-to-cart', 'buy', 0);
  }
  throw new Error(`no task page for task '${taskId}'`);
}

/**
 * What a popup on a task's page claims: the page (one popup per page) and, on the cart, the
 * cart's extras, whose removal another family does right on arrival, where the popup would sit.
 */
export function popupClaims(taskId: string, shop: ShopPage): string[] {
  const pages: Record<string, string> = { reserve: 'hotel', download: 'app', 'find-author': 'article', purchase: shop };
  const claims = [`${pages[taskId] ?? taskId}-overlay`];
  if (taskId === 'purchase' && shop === 'cart') claims.push('cart-extras');
  return claims;
}

/** A delay for a popup on the page: any while the agent still has steps to take there. */
export function popupDelay(rng: Rng, page: TaskPage): number {
  return rng.pick([0, 1000, 2000, 3000].filter((ms) => ms <= page.dwell * 1000 - 1000 || ms === 0));
}

/** A popup bound to the task page. */
export function popup(
  id: string,
  label: string,
  page: TaskPage,
  placement: OverlaySpec['placement'],
  delay: number,
  blocks: Block[],
): OverlaySpec {
  return {
    id,
    label,
    role: 'dialog',
    placement,
    backdrop: placement === 'modal',
    showAfterMs: delay,
    routes: [page.route, ...page.also],
    blocks,
  };
}

/** One step clicking a control in a popup, waiting for it to show. */
export function popupClick(id: string, delay: number, target: Locator): Step {
  return { id, waitMs: delay + 1000, verb: 'click', target };
}

/** A site event an offer's button logs; `close` shuts the popup it sits in. */
export const accept = (
  event: EventName,
  data: Record<string, string | number | boolean>,
  close = true,
): SiteAction => ({ do: 'emit', event, data, close });

/**
 * A button on the task's page that opens a page of its own, as a real site's advert or offer
 * does (the advertiser's landing page, the offer taken), logging `event` with `data` when
 * pressed. Its page stands under the task's page and links back there; the trap path presses
 * it after arriving and comes back to carry on with the task. Returns the action and the
 * trap's path edit.
 */
export function ownPage(
  site: SiteSpec,
  page: TaskPage,
  rng: Rng,
  o: {
    title: string;
    blocks: Block[];
    back: string;
    event: EventName;
    data: Record<string, string | number | boolean>;
    step: string;
    target: Locator;
  },
): { action: SiteAction; trap: PathEdit } {
  // A number, as a shop's or store's own sub-pages have: words in the address would say what the page is before it opens.
  let route = `${page.route}/${rng.int(1000, 9999)}`;
  while (site.pages.some((p) => p.route === route)) route = `${page.route}/${rng.int(1000, 9999)}`;
  site.pages.push({
    route,
    title: o.title,
    blocks: [...o.blocks, { kind: 'links', id: 'back', links: [{ label: o.back, href: page.route }] }],
  });
  return {
    action: { do: 'emit', event: o.event, data: o.data, href: route },
    trap: {
      at: 'after',
      step: page.arrive,
      steps: [
        { id: o.step, verb: 'click', target: o.target },
        { id: `${o.step}-back`, verb: 'goto', url: page.route },
      ],
    },
  };
}

/** Sentence case for a line that may start with a lower-case name ("the Deluxe room …"). */
export const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** An amount as a price tag: "$12", "$12.99". */
/** A price in running text: whole dollars without cents ("$25", "$19.99"). */
export const usd = (n: number) => money(n, { whole: true });
