/* The client script of every generated site: routes, cart, checkout, forms, consent,
   overlays, timers and the event log. Plain ES2019 so that jsdom and Chromium run the same
   code; all state lives in localStorage so that it persists across pages and documents. */
(function () {
  'use strict';
  var config = JSON.parse(document.getElementById('site-config').textContent);
  /* A copy hosted under a path prefix (many sites on one server) names it here: routes stay
     the site's own, the prefix is only added to what the address bar shows. Its storage is
     its own too, since every site on that server shares one origin. Generated bundles carry
     no prefix. */
  var base = document.documentElement.getAttribute('data-base') || '';
  var STATE = (base ? base + ' ' : '') + 'site:state';
  var EVENTS = (base ? base + ' ' : '') + 'site:events';
  /* Where a hosted copy sends its event log, so that it can be scored outside the browser. */
  var sink = document.querySelector('meta[name="site-log"]');
  var own = Object.prototype.hasOwnProperty;

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

  function routeOf(pathname) {
    if (!base || pathname.indexOf(base) !== 0) return pathname;
    var rest = pathname.slice(base.length);
    if (rest === '') return '/';
    return rest.charAt(0) === '/' ? rest : pathname;
  }
  function here() {
    return routeOf(window.location.pathname);
  }

  var state = load(STATE, null) || { cart: [], consent: null, closed: {}, orders: 0, extrasAdded: false, coupon: null, firstSeen: Date.now() };
  save(STATE, state);
  var current = here();
  var enteredAt = Date.now();

  function commit() {
    save(STATE, state);
  }

  function log(type, payload) {
    var events = load(EVENTS, []);
    var event = { type: type, t: Date.now(), route: here() };
    for (var k in payload) if (own.call(payload, k)) event[k] = payload[k];
    events.push(event);
    save(EVENTS, events);
    if (sink) post(events);
  }

  /* The whole log every time: the receiver keeps the latest, and a lost request costs nothing. */
  function post(events) {
    try {
      window.fetch(sink.getAttribute('content'), {
        method: 'POST',
        keepalive: true,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ session: String(state.firstSeen), events: events }),
      }).catch(function () {});
    } catch (e) {
      /* no network: the log stays in the page */
    }
  }

  function money(n) {
    return (n < 0 ? '-$' : '$') + Math.abs(n).toFixed(2);
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
  function each(list, fn) {
    Array.prototype.forEach.call(list, fn);
  }
  function visiblePage() {
    return pageFor(here());
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
      if (!el.hasAttribute('data-flow') || el.hidden) continue;
      el.style.top = y + 'px';
      last = y + px(el, 'height');
      y = last + parseFloat(el.getAttribute('data-flow'));
    }
    page.style.height = last + 'px';
  }

  /* Forms follow the same rule, so that a section opening inside a form pushes down what
     follows it; the status lines sit under the last block, as the layout put them. */
  function reflowForm(form) {
    var y = 0;
    var last = 0;
    for (var i = 0; i < form.children.length; i++) {
      var el = form.children[i];
      if (!el.hasAttribute('data-flow') || el.hidden) continue;
      el.style.top = y + 'px';
      last = y + px(el, 'height');
      y = last + parseFloat(el.getAttribute('data-flow'));
    }
    for (var j = 0; j < form.children.length; j++) {
      if (form.children[j].hasAttribute('data-slot')) form.children[j].style.top = last + 8 + 'px';
    }
    form.style.height = last + 28 + 'px';
  }

  function rows(container, count) {
    each(container.querySelectorAll('[data-row]'), function (old) { old.parentNode.removeChild(old); });
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

  function lineName(line) {
    return item(line.sku).name + (line.variant ? ' (' + line.variant + ')' : '');
  }

  function unitPrice(sku, stage) {
    if (stage === 'checkout' && own.call(config.pricing.checkoutPrices, sku)) return config.pricing.checkoutPrices[sku];
    return item(sku).price;
  }

  /* Everything a checkout would charge: items, fees, delivery, paid options, discount. */
  function totals(stage) {
    var page = visiblePage();
    var lines = state.cart.map(function (l) {
      var out = { sku: l.sku, name: item(l.sku).name, price: unitPrice(l.sku, stage), qty: l.qty };
      if (l.variant) out.variant = l.variant;
      return out;
    });
    var itemsSum = 0;
    lines.forEach(function (l) { itemsSum += l.price * l.qty; });
    var fees = stage === 'checkout' ? config.pricing.checkoutFees.slice() : [];
    var shipping = null;
    var options = [];
    var discount = 0;
    if (stage === 'checkout') {
      var chosen = page && page.querySelector('input[type=radio][name=shipping]:checked');
      var id = chosen ? chosen.value : (config.pricing.shipping[0] || {}).id;
      config.pricing.shipping.forEach(function (o) { if (o.id === id) shipping = o; });
      if (page) {
        each(page.querySelectorAll('input[type=checkbox][data-price]'), function (cb) {
          if (cb.checked) options.push({ name: cb.name || cb.id, label: labelOf(cb), price: parseFloat(cb.getAttribute('data-price')) });
        });
      }
      if (state.coupon && own.call(config.coupons, state.coupon)) discount = round2((itemsSum * config.coupons[state.coupon]) / 100);
    }
    var sum = itemsSum - discount;
    fees.forEach(function (f) { sum += f.amount; });
    options.forEach(function (o) { sum += o.price; });
    if (shipping) sum += shipping.price;
    return { lines: lines, itemsSum: round2(itemsSum), fees: fees, shipping: shipping, options: options, discount: discount, total: round2(sum) };
  }

  function labelOf(input) {
    var label = input.id ? document.querySelector('label[for="' + input.id + '"]') : null;
    return label ? label.textContent.trim() : input.name;
  }

  function renderCartLines(container) {
    var made = rows(container, state.cart.length);
    slot(container, 'empty').hidden = state.cart.length > 0;
    state.cart.forEach(function (line, i) {
      var row = made[i];
      slot(row, 'name').textContent = lineName(line);
      slot(row, 'qty').textContent = 'Qty ' + line.qty;
      slot(row, 'price').textContent = money(item(line.sku).price * line.qty);
      var remove = slot(row, 'remove');
      remove.setAttribute('data-arg', line.sku);
      remove.setAttribute('aria-label', 'Remove ' + item(line.sku).name);
    });
  }

  function renderSummary(container) {
    var stage = container.getAttribute('data-stage');
    var t = totals(stage);
    var entries = [];
    if (stage === 'checkout') {
      t.lines.forEach(function (l) {
        entries.push([l.name + (l.variant ? ' (' + l.variant + ')' : '') + (l.qty > 1 ? ' × ' + l.qty : ''), money(l.price * l.qty)]);
      });
      t.fees.forEach(function (f) { entries.push([f.label, money(f.amount)]); });
      t.options.forEach(function (o) { entries.push([o.label.replace(/\s*\(\+\$[\d.]+\)$/, ''), money(o.price)]); });
      if (t.discount) entries.push(['Discount (' + state.coupon + ')', money(-t.discount)]);
      entries.push([t.shipping && t.shipping.price ? t.shipping.label.split(',')[0] : 'Shipping', t.shipping && t.shipping.price ? money(t.shipping.price) : 'Free']);
    } else {
      entries.push(['Subtotal', money(t.itemsSum)]);
      entries.push(['Shipping', 'Free']);
    }
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

  function renderDynamic(page) {
    each(page.querySelectorAll('[data-dyn="cart-lines"]'), renderCartLines);
    each(page.querySelectorAll('[data-dyn="summary"]'), renderSummary);
    reflow(page);
  }

  function render() {
    var path = here();
    var page = pageFor(path);
    each(document.querySelectorAll('main[data-route]'), function (p) { p.hidden = p !== page; });
    if (!page) return;
    var title = page.getAttribute('data-title');
    document.title = path === '/' ? config.brand : title + ' | ' + config.brand;
    renderDynamic(page);
    routeOverlays();
  }

  function navigate(href) {
    var from = here();
    if (href !== from) {
      window.history.pushState({}, '', base + href);
      current = here();
      enteredAt = Date.now();
      log('nav', { from: from, to: current });
    }
    render();
    window.scrollTo(0, 0);
  }

  // ---- overlays ------------------------------------------------------------

  function overlay(id) {
    return document.querySelector('[data-overlay="' + id + '"]');
  }
  function routesOf(el) {
    var r = el.getAttribute('data-routes');
    return r ? r.split(' ') : null;
  }
  function onItsRoute(el) {
    var r = routesOf(el);
    return !r || r.indexOf(here()) >= 0;
  }
  function showOverlay(el) {
    var id = el.getAttribute('data-overlay');
    if (state.closed[id] || !el.hidden || !onItsRoute(el)) return;
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
  function schedule(el, from) {
    var after = el.getAttribute('data-show-after');
    if (after === '' || state.closed[el.getAttribute('data-overlay')]) return;
    var due = from + Number(after) - Date.now();
    if (due <= 0) showOverlay(el);
    else window.setTimeout(function () { showOverlay(el); }, due);
  }
  /* Overlays bound to routes appear a set time after arriving on one, and leave with it. */
  function routeOverlays() {
    each(document.querySelectorAll('[data-overlay][data-routes]'), function (el) {
      if (!onItsRoute(el)) el.hidden = true;
      else if (el.hidden) schedule(el, enteredAt);
    });
  }

  // ---- timers --------------------------------------------------------------

  function tickCountdowns() {
    each(document.querySelectorAll('[data-countdown]'), function (el) {
      var left = Math.max(0, Number(el.getAttribute('data-countdown')) - Math.floor((Date.now() - state.firstSeen) / 1000));
      var mm = String(Math.floor(left / 60));
      var ss = String(left % 60);
      el.textContent = el.getAttribute('data-template').replace('{time}', (mm.length < 2 ? '0' : '') + mm + ':' + (ss.length < 2 ? '0' : '') + ss);
    });
  }

  // ---- actions -------------------------------------------------------------

  function addToCart(sku, source, qty, variant) {
    var line = null;
    state.cart.forEach(function (l) { if (l.sku === sku && (l.variant || null) === (variant || null)) line = l; });
    if (line) line.qty += qty;
    else {
      line = { sku: sku, qty: qty };
      if (variant) line.variant = variant;
      state.cart.push(line);
    }
    var event = { sku: sku, name: item(sku).name, price: item(sku).price, qty: qty, source: source };
    if (variant) event.variant = variant;
    log('cart.added', event);
  }

  function setConsent(purposes) {
    state.consent = purposes;
    commit();
    log('consent.set', { source: 'banner', purposes: purposes });
    each(document.querySelectorAll('[data-overlay]'), function (el) {
      if (el.querySelector('[data-do^="consent."]')) closeOverlay(el);
    });
  }

  function allPurposes(value) {
    var out = {};
    config.purposes.forEach(function (p) { out[p.id] = p.essential ? true : value; });
    return out;
  }

  /* Every named control of a form, as a user would submit it. */
  function collect(form) {
    var fields = {};
    var missing = false;
    each(form.querySelectorAll('input[name], select[name]'), function (input) {
      if (input.type === 'checkbox') fields[input.name] = input.checked;
      else if (input.type === 'radio') {
        if (input.checked) fields[input.name] = input.value;
      } else {
        fields[input.name] = input.value.trim();
        if (input.required && !fields[input.name]) missing = true;
      }
    });
    return { fields: fields, missing: missing };
  }

  var actions = {
    'nav': function (arg) { navigate(arg); },
    'cart.add': function (arg, el) {
      var page = el.closest('main') || document;
      var qtyInput = page.querySelector('input[name=qty]');
      var qty = qtyInput ? Math.max(1, Math.floor(Number(qtyInput.value) || 1)) : 1;
      var variantInput = page.querySelector('select[name=variant]');
      addToCart(arg, 'user', qty, variantInput ? variantInput.value : null);
      each(page.querySelectorAll('input[data-addon]'), function (cb) { if (cb.checked) addToCart(cb.getAttribute('data-addon'), 'option', 1, null); });
      if (!state.extrasAdded && config.cartExtras.length) {
        config.cartExtras.forEach(function (sku) { addToCart(sku, 'site', 1, null); });
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
    'coupon.apply': function (arg, el) {
      var page = el.closest('main') || document;
      var input = page.querySelector('input[name=coupon]');
      var code = input ? input.value.trim().toUpperCase() : '';
      var valid = own.call(config.coupons, code);
      if (valid) state.coupon = code;
      commit();
      log('coupon.applied', { code: code, valid: valid });
      render();
    },
    'order.place': function () {
      if (state.cart.length === 0) return;
      var t = totals('checkout');
      state.orders += 1;
      var order = { order: 'A' + (10400 + state.orders), items: t.lines, fees: t.fees, shipping: t.shipping ? t.shipping.id : null, options: t.options, total: t.total };
      if (t.discount) {
        order.coupon = state.coupon;
        order.discount = t.discount;
      }
      log('order.placed', order);
      state.cart = [];
      state.extrasAdded = false;
      state.coupon = null;
      commit();
      navigate('/order/complete');
    },
    'form.submit': function (arg, el) {
      var form = el.closest('form');
      var got = collect(form);
      var error = slot(form, 'error');
      if (got.missing) {
        error.hidden = false;
        slot(form, 'saved').hidden = true;
        return;
      }
      error.hidden = true;
      /* The pressed control's own fields, as a submit button's name=value. */
      var extra = el.getAttribute('data-fields');
      if (extra) {
        var pressed = JSON.parse(extra);
        for (var f in pressed) if (own.call(pressed, f)) got.fields[f] = pressed[f];
      }
      var purposes = null;
      each(form.querySelectorAll('input[data-purpose]'), function (cb) {
        purposes = purposes || {};
        purposes[cb.getAttribute('data-purpose')] = cb.checked;
      });
      if (purposes) log('consent.set', { source: 'form', form: arg, purposes: purposes });
      log(form.getAttribute('data-event'), { form: arg, fields: got.fields });
      var box = form.closest('[data-overlay]');
      if (box) closeOverlay(box);
      var next = form.getAttribute('data-next');
      if (next) navigate(next);
      else slot(form, 'saved').hidden = false;
    },
    'consent.all': function () { setConsent(allPurposes(true)); },
    'consent.none': function () { setConsent(allPurposes(false)); },
    'consent.save': function (arg, el) {
      var purposes = allPurposes(false);
      var box = el.closest('[data-overlay]');
      each(box.querySelectorAll('input[data-purpose]'), function (cb) {
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
    'section.toggle': function (arg) {
      var group = document.querySelector('[data-group="' + arg + '"]');
      var section = document.querySelector('[data-section="' + arg + '"]');
      if (!group || !section) return;
      section.hidden = !section.hidden;
      group.style.height = group.getAttribute(section.hidden ? 'data-closed-h' : 'data-open-h') + 'px';
      log('section.toggled', { section: arg, open: !section.hidden });
      var form = group.closest('form');
      if (form) reflowForm(form);
      var page = group.closest('main');
      if (page) reflow(page);
    },
    'emit': function (arg, el) {
      var payload = el.getAttribute('data-payload');
      log(arg, payload ? JSON.parse(payload) : {});
      if (el.hasAttribute('data-close')) {
        var box = el.closest('[data-overlay]');
        if (box) closeOverlay(box);
      }
      var href = el.getAttribute('data-href');
      if (href) navigate(href);
    },
  };

  document.addEventListener('click', function (ev) {
    var el = ev.target && ev.target.closest ? ev.target.closest('[data-do], a[href]') : null;
    if (!el) return;
    if (el.tagName === 'A' && !el.hasAttribute('data-do')) {
      var href = el.getAttribute('href');
      if (href && href.charAt(0) === '/' && href.charAt(1) !== '/') {
        ev.preventDefault();
        navigate(routeOf(href));
      }
      return;
    }
    ev.preventDefault();
    var run = actions[el.getAttribute('data-do')];
    if (run) run(el.getAttribute('data-arg') || '', el);
  });

  /* Delivery and paid options change the checkout total as they are chosen. */
  document.addEventListener('change', function (ev) {
    var page = ev.target && ev.target.closest ? ev.target.closest('main') : null;
    if (page && page.querySelector('[data-dyn="summary"]')) renderDynamic(page);
  });

  window.addEventListener('popstate', function () {
    var from = current;
    current = here();
    enteredAt = Date.now();
    if (from !== current) log('nav', { from: from, to: current });
    render();
  });

  render();
  each(document.querySelectorAll('[data-overlay]:not([data-routes])'), function (el) { schedule(el, state.firstSeen); });
  if (document.querySelector('[data-countdown]')) {
    tickCountdowns();
    window.setInterval(tickCountdowns, 1000);
  }
})();
