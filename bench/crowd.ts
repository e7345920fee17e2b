/**
 * A crowded page: a generated page with cards appended down a tall page, four elements a
 * card (a clipping box with a link, a button and a line of text; every fourth a labelled
 * field instead of the text), each card at its own height, so an observation scrolls to
 * each. Measures how observation grows with the page (npm run bench, and a test that a
 * 50,000-element page observes at all).
 */
const box = (x: number, y: number, w: number, h: number) =>
  `position:absolute;left:${x}px;top:${y}px;width:${w}px;height:${h}px`;

export function crowd(html: string, elements: number): string {
  const cards: string[] = [];
  for (let i = 0; i < Math.floor(elements / 4); i++) {
    const x = (i % 4) * 300;
    const y = 1000 + Math.floor(i / 4) * 120;
    const last =
      i % 4 === 3
        ? `<label for="q${i}" style="${box(120, 40, 60, 30)}">Qty ${i}</label><input id="q${i}" value="1" style="${box(190, 40, 60, 30)}">`
        : `<p style="${box(8, 80, 260, 20)}">Price ${i}</p>`;
    cards.push(
      `<div style="${box(x, y, 280, 110)};overflow:hidden"><a href="/item/${i}" style="${box(8, 8, 200, 20)}">Item ${i}</a>${i % 4 === 3 ? '' : `<button style="${box(8, 40, 100, 30)}">Add ${i}</button>`}${last}</div>`,
    );
  }
  return html.replace('</body>', `<div style="${box(0, 0, 1280, 10)}">${cards.join('')}</div></body>`);
}

/** A pile: `elements` buttons on one box, each under the next (every probe finds them all at its point). */
export function pile(html: string, elements: number): string {
  const buttons = Array.from({ length: elements }, (_, i) => `<button style="${box(10, 10, 100, 30)}">b${i}</button>`);
  return html.replace('</body>', `${buttons.join('')}</body>`);
}
