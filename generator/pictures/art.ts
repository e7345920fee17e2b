/**
 * Pictures that show no product and no place: album covers (abstract art, no lettering),
 * advertising visuals, and the photographs news articles run (a skyline, a landscape, a
 * crowd). Each kind has several styles, chosen by what the picture is of.
 */
import type { PaintJob } from '../paint.ts';
import type { Rng } from '../../scenarios/rng.ts';
import { blurFilter, clouds, drawRng, H, hsl, lightLayer, linear, radial, svg, tree, W } from './svg.ts';

const job = (rng: Rng, layers: PaintJob['layers'], grain = 0.22): PaintJob => ({
  w: W,
  h: H,
  layers,
  grain: { seed: rng.int(1, 2 ** 30), amount: grain },
  quality: 72,
});

const ALBUM = ['orbs', 'bauhaus', 'rings', 'waves'] as const;

export function albumJob(name: string, hue: number): PaintJob {
  const rng = drawRng('album', name, hue);
  const style = rng.pick(ALBUM);
  const a = hue;
  const b = hue + rng.pick([40, 150, 180, 220]);
  let art: string;
  let blur: number | undefined;
  if (style === 'orbs') {
    blur = 14;
    art =
      `<rect width="${W}" height="${H}" fill="${hsl(b, 45, 18)}"/>` +
      Array.from(
        { length: 6 },
        () =>
          `<circle cx="${rng.int(0, W)}" cy="${rng.int(0, H)}" r="${rng.int(50, 130)}" fill="${hsl(rng.pick([a, b, a + 30]), 75, rng.int(45, 70))}" opacity=".8"/>`,
      ).join('');
  } else if (style === 'bauhaus') {
    art =
      `<rect width="${W}" height="${H}" fill="${hsl(40, 35, 88)}"/>` +
      `<circle cx="${rng.int(120, 280)}" cy="${rng.int(90, 200)}" r="${rng.int(60, 100)}" fill="${hsl(a, 70, 50)}"/>` +
      `<rect x="${rng.int(20, 200)}" y="${rng.int(20, 150)}" width="${rng.int(60, 160)}" height="${rng.int(40, 120)}" fill="${hsl(b, 60, 40)}" opacity=".9"/>` +
      `<path d="M${rng.int(0, 200)} 300 L${rng.int(150, 400)} ${rng.int(60, 200)} L400 300 Z" fill="#111827" opacity=".85"/>` +
      `<rect x="0" y="${rng.int(200, 260)}" width="${W}" height="6" fill="${hsl(a + 60, 70, 50)}"/>`;
  } else if (style === 'rings') {
    const cx = rng.int(140, 260);
    const cy = rng.int(110, 190);
    art =
      `<rect width="${W}" height="${H}" fill="${hsl(a, 30, 10)}"/>` +
      Array.from(
        { length: 9 },
        (_, i) => `<circle cx="${cx}" cy="${cy}" r="${180 - i * 19}" fill="${hsl(i % 2 ? a : b, 65, 20 + i * 6)}"/>`,
      ).join('');
  } else {
    art =
      `<rect width="${W}" height="${H}" fill="${hsl(b, 50, 85)}"/>` +
      Array.from({ length: 7 }, (_, i) => {
        const y = 40 + i * 38;
        const amp = rng.int(10, 40);
        return `<path d="M0 ${y} C100 ${y - amp} 200 ${y + amp} 400 ${y - amp / 2} L400 300 L0 300 Z" fill="${hsl(a + i * 8, 60, 70 - i * 7)}" opacity=".9"/>`;
      }).join('');
  }
  return job(rng, [{ svg: svg('', art), blur }, { svg: lightLayer(rng, 0.3) }], 0.3);
}

const ADVERT = ['beam', 'spotlight', 'confetti'] as const;

export function advertJob(name: string, hue: number): PaintJob {
  const rng = drawRng('advert', name, hue);
  const style = rng.pick(ADVERT);
  const back = linear(
    'bg',
    [
      [0, hsl(hue, 70, 45)],
      [1, hsl(hue + 40, 75, 28)],
    ],
    0,
    0,
    1,
    1,
  );
  let art: string;
  if (style === 'beam') {
    art =
      `<rect width="${W}" height="${H}" fill="url(#bg)"/>` +
      `<path d="M${rng.int(150, 250)} 0 L${rng.int(280, 400)} 0 L${rng.int(120, 220)} 300 L0 300 Z" fill="#ffffff" opacity=".14"/>` +
      `<rect x="${rng.int(220, 280)}" y="70" width="90" height="150" rx="18" fill="${hsl(hue + 180, 60, 80)}" transform="rotate(${rng.int(-14, 14)} 290 145)"/>` +
      `<circle cx="${rng.int(60, 140)}" cy="${rng.int(60, 240)}" r="${rng.int(30, 60)}" fill="${hsl(hue + 60, 80, 65)}" opacity=".8"/>`;
  } else if (style === 'spotlight') {
    art =
      `<rect width="${W}" height="${H}" fill="url(#bg)"/>` +
      `<circle cx="${rng.int(150, 250)}" cy="150" r="110" fill="url(#spot)"/>` +
      `<ellipse cx="200" cy="230" rx="90" ry="14" fill="#000000" opacity=".3" filter="url(#soft)"/>` +
      `<path d="M170 110 L230 110 L250 220 L150 220 Z" fill="${hsl(hue + 180, 40, 88)}"/>`;
  } else {
    art =
      `<rect width="${W}" height="${H}" fill="url(#bg)"/>` +
      Array.from({ length: 28 }, () => {
        const x = rng.int(0, W);
        const y = rng.int(0, H);
        return `<rect x="${x}" y="${y}" width="${rng.int(6, 16)}" height="${rng.int(3, 8)}" fill="${hsl(rng.int(0, 359), 80, 65)}" transform="rotate(${rng.int(0, 179)} ${x} ${y})"/>`;
      }).join('') +
      `<circle cx="200" cy="150" r="70" fill="#ffffff" opacity=".9"/><circle cx="200" cy="150" r="46" fill="${hsl(hue, 70, 50)}"/>`;
  }
  const defs =
    back +
    radial('spot', [
      [0, '#ffffff', 0.7],
      [1, '#ffffff', 0],
    ]) +
    blurFilter('soft', 8);
  return job(rng, [{ svg: svg(defs, art) }, { svg: lightLayer(rng, 0.5) }], 0.16);
}

const NEWS = ['skyline', 'landscape', 'crowd'] as const;

export function newsJob(name: string, hue: number): PaintJob {
  const rng = drawRng('news', name, hue);
  const style = rng.pick(NEWS);
  const soft = blurFilter('soft', 10);
  if (style === 'skyline') {
    const dusk = linear('sky', [
      [0, hsl(hue + 200, 45, 35)],
      [0.7, hsl(25, 80, 70)],
      [1, hsl(40, 90, 80)],
    ]);
    let x = 0;
    let towers = '';
    while (x < W) {
      const w = rng.int(22, 60);
      const h = rng.int(60, 190);
      towers += `<rect x="${x}" y="${300 - h}" width="${w}" height="${h}" fill="${hsl(230, 20, rng.int(12, 24))}"/>`;
      for (let i = 0; i < 5; i++)
        towers += `<rect x="${x + rng.int(3, w - 8)}" y="${300 - rng.int(10, h - 10)}" width="4" height="5" fill="#fde68a" opacity=".8"/>`;
      x += w + rng.int(0, 8);
    }
    return job(rng, [
      { svg: svg(dusk + soft, `<rect width="${W}" height="${H}" fill="url(#sky)"/>${clouds(rng, 3, 0.5)}`), blur: 2 },
      { svg: svg('', towers) },
      { svg: lightLayer(rng, 0.8) },
    ]);
  }
  if (style === 'landscape') {
    const sky = linear('sky', [
      [0, hsl(205, 55, 60)],
      [1, hsl(200, 40, 90)],
    ]);
    const ridge = (base: number, l: number) => {
      let d = `M0 ${base}`;
      for (let x = 0; x <= W; x += 40) d += ` L${x} ${base - rng.int(0, 70)}`;
      return `<path d="${d} L400 300 L0 300 Z" fill="${hsl(hue + 100, 20, l)}"/>`;
    };
    return job(rng, [
      {
        svg: svg(sky + soft, `<rect width="${W}" height="${H}" fill="url(#sky)"/>${clouds(rng, 4)}${ridge(170, 62)}`),
        blur: 3,
      },
      {
        svg: svg(
          linear('lake', [
            [0, hsl(200, 40, 60)],
            [1, hsl(205, 45, 35)],
          ]),
          `${ridge(210, 40)}<rect y="235" width="${W}" height="65" fill="url(#lake)"/>` +
            tree(rng, rng.int(20, 80), 245, 70) +
            tree(rng, rng.int(320, 380), 245, 80),
        ),
      },
      { svg: lightLayer(rng, 0.5) },
    ]);
  }
  // A crowd: heads and shoulders, the nearest sharp, the rest out of focus.
  const people = (n: number, y: number, scale: number) =>
    Array.from({ length: n }, () => {
      const x = rng.int(-10, 410);
      const skin = hsl(rng.int(20, 35), rng.int(30, 55), rng.int(30, 75));
      const coat = hsl(rng.int(0, 359), rng.int(10, 50), rng.int(20, 60));
      return `<rect x="${x - 26 * scale}" y="${y}" width="${52 * scale}" height="${120 * scale}" rx="${20 * scale}" fill="${coat}"/><circle cx="${x}" cy="${y - 14 * scale}" r="${16 * scale}" fill="${skin}"/>`;
    }).join('');
  return job(rng, [
    {
      svg: svg(
        linear('bg', [
          [0, hsl(hue, 20, 70)],
          [1, hsl(hue, 15, 45)],
        ]),
        `<rect width="${W}" height="${H}" fill="url(#bg)"/>${people(14, 150, 0.8)}`,
      ),
      blur: 5,
    },
    { svg: svg('', people(5, 210, 1.2)) },
    { svg: lightLayer(rng, 0.4) },
  ]);
}

/** A person's portrait for a review: head and shoulders on a plain ground, softly lit. */
export function avatarJob(name: string): PaintJob {
  const rng = drawRng('avatar', name);
  const ground = hsl(rng.int(0, 359), 25, rng.int(70, 85));
  const skin = hsl(rng.int(18, 36), rng.int(30, 55), rng.int(30, 78));
  const hair = hsl(rng.int(20, 40), rng.int(10, 50), rng.int(8, 55));
  const coat = hsl(rng.int(0, 359), rng.int(15, 55), rng.int(25, 60));
  const long = rng.chance(0.5);
  return {
    w: 120,
    h: 120,
    layers: [
      {
        svg:
          `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120"><rect width="120" height="120" fill="${ground}"/>` +
          (long ? `<rect x="32" y="28" width="56" height="64" rx="26" fill="${hair}"/>` : '') +
          `<rect x="22" y="86" width="76" height="50" rx="30" fill="${coat}"/><rect x="52" y="68" width="16" height="22" fill="${skin}"/>` +
          `<ellipse cx="60" cy="52" rx="22" ry="26" fill="${skin}"/><path d="M37 48 C38 22 82 22 83 48 C76 34 46 34 37 48 Z" fill="${hair}"/></svg>`,
      },
    ],
    grain: { seed: rng.int(1, 2 ** 30), amount: 0.15 },
    quality: 70,
  };
}

/** A brand's logo: a mark (a shape in the brand's hue) and its name set beside it. */
export function logoJob(name: string, hue: number): PaintJob {
  const rng = drawRng('logo', name, hue);
  const marks = [
    `<circle cx="30" cy="30" r="20" fill="${hsl(hue, 70, 45)}"/><circle cx="38" cy="24" r="9" fill="#ffffff" opacity=".85"/>`,
    `<rect x="10" y="10" width="40" height="40" rx="10" fill="${hsl(hue, 65, 42)}" transform="rotate(45 30 30)"/>`,
    `<path d="M10 48 L30 10 L50 48 Z" fill="${hsl(hue, 70, 45)}"/><path d="M22 48 L30 32 L38 48 Z" fill="#ffffff"/>`,
  ];
  const text = name.replace(/[<>&"']/g, '');
  return {
    w: 240,
    h: 60,
    layers: [
      {
        svg:
          `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="60" viewBox="0 0 240 60"><rect width="240" height="60" fill="#ffffff"/>${rng.pick(marks)}` +
          `<text x="62" y="39" font-family="DejaVu Sans" font-size="22" font-weight="700" fill="${hsl(hue, 40, 20)}">${text}</text></svg>`,
      },
    ],
    grain: { seed: 1, amount: 0 },
    quality: 88,
  };
}
