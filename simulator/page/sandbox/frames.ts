/**
 * Decoy's own framing of what travels between the run and its engine process, in place of
 * Node's IPC: each message is a 4-byte length and V8's serialization of the value (typed
 * arrays travel as they are). Node's IPC decoded the engine's bytes in its own code, where
 * a malformed message threw out of the run (14 bytes written to the descriptor ended every
 * later run); here the run decodes them itself, and a frame that is too long or does not
 * decode is the engine process's failure, never the run's.
 */
import { deserialize, serialize } from 'node:v8';

/**
 * The longest frame the engine may send, in bytes. A part of an observation holds 1,024
 * entries (wire.ts), some 80 KB on a crowded page; a reply of events or an error is smaller
 * still. Decoding takes more memory than the bytes: up to 32 times as much for a frame of
 * empty objects (measured), so this bounds what one message costs the run to about 260 MB,
 * once, before its engine process is ended.
 */
export const MAX_FRAME_BYTES = 8 * 1024 * 1024;

/** What a frame's length may say at most (the run's requests carry a site's files, which the run already holds). */
export const ANY_FRAME_BYTES = 0xffff_ffff;

const HEAD = 4;

/** A frame that cannot be taken: the reason is in the message. */
export class FrameError extends Error {
  override name = 'FrameError';
}

// Taken when the module loads: the engine frames its answers with these, whatever a page later does to Buffer's prototype.
const allocUnsafe = Buffer.allocUnsafe;
const concat = Buffer.concat;

/** One message as a frame. */
export function frame(message: unknown): Buffer {
  const body = serialize(message);
  const n = body.length;
  const head = allocUnsafe(HEAD);
  head[0] = n >>> 24;
  head[1] = (n >>> 16) & 0xff;
  head[2] = (n >>> 8) & 0xff;
  head[3] = n & 0xff;
  return concat([head, body], HEAD + n);
}

/**
 * Reads frames from a stream of chunks. A frame is gathered once (its chunks copied once,
 * when it is whole), so a large one costs its size, not its size times its chunks.
 */
export class FrameReader {
  private chunks: Buffer[] = [];
  private held = 0;
  /** The length of the frame being gathered, once its head has come; -1 before. */
  private need = -1;

  constructor(private readonly max = MAX_FRAME_BYTES) {}

  /** The messages this chunk completes, in order; throws a FrameError for a frame over the limit or one that does not decode. */
  push(chunk: Buffer): unknown[] {
    this.chunks.push(chunk);
    this.held += chunk.length;
    const out: unknown[] = [];
    for (;;) {
      if (this.need < 0) {
        if (this.held < HEAD) return out;
        this.need = this.take(HEAD).readUInt32BE(0);
        if (this.need > this.max)
          throw new FrameError(`a message of ${this.need} bytes, over the limit of ${this.max}`);
      }
      if (this.held < this.need) return out;
      const body = this.take(this.need);
      this.need = -1;
      try {
        out.push(deserialize(body));
      } catch {
        throw new FrameError('a message that does not decode');
      }
    }
  }

  /** The next `n` bytes held (a view where they lie in one chunk, else a copy). */
  private take(n: number): Buffer {
    if (n === 0) return Buffer.alloc(0);
    this.held -= n;
    const first = this.chunks[0] as Buffer;
    if (first.length >= n) {
      if (first.length === n) this.chunks.shift();
      else this.chunks[0] = first.subarray(n);
      return first.subarray(0, n);
    }
    const out = Buffer.allocUnsafe(n);
    let at = 0;
    while (at < n) {
      const c = this.chunks[0] as Buffer;
      const k = Math.min(c.length, n - at);
      c.copy(out, at, 0, k);
      at += k;
      if (k === c.length) this.chunks.shift();
      else this.chunks[0] = c.subarray(k);
    }
    return out;
  }
}
