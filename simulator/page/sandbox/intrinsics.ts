/**
 * The engine realm's built-ins, frozen before the first page. Every function jsdom hands a
 * page belongs to this realm, so a page reaches its prototypes (`setTimeout.__proto__` is
 * the engine's Function.prototype, one level up its Object.prototype): a page that replaced
 * `call` there was handed the engine's own reply function and its receiver, `process`, the
 * next time the engine answered. Frozen, no page can replace or add a method, a getter or an
 * index that the engine's code (jsdom's, Node's, decoy's) then meets.
 *
 * A frozen prototype makes assigning a property of the same name to an object that inherits
 * it fail (`Foo.prototype.toString = …`, `error.name = …`: the "override mistake"), which the
 * engine's packages do; those properties become accessors that make the assignment on the
 * object assigned to, as SES's lockdown does. None is a method a hot path calls through a
 * protector of V8's (`constructor` of arrays and promises stays a plain value).
 */

// Taken before anything is frozen or any page has run.
const { defineProperty, freeze, getOwnPropertyDescriptor, getPrototypeOf, isFrozen } = Object;
const { apply, ownKeys } = Reflect;
const hasOwn = Object.hasOwn;

/** The constructors of the realm's global built-ins whose prototypes and statics are frozen. */
const CONSTRUCTORS = [
  'Object',
  'Function',
  'Array',
  'ArrayBuffer',
  'SharedArrayBuffer',
  'DataView',
  'Date',
  'Map',
  'Set',
  'WeakMap',
  'WeakSet',
  'WeakRef',
  'FinalizationRegistry',
  'Promise',
  'RegExp',
  'String',
  'Number',
  'Boolean',
  'Symbol',
  'BigInt',
  'Int8Array',
  'Uint8Array',
  'Uint8ClampedArray',
  'Int16Array',
  'Uint16Array',
  'Int32Array',
  'Uint32Array',
  'Float32Array',
  'Float64Array',
  'BigInt64Array',
  'BigUint64Array',
  'Buffer',
] as const;
/** Errors: prototypes frozen, constructors' functions fixed, the rest not (Node and packages set `Error.stackTraceLimit`). */
const ERRORS = [
  'Error',
  'EvalError',
  'RangeError',
  'ReferenceError',
  'SyntaxError',
  'TypeError',
  'URIError',
  'AggregateError',
] as const;
/** Namespaces of static functions. */
const NAMESPACES = ['Reflect', 'JSON', 'Math', 'Atomics', 'Intl'] as const;

/** Properties assigned on objects that inherit them, by the prototype that holds them. */
const ASSIGNED: Record<string, readonly PropertyKey[]> = {
  Object: [
    'constructor',
    'hasOwnProperty',
    'isPrototypeOf',
    'propertyIsEnumerable',
    'toLocaleString',
    'toString',
    'valueOf',
  ],
  Function: ['toString'],
  Error: ['constructor', 'message', 'name', 'toString'],
};

/** A data property of `proto` that objects inheriting it may still be given by assignment. */
function assignable(proto: object, key: PropertyKey): void {
  const d = getOwnPropertyDescriptor(proto, key);
  if (!d || !('value' in d) || !d.configurable) return;
  const value: unknown = d.value;
  defineProperty(proto, key, {
    get: () => value,
    set(this: object, v: unknown) {
      if (this === proto)
        throw new TypeError(`Cannot assign to read only property '${String(key)}' of a frozen built-in`);
      if (hasOwn(this, key)) apply(setOwn, undefined, [this, key, v]);
      else defineProperty(this, key, { value: v, writable: true, enumerable: true, configurable: true });
    },
    enumerable: d.enumerable === true,
    configurable: false,
  });
}

/** Assignment to an own property (a module is strict: a read-only one throws, as the assignment would). */
function setOwn(target: Record<PropertyKey, unknown>, key: PropertyKey, v: unknown): void {
  target[key] = v;
}

function deepFreeze(root: unknown, seen: Set<object>): void {
  const stack = [root];
  while (stack.length > 0) {
    const o = stack.pop();
    if ((typeof o !== 'object' && typeof o !== 'function') || o === null || seen.has(o)) continue;
    seen.add(o);
    freeze(o);
    stack.push(getPrototypeOf(o));
    for (const k of ownKeys(o)) {
      const d = getOwnPropertyDescriptor(o, k);
      if (!d) continue;
      if ('value' in d) stack.push(d.value);
      else stack.push(d.get, d.set);
    }
  }
}

/** The prototypes the syntax reaches without a name: functions of every kind, iterators, generators. */
function unnamed(): object[] {
  const kinds = [function () {}, async function () {}, function* () {}, async function* () {}];
  const out: object[] = kinds.map((f) => getPrototypeOf(f) as object);
  out.push(
    getPrototypeOf(function* () {}.prototype) as object,
    getPrototypeOf(async function* () {}.prototype) as object,
  );
  const iterators = [
    [][Symbol.iterator](),
    new Map()[Symbol.iterator](),
    new Set()[Symbol.iterator](),
    ''[Symbol.iterator](),
    /x/[Symbol.matchAll]('x'),
  ];
  for (const it of iterators) out.push(getPrototypeOf(it) as object);
  // %IteratorPrototype%, %AsyncIteratorPrototype% and %TypedArray%.
  out.push(getPrototypeOf(getPrototypeOf([][Symbol.iterator]())) as object);
  out.push(getPrototypeOf(getPrototypeOf(async function* () {}.prototype)) as object);
  out.push(getPrototypeOf(Int8Array) as object, getPrototypeOf(Int8Array.prototype) as object);
  return out;
}

/** Freezes the realm's built-ins (see above). Once: a frozen realm stays so. */
export function freezeIntrinsics(): void {
  const g = globalThis as unknown as Record<string, { prototype?: object } | undefined>;
  if (isFrozen(Object.prototype)) return;
  for (const [name, keys] of Object.entries(ASSIGNED)) {
    const proto = g[name]?.prototype;
    if (proto) for (const k of keys) assignable(proto, k);
  }
  for (const name of ERRORS) {
    const proto = g[name]?.prototype;
    if (proto && name !== 'Error') for (const k of ['constructor', 'message', 'name']) assignable(proto, k);
  }
  const seen = new Set<object>([globalThis]);
  for (const name of ERRORS) {
    deepFreeze(g[name]?.prototype, seen);
    // An engine error reaches a page (V8 throws them from engine functions): its constructor's functions (captureStackTrace) stay the engine's.
    const ctor = g[name] as object | undefined;
    for (const k of ctor ? ownKeys(ctor) : []) {
      const d = getOwnPropertyDescriptor(ctor, k);
      if (k !== 'stackTraceLimit' && d?.configurable && typeof d.value === 'function')
        defineProperty(ctor, k, { writable: false, configurable: false });
    }
  }
  for (const name of [...CONSTRUCTORS, ...NAMESPACES]) deepFreeze(g[name], seen);
  for (const proto of unnamed()) deepFreeze(proto, seen);
}
