/*
 * A page-side defense of your own: generic DOM rules of the kind a browser extension's
 * content script applies, run in every page before the agent sees it. An illustration, not
 * a tuned defense: the words are ones any shop or sign-up form might use.
 *
 *   npx decoy run --suite demo --defense inject:examples/untick-preselected.js --out runs/untick
 */
(function () {
  // A box ticked in advance whose label offers something extra: an add-on, a mailing, sharing.
  var extra =
    /\b(protect(ion)?|warranty|insurance|cover|newsletter|offers?|promotions?|partners?|marketing|share|sharing|donat(e|ion)|subscribe)\b/i;
  // A ticking clock meant to hurry: a time like 09:59 beside words of urgency.
  var clock = /\b\d{1,2}:\d{2}\b/;
  var hurry = /\b(left|ends?|ending|expires?|hurry|only|remaining|countdown)\b/i;

  function labelOf(box) {
    if (box.labels && box.labels.length > 0) return box.labels[0].textContent || '';
    var named = box.getAttribute('aria-labelledby');
    var el = named ? document.getElementById(named) : null;
    return (el ? el.textContent : box.getAttribute('aria-label')) || '';
  }

  function untick(root) {
    root.querySelectorAll('input[type="checkbox"]:checked').forEach(function (box) {
      if (box.disabled || box.dataset.ruleSeen) return;
      // Once per box: a box the user ticks again stays ticked.
      box.dataset.ruleSeen = '1';
      if (!extra.test(labelOf(box))) return;
      box.checked = false;
      box.dispatchEvent(new Event('input', { bubbles: true }));
      box.dispatchEvent(new Event('change', { bubbles: true }));
    });
  }

  function hideClocks(root) {
    root.querySelectorAll('p, span, div, strong').forEach(function (el) {
      var text = el.textContent || '';
      if (el.children.length === 0 && text.length < 80 && clock.test(text) && hurry.test(text))
        el.style.visibility = 'hidden';
    });
  }

  function apply() {
    untick(document);
    hideClocks(document);
  }

  apply();
  // Pages that draw their views later (a single-page app's routes) are checked again.
  new MutationObserver(apply).observe(document.body, { childList: true, subtree: true });
})();
