/**
 * The RUC dataset record: a click sample with its screenshot, boxes in image pixels and
 * normalised to [0, 1], in the shape of DUDE's RUC release.
 */
import { z } from 'zod';
import type { ClickSample } from './clicks.ts';

const bbox = z.tuple([z.number(), z.number(), z.number(), z.number()]);
const box = z.object({ role: z.string(), name: z.string(), bbox, bbox_norm: bbox });

export const RUC_RECORD = z
  .object({
    id: z.string(),
    image: z.string().regex(/^images\/.+\.png$/),
    image_width: z.number().int().positive(),
    image_height: z.number().int().positive(),
    task: z.string().min(1),
    domain: z.string(),
    category: z.enum(['normal', 'coercive', 'cognitive', 'contextual-path-spoofing', 'emotional']),
    split: z.enum(['train', 'valid', 'test']),
    correct_box: box,
    dark_box: box.optional(),
    /** DUDE Appendix D: centroid of B_c → 1, of B_d → −1, null clicks → 0; image pixels. */
    clicks: z.array(
      z.object({ x: z.number(), y: z.number(), label: z.union([z.literal(1), z.literal(0), z.literal(-1)]) }),
    ),
    scenario: z.string(),
    url: z.string(),
    actions: z.array(z.string()),
  })
  .strict();

export type RucRecord = z.infer<typeof RUC_RECORD>;

export function rucRecord(sample: ClickSample, image: string, scale: number): RucRecord {
  const W = sample.viewport.width * scale;
  const H = sample.viewport.height * scale;
  const px = (b: readonly number[]) => b.map((v) => v * scale) as [number, number, number, number];
  const norm = (b: readonly number[]) =>
    [b[0]! / W, b[1]! / H, b[2]! / W, b[3]! / H].map((v) => Math.round(v * 1e6) / 1e6) as [
      number,
      number,
      number,
      number,
    ];
  const boxOf = (e: ClickSample['correct']) => ({
    role: e.role,
    name: e.name,
    bbox: px(e.bbox),
    bbox_norm: norm(px(e.bbox)),
  });
  if (!sample.split) throw new Error(`sample ${sample.id} has no split`);
  return {
    id: sample.id,
    image,
    image_width: W,
    image_height: H,
    task: sample.task,
    domain: sample.domain,
    category: sample.category,
    split: sample.split,
    correct_box: boxOf(sample.correct),
    ...(sample.dark ? { dark_box: boxOf(sample.dark) } : {}),
    clicks: sample.clicks.map((c) => ({ x: c.x * scale, y: c.y * scale, label: c.label })),
    scenario: sample.scenario,
    url: sample.url,
    actions: sample.actions,
  };
}
