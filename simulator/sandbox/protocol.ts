/**
 * What travels between the run and its engine process. The engine runs page code, so
 * everything it sends is untrusted data: each reply is checked against its method's shape
 * before the run uses it, and anything else ends the episode as an error.
 */
import { z } from 'zod';

export const METHODS = ['open', 'observe', 'clickAt', 'fill', 'selectOption', 'scrollTo', 'goto', 'back', 'advance', 'events', 'close'] as const;
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
const rect = z.object({ x: num, y: num, w: num, h: num });
const element = z.looseObject({ ref: z.string().nullable(), role: z.string(), name: z.string(), depth: num, box: rect.nullable(), inViewport: z.boolean(), covered: z.boolean() });
const observation = z.looseObject({
  url: z.string(),
  title: z.string(),
  scroll: z.object({ x: num, y: num }),
  viewport: z.object({ width: num, height: num }),
  elements: z.array(element),
});
const event = z.looseObject({ type: z.string(), t: num });

export const RESULTS = {
  open: z.undefined(),
  observe: observation,
  clickAt: z.object({ target: z.string(), disabled: z.boolean() }),
  fill: z.undefined(),
  selectOption: z.array(z.string()),
  scrollTo: z.undefined(),
  goto: z.undefined(),
  back: z.undefined(),
  advance: z.undefined(),
  events: z.array(event),
  close: z.undefined(),
} satisfies Record<Method, z.ZodType>;

export const REPLY = z.union([
  z.object({ id: z.number(), ok: z.literal(true), value: z.unknown(), elapsed: num }),
  z.object({ id: z.number(), ok: z.literal(false), error: z.string(), kind: z.enum(FAILURE_KINDS), elapsed: num }),
]);
export type Reply = z.infer<typeof REPLY>;

export const READY = 'ready';
