import type { Article } from '../model.ts';
import type { Rng } from '../rng.ts';
import { author } from './people.ts';

const STORIES: { title: string; section: string; lede: string }[] = [
  { title: 'City Council Approves New Bike Lanes Downtown', section: 'Local', lede: 'The plan adds eleven kilometres of protected lanes over two years.' },
  { title: 'Local Bakery Wins Regional Bread Award', section: 'Food', lede: 'A sourdough recipe three generations old took first prize.' },
  { title: 'Library Extends Weekend Opening Hours', section: 'Community', lede: 'Branches will now stay open until eight on Saturdays.' },
  { title: 'Researchers Map Ancient River Beneath Harbor', section: 'Science', lede: 'Sonar surveys revealed a channel buried for ten thousand years.' },
  { title: 'High School Robotics Team Heads to Nationals', section: 'Education', lede: 'The team built its robot from recycled parts.' },
  { title: 'New Ferry Route Cuts Commute by Twenty Minutes', section: 'Transport', lede: 'Service starts in spring with four crossings a day.' },
  { title: 'Community Garden Doubles in Size', section: 'Local', lede: 'Volunteers planted forty new beds over the summer.' },
  { title: 'Museum Unveils Restored Harbor Mural', section: 'Culture', lede: 'The 1930s mural had been hidden behind plaster for decades.' },
  { title: 'Storm Season Forecast Calls for Milder Winds', section: 'Weather', lede: 'Forecasters expect fewer severe storms than last year.' },
];

const FILLER = [
  'Officials said the decision followed months of public consultation.',
  'Residents who spoke at the meeting were broadly supportive.',
  'The project is funded through a mix of city and regional grants.',
  'Further details are expected to be published next month.',
  'Organisers thanked volunteers for their work over the past year.',
  'A spokesperson said the timeline could change if costs rise.',
];

export function articles(rng: Rng, count: number): Article[] {
  return rng.shuffle(STORIES)
    .slice(0, count)
    .map((s, i) => ({
      slug: s.title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, ''),
      title: s.title,
      author: author(rng),
      date: `${rng.pick(['March', 'April', 'May', 'June', 'September', 'October'])} ${rng.int(1, 28)}, 2026`,
      section: s.section,
      body: [s.lede, ...rng.shuffle(FILLER).slice(0, 2 + (i % 2))],
    }));
}
