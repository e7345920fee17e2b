/**
 * What travels between the run and its engine process. The engine runs page code, so
 * everything it sends is untrusted data: each reply is checked against its method's shape
 * before the run uses it, and anything else ends the episode as an error.
 */
import { z } from 'zod';
import { PART, WIRE } from './wire.ts';

export const METHODS = [
  'open',
  'observe',
  'clickAt',
  'aim',
  'fill',
  'selectOption',
  'scrollTo',
  'goto',
  'back',
  'advance',
  'events',
  'close',
] as const;
export type Method = (typeof METHODS)[number];

export interface Request {
  id: number;
  browser: number;
  method: Method;
  args: unknown[];
}

/** How a failed call failed, so the parent throws the class the caller expects. */
const FAILURE_KINDS = ['navigation', 'limit', 'error'] as const;
export type FailureKind = (typeof FAILURE_KINDS)[number];

const num = z.number();
const event = z.looseObject({ type: z.string(), t: num });

export const RESULTS = {
  open: z.undefined(),
  // Decoded with the parts that came before it (SandboxBrowser.observe).
  observe: WIRE,
  clickAt: z.object({ target: z.string(), disabled: z.boolean() }),
  aim: z.array(z.string()),
  fill: z.undefined(),
  selectOption: z.array(z.string()),
  scrollTo: z.undefined(),
  goto: z.undefined(),
  back: z.undefined(),
  advance: z.undefined(),
  events: z.array(event),
  close: z.undefined(),
} satisfies Record<Method, z.ZodType>;

/** Characters of a failed call's error the engine sends: the run shows 200 of them (a page once threw 450 million, and the run held them all). */
export const ERROR_CHARS = 1000;

export const REPLY = z.union([
  z.object({ id: z.number(), ok: z.literal(true), value: z.unknown(), elapsed: num }),
  z.object({
    id: z.number(),
    ok: z.literal(false),
    error: z.string().max(ERROR_CHARS),
    kind: z.enum(FAILURE_KINDS),
    elapsed: num,
  }),
]);
export type Reply = z.infer<typeof REPLY>;

/** Sent by the engine during a call, before it parses a page: the page's start tags (the call then gets time to load it). */
export const LOADING = z.object({ id: z.number(), loading: z.number().int().min(0) });

/** Sent by the engine during an observe call: a part of the table, decoded as it comes (wire.ts). */
export const PART_MESSAGE = z.object({ id: z.number(), part: PART });

export const READY = 'ready';
