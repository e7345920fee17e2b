/**
 * Pictures painted with sharp, synchronously: generation is synchronous from end to end (a
 * bundle is a pure function of its seed, made in one call), and sharp only answers with
 * promises, so the painting runs in a worker thread and the caller waits on it. Each distinct
 * picture is painted once per process and kept, since many bundles show the same pictures.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';

/** What is painted: an SVG drawing, then grain and the encoding, all fixed by the recipe. */
export interface PaintJob {
  w: number;
  h: number;
  /** Layers, bottom first: each an SVG of w×h, blurred by `blur` (a standard deviation, px) before it is laid on. */
  layers: { svg: string; blur?: number }[];
  /** Film grain: a seed for its pattern and how strong it is (0–1). */
  grain: { seed: number; amount: number };
  /** WebP quality. */
  quality: number;
}

/** Bounds on what a painter may ask for (and what a bundle's picture may weigh, in simulator/loop/trust.ts terms). */
export const MAX_SIDE = 1200;

// Plain JavaScript, evaluated in the worker: it takes sharp from the path the package resolves.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const sharp = require(workerData.sharp);
sharp.cache(false);
sharp.concurrency(1);
function grain(w, h, seed, amount) {
  // A xorshift stream from the seed: the same grain for the same recipe, on any run.
  let s = (seed >>> 0) || 1;
  const px = Buffer.alloc(w * h * 2);
  for (let i = 0; i < w * h; i++) {
    s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0;
    px[2 * i] = s & 255;
    px[2 * i + 1] = Math.round(255 * amount);
  }
  return px;
}
// Rendered layers, kept: the light over a picture and many backdrops recur from picture to picture.
const kept = new Map();
async function layer(l, w, h) {
  const key = JSON.stringify([l, w, h]);
  const hit = kept.get(key);
  if (hit) return hit;
  // A layer to be blurred is drawn at half size and blurred there: the blur hides the scale and it costs a quarter.
  const k = l.blur ? 2 : 1;
  let img = sharp(Buffer.from(l.svg), { density: 72 / k }).resize(Math.round(w / k), Math.round(h / k), { fit: 'fill' });
  if (l.blur) img = sharp(await img.blur(Math.max(0.3, l.blur / k)).png({ compressionLevel: 0 }).toBuffer()).resize(w, h, { fit: 'fill' });
  const out = await img.png({ compressionLevel: 0 }).toBuffer();
  if (kept.size >= 48) kept.delete(kept.keys().next().value);
  kept.set(key, out);
  return out;
}
async function paint(job) {
  const { w, h } = job;
  const layers = [];
  for (const l of job.layers) layers.push({ input: await layer(l, w, h) });
  layers.push({ input: grain(w, h, job.grain.seed, job.grain.amount), raw: { width: w, height: h, channels: 2 }, blend: 'soft-light' });
  const [first, ...rest] = layers;
  const flat = await sharp(first.input).composite(rest).removeAlpha().raw().toBuffer();
  return sharp(flat, { raw: { width: w, height: h, channels: 3 } })
    .webp({ quality: job.quality, effort: 4, smartSubsample: false })
    .toBuffer();
}
parentPort.on('message', ({ job, port, signal }) => {
  paint(job).then(
    (bytes) => port.postMessage({ bytes }),
    (e) => port.postMessage({ error: String(e && e.message || e) }),
  ).finally(() => { Atomics.store(signal, 0, 1); Atomics.notify(signal, 0); });
});
`;

let worker: Worker | null = null;

/** How long one picture may take: far more than any takes, so only a worker that is gone reaches it. */
const PAINT_MS = 120_000;

function painter(): Worker {
  if (worker) return worker;
  const sharpPath = createRequire(import.meta.url).resolve('sharp');
  // No inherited loaders (a test runner's, tsx's): their start waits on this thread, which is waiting on the worker.
  worker = new Worker(WORKER, { eval: true, workerData: { sharp: sharpPath }, execArgv: [] });
  // The worker waits for work without keeping the process alive.
  worker.unref();
  return worker;
}

const painted = new Map<string, Uint8Array>();

/** A recipe's key: what names its picture (the same recipe, the same picture). */
export const jobKey = (job: PaintJob): string =>
  createHash('sha256').update(JSON.stringify(job)).digest('hex').slice(0, 20);

/** The WebP bytes of a job, painted now (blocking until sharp is done) or kept from an earlier call. */
export function paintSync(job: PaintJob): Uint8Array {
  const key = jobKey(job);
  const kept = painted.get(key);
  if (kept) return kept;
  if (job.w > MAX_SIDE || job.h > MAX_SIDE)
    throw new Error(`a picture of ${job.w}×${job.h} is larger than ${MAX_SIDE} px`);
  const signal = new Int32Array(new SharedArrayBuffer(4));
  const { port1, port2 }: { port1: MessagePort; port2: MessagePort } = new MessageChannel();
  painter().postMessage({ job, port: port2, signal }, [port2]);
  if (Atomics.wait(signal, 0, 0, PAINT_MS) === 'timed-out')
    throw new Error(`painting a picture took longer than ${PAINT_MS / 1000} s`);
  const reply = receiveMessageOnPort(port1)?.message as { bytes?: Uint8Array; error?: string } | undefined;
  port1.close();
  if (!reply?.bytes) throw new Error(`painting a picture failed: ${reply?.error ?? 'no answer'}`);
  const bytes = new Uint8Array(reply.bytes);
  painted.set(key, bytes);
  return bytes;
}
