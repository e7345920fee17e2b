/** The products' silhouettes: each drawn in a 400×300 box around (200, 150) with fill `url(#b)` (the shaded body) and `#d` details. */

export const SHAPES: [RegExp, string][] = [
  [
    /earbud/i,
    '<ellipse cx="160" cy="140" rx="34" ry="40" fill="url(#b)"/><rect x="150" y="170" width="20" height="60" rx="10" fill="url(#b)"/><ellipse cx="240" cy="140" rx="34" ry="40" fill="url(#b)"/><rect x="230" y="170" width="20" height="60" rx="10" fill="url(#b)"/><circle cx="160" cy="132" r="12" fill="#d"/><circle cx="240" cy="132" r="12" fill="#d"/>',
  ],
  [
    /headphone/i,
    '<path d="M110 170 C110 60 290 60 290 170" fill="none" stroke="url(#b)" stroke-width="18" stroke-linecap="round"/><rect x="88" y="150" width="50" height="84" rx="22" fill="url(#b)"/><rect x="262" y="150" width="50" height="84" rx="22" fill="url(#b)"/><rect x="100" y="166" width="26" height="52" rx="12" fill="#d"/><rect x="274" y="166" width="26" height="52" rx="12" fill="#d"/>',
  ],
  [
    /backpack|daypack/i,
    '<path d="M160 70 C160 40 240 40 240 70" fill="none" stroke="#d" stroke-width="10"/><rect x="130" y="66" width="140" height="180" rx="36" fill="url(#b)"/><rect x="152" y="150" width="96" height="76" rx="16" fill="#d" opacity=".55"/><rect x="164" y="92" width="72" height="10" rx="5" fill="#d" opacity=".6"/>',
  ],
  [
    /skillet|pan\b/i,
    '<ellipse cx="170" cy="170" rx="110" ry="46" fill="#d"/><ellipse cx="170" cy="160" rx="104" ry="40" fill="url(#b)"/><ellipse cx="170" cy="160" rx="80" ry="28" fill="#d" opacity=".5"/><rect x="272" y="150" width="110" height="18" rx="9" fill="#d" transform="rotate(-8 272 150)"/>',
  ],
  [
    /saucepan|pot\b/i,
    '<rect x="120" y="120" width="150" height="110" rx="14" fill="url(#b)"/><ellipse cx="195" cy="120" rx="75" ry="16" fill="#d"/><rect x="268" y="128" width="90" height="14" rx="7" fill="#d"/><rect x="184" y="92" width="22" height="14" rx="6" fill="#d"/>',
  ],
  [
    /grinder|kettle|coffee/i,
    '<rect x="160" y="60" width="80" height="40" rx="10" fill="#d"/><path d="M150 100 L250 100 L240 240 L160 240 Z" fill="url(#b)"/><rect x="150" y="236" width="100" height="14" rx="6" fill="#d"/><circle cx="200" cy="170" r="14" fill="#d" opacity=".6"/>',
  ],
  [
    /floor lamp|arc/i,
    '<path d="M200 260 L200 90 C200 50 290 40 300 90" fill="none" stroke="#d" stroke-width="8"/><path d="M270 90 L330 90 L318 150 L282 150 Z" fill="url(#b)"/><ellipse cx="200" cy="262" rx="40" ry="8" fill="#d"/>',
  ],
  [
    /lamp|light/i,
    '<path d="M150 70 L250 70 L275 150 L125 150 Z" fill="url(#b)"/><rect x="194" y="150" width="12" height="80" fill="#d"/><ellipse cx="200" cy="236" rx="56" ry="12" fill="#d"/>',
  ],
  [
    /tracker|watch/i,
    '<rect x="176" y="40" width="48" height="220" rx="20" fill="#d"/><rect x="160" y="104" width="80" height="92" rx="22" fill="url(#b)"/><rect x="172" y="116" width="56" height="68" rx="14" fill="#1f2937"/>',
  ],
  [
    /mat\b/i,
    '<rect x="90" y="120" width="200" height="90" rx="12" fill="url(#b)" transform="skewX(-18)"/><ellipse cx="300" cy="166" rx="34" ry="44" fill="url(#b)"/><ellipse cx="300" cy="166" rx="18" ry="24" fill="#d"/>',
  ],
  [
    /band/i,
    '<ellipse cx="170" cy="150" rx="80" ry="60" fill="none" stroke="url(#b)" stroke-width="16"/><ellipse cx="230" cy="160" rx="80" ry="60" fill="none" stroke="#d" stroke-width="12" opacity=".7"/>',
  ],
  [
    /jacket|coat/i,
    '<path d="M160 60 L200 80 L240 60 L300 90 L320 200 L290 206 L282 130 L280 250 L120 250 L118 130 L110 206 L80 200 L100 90 Z" fill="url(#b)"/><path d="M200 80 L200 250" stroke="#d" stroke-width="4"/><path d="M170 64 L200 110 L230 64" fill="none" stroke="#d" stroke-width="6"/>',
  ],
  [
    /bottle/i,
    '<rect x="184" y="40" width="32" height="30" rx="6" fill="#d"/><rect x="160" y="66" width="80" height="190" rx="30" fill="url(#b)"/><rect x="160" y="130" width="80" height="40" fill="#d" opacity=".35"/>',
  ],
  [
    /camera/i,
    '<rect x="110" y="90" width="180" height="130" rx="18" fill="url(#b)"/><circle cx="200" cy="155" r="46" fill="#d"/><circle cx="200" cy="155" r="28" fill="#111827"/><circle cx="188" cy="143" r="8" fill="#ffffff" opacity=".5"/><rect x="236" y="100" width="34" height="16" rx="4" fill="#d"/>',
  ],
];

/** Whatever has no silhouette of its own is shown boxed, as a shop shows a plan or an accessory. */
export const BOX =
  '<path d="M200 60 L300 105 L300 215 L200 260 L100 215 L100 105 Z" fill="url(#b)"/><path d="M100 105 L200 150 L300 105 M200 150 L200 260" fill="none" stroke="#d" stroke-width="4"/>';
