/* The client script of every generated site: routes, cart, forms, consent and the event log.
   Plain ES2019 so that jsdom and Chromium run the same code; all state lives in localStorage
   so that it persists across pages and documents. */
(function () {
  'use strict';
  var config = JSON.parse(document.getElementById('site-config').textContent);
  var STATE = 'site:state';
  var EVENTS = 'site:events';

  function load(key, fallback) {
    try {
      var raw = window.localStorage.getItem(key);
      return raw ? JSON.parse(raw) : fallback;
    } catch (e) {
      return fallback;
    }
  }
  function save(key, value) {
    window.localStorage.setItem(key, JSON.stringify(value));
  }

  var state = load(STATE, null) || { cart: [], consent: null, closed: {}, orders: 0, extrasAdded: false, firstSeen: Date.now() };
  save(STATE, state);
  var current = window.location.pathname;

  function commit() {
    save(STATE, state);
  }

  function log(type, payload) {
    var events = load(EVENTS, []);
    var event = { type: type, t: Date.now(), route: window.location.pathname };
    for (var k in payload) if (Object.prototype.hasOwnProperty.call(payload, k)) event[k] = payload[k];
    events.push(event);
    save(EVENTS, events);
  }

  function money(n) {
    return '$' + n.toFixed(2);
  }
  function round2(n) {
    return Math.round(n * 100) / 100;
  }
  function px(el, prop) {
    return parseFloat(el.style[prop]) || 0;
  }
  function slot(root, name) {
    return root.querySelector('[data-slot="' + name + '"]');
  }
  function item(sku) {
    return config.catalog[sku] || { name: sku, price: 0 };
  }

  // ---- pages ---------------------------------------------------------------

  function pageFor(path) {
    var pages = document.querySelectorAll('main[data-route]');
    var fallback = null;
    for (var i = 0; i < pages.length; i++) {
      var route = pages[i].getAttribute('data-route');
      if (route === path) return pages[i];
      if (route === '*') fallback = pages[i];
    }
    return fallback;
  }

  /* The stack rule: a page's blocks sit one under another, each a gap below the last. */
  function reflow(page) {
    var y = 0;
    var last = 0;
    for (var i = 0; i < page.children.length; i++) {
      var el = page.children[i];
      if (!el.hasAttribute('data-flow')) continue;
      el.style.top = y + 'px';
      last = y + px(el, 'height');
      y = last + parseFloat(el.getAttribute('data-flow'));
    }
    page.style.height = last + 'px';
  }

  function rows(container, count) {
    var old = container.querySelectorAll('[data-row]');
    for (var i = 0; i < old.length; i++) old[i].parentNode.removeChild(old[i]);
    var tpl = container.querySelector('template');
    var rowH = parseFloat(container.getAttribute('data-row-h'));
    var out = [];
    for (var j = 0; j < count; j++) {
      var row = document.importNode(tpl.content.firstElementChild, true);
      row.setAttribute('data-row', '');
      row.style.top = j * rowH + 'px';
      container.appendChild(row);
      out.push(row);
    }
    container.style.height = Math.max(count * rowH, 24) + 'px';
    return out;
  }

  function checkoutLines() {
    return state.cart.map(function (line) {
      var listed = item(line.sku);
      var unit = Object.prototype.hasOwnProperty.call(config.pricing.checkoutPrices, line.sku) ? config.pricing.checkoutPrices[line.sku] : listed.price;
      return { sku: line.sku, name: listed.name, price: unit, qty: line.qty };
    });
  }

  function totals(stage) {
    var lines = stage === 'checkout' ? checkoutLines() : state.cart.map(function (l) {
      return { sku: l.sku, name: item(l.sku).name, price: item(l.sku).price, qty: l.qty };
    });
    var fees = stage === 'checkout' ? config.pricing.checkoutFees : [];
    var sum = 0;
    lines.forEach(function (l) { sum += l.price * l.qty; });
    fees.forEach(function (f) { sum += f.amount; });
    return { lines: lines, fees: fees, total: round2(sum) };
  }

  function renderCartLines(container) {
    var made = rows(container, state.cart.length);
    slot(container, 'empty').hidden = state.cart.length > 0;
    state.cart.forEach(function (line, i) {
      var row = made[i];
      var listed = item(line.sku);
      slot(row, 'name').textContent = listed.name;
      slot(row, 'qty').textContent = 'Qty ' + line.qty;
      slot(row, 'price').textContent = money(listed.price * line.qty);
      var remove = slot(row, 'remove');
      remove.setAttribute('data-arg', line.sku);
      remove.setAttribute('aria-label', 'Remove ' + listed.name);
    });
  }

  function renderSummary(container) {
    var stage = container.getAttribute('data-stage');
    var t = totals(stage);
    var entries = [];
    if (stage === 'checkout') {
      t.lines.forEach(function (l) {
        entries.push([l.name + (l.qty > 1 ? ' × ' + l.qty : ''), money(l.price * l.qty)]);
      });
      t.fees.forEach(function (f) { entries.push([f.label, money(f.amount)]); });
    } else {
      var sub = 0;
      t.lines.forEach(function (l) { sub += l.price * l.qty; });
      entries.push(['Subtotal', money(round2(sub))]);
    }
    entries.push(['Shipping', 'Free']);
    entries.push(['Total', money(t.total)]);
    var made = rows(container, entries.length);
    entries.forEach(function (entry, i) {
      slot(made[i], 'label').textContent = entry[0];
      slot(made[i], 'value').textContent = entry[1];
      if (i === entries.length - 1) {
        slot(made[i], 'label').style.fontWeight = '700';
        slot(made[i], 'value').style.fontWeight = '700';
      }
    });
  }

  function render() {
    var path = window.location.pathname;
    var page = pageFor(path);
    var pages = document.querySelectorAll('main[data-route]');
    for (var i = 0; i < pages.length; i++) pages[i].hidden = pages[i] !== page;
    if (!page) return;
    var title = page.getAttribute('data-title');
    document.title = path === '/' ? config.brand : title + ' | ' + config.brand;
    var lines = page.querySelectorAll('[data-dyn="cart-lines"]');
    for (var j = 0; j < lines.length; j++) renderCartLines(lines[j]);
    var sums = page.querySelectorAll('[data-dyn="summary"]');
    for (var k = 0; k < sums.length; k++) renderSummary(sums[k]);
    reflow(page);
  }

  function navigate(href) {
    var from = window.location.pathname;
    if (href !== from) {
      window.history.pushState({}, '', href);
      current = window.location.pathname;
      log('nav', { from: from, to: current });
    }
    render();
    window.scrollTo(0, 0);
  }

  // ---- overlays ------------------------------------------------------------

  function overlay(id) {
    return document.querySelector('[data-overlay="' + id + '"]');
  }
  function showOverlay(el) {
    var id = el.getAttribute('data-overlay');
    if (state.closed[id] || !el.hidden) return;
    el.hidden = false;
    log('overlay.shown', { overlay: id });
  }
  function closeOverlay(el) {
    var id = el.getAttribute('data-overlay');
    state.closed[id] = true;
    commit();
    if (!el.hidden) {
      el.hidden = true;
      log('overlay.closed', { overlay: id });
    }
  }
  function scheduleOverlays() {
    var all = document.querySelectorAll('[data-overlay]');
    Array.prototype.forEach.call(all, function (el) {
      var after = el.getAttribute('data-show-after');
      if (after === '' || state.closed[el.getAttribute('data-overlay')]) return;
      var due = state.firstSeen + Number(after) - Date.now();
      if (due <= 0) showOverlay(el);
      else window.setTimeout(function () { showOverlay(el); }, due);
    });
  }

  // ---- actions -------------------------------------------------------------

  function addToCart(sku, source) {
    var line = null;
    state.cart.forEach(function (l) { if (l.sku === sku) line = l; });
    if (line) line.qty += 1;
    else state.cart.push({ sku: sku, qty: 1 });
    log('cart.added', { sku: sku, name: item(sku).name, price: item(sku).price, source: source });
  }

  function setConsent(purposes) {
    state.consent = purposes;
    commit();
    log('consent.set', { source: 'banner', purposes: purposes });
    var all = document.querySelectorAll('[data-overlay]');
    Array.prototype.forEach.call(all, function (el) {
      if (el.querySelector('[data-do^="consent."]')) closeOverlay(el);
    });
  }

  function allPurposes(value) {
    var out = {};
    config.purposes.forEach(function (p) { out[p.id] = p.essential ? true : value; });
    return out;
  }

  var actions = {
    'nav': function (arg) { navigate(arg); },
    'cart.add': function (arg, el) {
      addToCart(arg, 'user');
      var page = el.closest('main');
      var options = page ? page.querySelectorAll('input[data-addon]') : [];
      Array.prototype.forEach.call(options, function (cb) { if (cb.checked) addToCart(cb.getAttribute('data-addon'), 'option'); });
      if (!state.extrasAdded && config.cartExtras.length) {
        config.cartExtras.forEach(function (sku) { addToCart(sku, 'site'); });
        state.extrasAdded = true;
      }
      commit();
      navigate('/cart');
    },
    'cart.remove': function (arg) {
      state.cart = state.cart.filter(function (l) { return l.sku !== arg; });
      commit();
      log('cart.removed', { sku: arg });
      render();
    },
    'order.place': function () {
      if (state.cart.length === 0) return;
      var t = totals('checkout');
      state.orders += 1;
      var order = 'A' + (10400 + state.orders);
      log('order.placed', { order: order, items: t.lines, fees: t.fees, total: t.total });
      state.cart = [];
      state.extrasAdded = false;
      commit();
      navigate('/order/complete');
    },
    'form.submit': function (arg, el) {
      var form = el.closest('form');
      var fields = {};
      var missing = false;
      Array.prototype.forEach.call(form.querySelectorAll('input[name]'), function (input) {
        fields[input.name] = input.value.trim();
        if (input.required && !fields[input.name]) missing = true;
      });
      var error = slot(form, 'error');
      if (missing) {
        error.hidden = false;
        return;
      }
      error.hidden = true;
      var purposes = null;
      Array.prototype.forEach.call(form.querySelectorAll('input[data-purpose]'), function (cb) {
        purposes = purposes || {};
        purposes[cb.getAttribute('data-purpose')] = cb.checked;
      });
      if (purposes) log('consent.set', { source: 'form', form: arg, purposes: purposes });
      log(form.getAttribute('data-event'), { form: arg, fields: fields });
      navigate(form.getAttribute('data-next'));
    },
    'consent.all': function () { setConsent(allPurposes(true)); },
    'consent.none': function () { setConsent(allPurposes(false)); },
    'consent.save': function (arg, el) {
      var purposes = allPurposes(false);
      var box = el.closest('[data-overlay]');
      Array.prototype.forEach.call(box.querySelectorAll('input[data-purpose]'), function (cb) {
        var id = cb.getAttribute('data-purpose');
        purposes[id] = purposes[id] || cb.checked;
      });
      setConsent(purposes);
    },
    'overlay.open': function (arg, el) {
      var from = el.closest('[data-overlay]');
      if (from) closeOverlay(from);
      var target = overlay(arg);
      if (target) {
        state.closed[arg] = false;
        showOverlay(target);
      }
    },
    'overlay.close': function (arg, el) {
      var target = arg ? overlay(arg) : el.closest('[data-overlay]');
      if (target) closeOverlay(target);
    },
  };

  document.addEventListener('click', function (ev) {
    var el = ev.target && ev.target.closest ? ev.target.closest('[data-do], a[href]') : null;
    if (!el) return;
    if (el.tagName === 'A') {
      var href = el.getAttribute('href');
      if (href && href.charAt(0) === '/' && href.charAt(1) !== '/') {
        ev.preventDefault();
        navigate(href);
      }
      return;
    }
    ev.preventDefault();
    var run = actions[el.getAttribute('data-do')];
    if (run) run(el.getAttribute('data-arg') || '', el);
  });

  window.addEventListener('popstate', function () {
    var from = current;
    current = window.location.pathname;
    if (from !== current) log('nav', { from: from, to: current });
    render();
  });

  render();
  scheduleOverlays();
})();
