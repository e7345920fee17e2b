/*
 * What the shop's server answers its script (contract.ts SHOP_DATA): asked the first time a
 * page uses it, so that no page holds it before. A synchronous request, so that a click's
 * handler has its answer before it returns, in every engine alike; once per document.
 */
import { SHOP_DATA, type CartData, type CheckoutData } from '../../scenarios/contract.ts';
import { base } from './store.ts';

const answers: Record<string, unknown> = {};

function ask<T>(path: string): T {
  if (!Object.prototype.hasOwnProperty.call(answers, path)) {
    const request = new XMLHttpRequest();
    request.open('GET', base + '/' + path, false);
    request.send();
    if (request.status !== 200) throw new Error('the site did not answer ' + path + ' (status ' + request.status + ')');
    answers[path] = JSON.parse(request.responseText);
  }
  return answers[path] as T;
}

export const cartData = (): CartData => ask<CartData>(SHOP_DATA.cart);
export const checkoutData = (): CheckoutData => ask<CheckoutData>(SHOP_DATA.checkout);
