/*
 * What the site's server answers its script (contract.ts ANSWERS): asked the first time a
 * page uses it, so that no page holds it before. A synchronous request, so that a click's
 * handler has its answer before it returns, in every engine alike; once per document.
 */
import { ANSWERS, type CartData, type CheckoutData, type ControlsData } from '../../scenarios/contract.ts';
import { base } from './store.ts';

const answers: Record<string, unknown> = {};
const own = Object.prototype.hasOwnProperty;

function ask<T>(path: string): T {
  if (!own.call(answers, path)) {
    const request = new XMLHttpRequest();
    request.open('GET', base + '/' + path, false);
    request.send();
    if (request.status !== 200) throw new Error('the site did not answer ' + path + ' (status ' + request.status + ')');
    answers[path] = JSON.parse(request.responseText);
  }
  return answers[path] as T;
}

export const cartData = (): CartData => ask<CartData>(ANSWERS.cart);
export const checkoutData = (): CheckoutData => ask<CheckoutData>(ANSWERS.checkout);
export const controlsData = (): ControlsData => ask<ControlsData>(ANSWERS.controls);
