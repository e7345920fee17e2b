import type { Article } from '../model.ts';
import type { Rng } from '../rng.ts';
import { author } from './people.ts';
import { every, pool } from '../phrasing.ts';

/** What an article's fact is: the kinds of answer a reading task can ask for. */
export const ANSWER_KINDS = ['number', 'month', 'person', 'place'] as const;
export type AnswerKind = (typeof ANSWER_KINDS)[number];

/**
 * A fact each story states after its lede, so that a question about it can only be
 * answered from the body (the lede is what a teaser shows). `question` follows "In the
 * article "…"," and shares its key words with `sentence`, never with the lede.
 */
export interface StoryFact {
  question: string;
  answer: string;
  /** What sort of value the answer is: the answer rule (scenarios/answers.ts) lets no other value of the sort pass with it. */
  kind: AnswerKind;
  sentence: string;
}

const STORIES: { title: string; section: string; lede: string; fact: StoryFact }[] = [
  {
    title: 'City Council Approves New Bike Lanes Downtown',
    section: 'Local',
    lede: 'The plan adds eleven kilometres of protected lanes over two years.',
    fact: {
      question: 'which street gets the first section of the lanes',
      answer: 'Harbor Street',
      kind: 'place',
      sentence: 'The first section of the lanes will run along Harbor Street.',
    },
  },
  {
    title: 'Local Bakery Wins Regional Bread Award',
    section: 'Food',
    lede: 'A sourdough recipe three generations old took first prize.',
    fact: {
      question: 'how many hours does the winning loaf ferment',
      answer: '36',
      kind: 'number',
      sentence: 'The head baker said the winning loaf ferments for 36 hours.',
    },
  },
  {
    title: 'Library Extends Weekend Opening Hours',
    section: 'Community',
    lede: 'Branches will now stay open until eight on Saturdays.',
    fact: {
      question: 'how much will the longer hours cost each year',
      answer: '48,000',
      kind: 'number',
      sentence: 'The longer hours will cost about $48,000 each year.',
    },
  },
  {
    title: 'Researchers Map Ancient River Beneath Harbor',
    section: 'Science',
    lede: 'Sonar surveys revealed a channel buried for ten thousand years.',
    fact: {
      question: 'who led the survey team',
      answer: 'Anika Brandt',
      kind: 'person',
      sentence: 'The survey team was led by geologist Anika Brandt.',
    },
  },
  {
    title: 'High School Robotics Team Heads to Nationals',
    section: 'Education',
    lede: 'The team built its robot from recycled parts.',
    fact: {
      question: 'in which city will the national finals be held',
      answer: 'Denver',
      kind: 'place',
      sentence: 'The national finals will be held in Denver this summer.',
    },
  },
  {
    title: 'New Ferry Route Cuts Commute by Twenty Minutes',
    section: 'Transport',
    lede: 'Service starts in spring with four crossings a day.',
    fact: {
      question: 'how much will a single ferry ticket cost',
      answer: '3.50',
      kind: 'number',
      sentence: 'A single ferry ticket will cost $3.50.',
    },
  },
  {
    title: 'Community Garden Doubles in Size',
    section: 'Local',
    lede: 'Volunteers planted forty new beds over the summer.',
    fact: {
      question: 'how many families are on the garden waiting list',
      answer: '112',
      kind: 'number',
      sentence: 'The garden waiting list now has 112 families on it.',
    },
  },
  {
    title: 'Museum Unveils Restored Harbor Mural',
    section: 'Culture',
    lede: 'The 1930s mural had been hidden behind plaster for decades.',
    fact: {
      question: 'how many months did the restoration of the mural take',
      answer: '19',
      kind: 'number',
      sentence: 'The restoration of the mural took conservators 19 months.',
    },
  },
  {
    title: 'Storm Season Forecast Calls for Milder Winds',
    section: 'Weather',
    lede: 'Forecasters expect fewer severe storms than last year.',
    fact: {
      question: 'which month did forecasters name as the calmest',
      answer: 'November',
      kind: 'month',
      sentence: 'Forecasters named November as the calmest month of the season.',
    },
  },
];

const FILLER = [
  'Officials said the decision followed months of public consultation.',
  'Residents who spoke at the meeting were broadly supportive.',
  'The project is funded through a mix of city and regional grants.',
  'Further details are expected to be published next month.',
  'Organisers thanked volunteers for their work over the past year.',
  'A spokesperson said the timeline could change if costs rise.',
];

export const slugOf = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export function articles(rng: Rng, count: number): Article[] {
  return rng
    .shuffle(STORIES)
    .slice(0, count)
    .map((s, i) => ({
      slug: slugOf(s.title),
      title: s.title,
      author: author(rng),
      date: `${rng.pick(['March', 'April', 'May', 'June', 'September', 'October'])} ${rng.int(1, 28)}, 2026`,
      section: s.section,
      // The fact comes second and adds no draw, so sites of the same seed stay as they were.
      body: [s.lede, s.fact.sentence, ...rng.shuffle(FILLER).slice(0, 2 + (i % 2))],
    }));
}

/** The fact an article states (by its title), for tasks that ask about its body. */
export function factOf(article: Pick<Article, 'title'>): StoryFact {
  const story = STORIES.find((s) => s.title === article.title);
  if (!story) throw new Error(`no fact known for "${article.title}"`);
  return story.fact;
}

/** Every story's lede and fact, for tests of what a reader can find where. */
export const STORY_TEXTS = STORIES.map((s) => ({ title: s.title, section: s.section, lede: s.lede, fact: s.fact }));
export const FILLER_TEXTS: readonly string[] = FILLER;

// ---------------------------------------------------------------------------
// Advertising that borrows the look of a story.

/** Advertisers, in the two halves of a phrasing pool (scenarios/phrasing.ts). */
export const ADVERTISER_POOL = pool(
  [
    'Northwind Insurance',
    'Bluepeak Mortgages',
    'Harvest Table Meal Kits',
    'Solace Sleep Co.',
    'Vantage Travel Club',
    'Crestline Auto Finance',
  ],
  ['Greenleaf Energy', 'Oakridge Pensions', 'Tidewater Cruises', 'Brightside Broadband', 'Kestrel Home Loans'],
);
/** Every advertiser, in either half. */
export const ADVERTISERS = every(ADVERTISER_POOL);

/** Tails an advertiser hangs on a headline it borrows. */
export const AD_TAILS = pool(
  [
    'What It Means for Your Wallet',
    "Here's How Locals Are Saving",
    'The Offer Everyone Is Talking About',
    'See Why Readers Are Switching',
    'A Smarter Way to Plan Ahead',
  ],
  [
    'And the Simple Fix Nobody Mentions',
    'Experts Reveal What Comes Next',
    'Why Homeowners Are Paying Attention',
    'The Numbers May Surprise You',
    'Is Your Household Ready?',
    'Five Things to Check Before Spring',
    'How One Family Cut Their Bills',
    'What Savvy Savers Already Know',
  ],
);

export const AD_PITCHES = pool(
  [
    'Compare plans in two minutes and see how much you could save this year.',
    'Thousands of readers have already switched. Get a personal quote today.',
    'Limited-time pricing for new customers. Terms apply.',
    'Find out why families across the region trust us with what matters.',
    'Book a free consultation with one of our advisers.',
  ],
  [
    'Answer four quick questions and get a tailored estimate, free.',
    'Rated excellent by over 20,000 customers. See what we can do for you.',
    'New customers get their first three months at half price. Conditions apply.',
    'It takes less time than making a coffee. Check your price now.',
    'Our local specialists are ready to help, with no obligation.',
    'Join the households already spending less every month.',
    'This introductory rate will not be around for long.',
    'Talk to a real person today, seven days a week.',
  ],
);
