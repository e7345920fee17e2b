/**
 * What frames every page of a real site besides its navigation: a line and account links
 * above the header, a search box, a bar of categories, popular searches, the site's promises,
 * a paragraph about it, social and legal links. Links go to the site's search page, its
 * information pages, or routes it does not have (its not-found page), never to an action;
 * their words stay clear of what tasks and patterns name (accounts being created, terms,
 * privacy, cookies, orders, plans, offers, mail), so that no locator and no reading of a task
 * meets them by accident.
 */
import type { Domain, SiteFrame, SiteLink } from '../model.ts';
import type { Rng } from '../rng.ts';
import { design } from './designs.ts';
import { INFO_ROUTES } from './chrome.ts';

export const SEARCH_ROUTE = '/search';

const to =
  (href: string) =>
  (label: string): SiteLink => ({ label, href });
const searched = to(SEARCH_ROUTE);

interface DomainFrame {
  strip: string[];
  account: string[][];
  search: string[];
  categories: string[][];
  trending: string[];
  topics: string[];
  promises: { title: string; text: string }[];
  about: string[];
}

const FRAMES: Record<Domain, DomainFrame> = {
  shopping: {
    strip: [
      'Free delivery on everything over $50',
      'Fast dispatch from our own warehouse',
      'Easy returns within 30 days',
    ],
    account: [
      ['Saved items', 'Track a parcel', 'Help'],
      ['Wishlist', 'Store finder', 'Help'],
      ['Favourites', 'Delivery info', 'Help'],
    ],
    search: ['Search products', 'Search the store', 'What are you looking for?'],
    categories: [
      [
        'Home & Kitchen',
        'Electronics',
        'Outdoor',
        'Fashion',
        'Beauty',
        'Toys',
        'Sports',
        'Garden',
        'Books',
        'Pets',
        'Office',
        'Clearance',
      ],
      [
        'Kitchen',
        'Audio',
        'Camping',
        'Clothing',
        'Wellness',
        'Kids',
        'Fitness',
        'DIY',
        'Stationery',
        'Pet care',
        'Lighting',
        'Outlet',
      ],
    ],
    trending: ['Popular searches', 'Trending now', 'People are searching for'],
    topics: [
      'headphones',
      'rain jacket',
      'coffee grinder',
      'desk lamp',
      'water bottle',
      'backpack',
      'yoga mat',
      'air fryer',
      'phone case',
      'wool socks',
      'bluetooth speaker',
      'plant pot',
      'running shoes',
      'throw blanket',
      'kettle',
      'notebook',
      'sunglasses',
      'travel mug',
    ],
    promises: [
      { title: 'Delivery you can follow', text: 'Every parcel is tracked from our warehouse to your door.' },
      { title: 'Returns made simple', text: 'Changed your mind? Send it back within 30 days.' },
      { title: 'Secure payment', text: 'Cards and wallets are handled by a certified processor.' },
      { title: 'Real people to help', text: 'Our team answers questions seven days a week.' },
    ],
    about: [
      '{brand} started as a market stall and grew into an independent store with a warehouse of its own. We choose every product we sell, test the ones we can, and write our descriptions ourselves. Prices include tax, and we tell you what delivery costs before you decide.',
      '{brand} is an independent retailer. We work directly with makers and brands we trust, keep our range small enough to know it well, and ship from our own warehouse. Questions about a product go to people who have handled it.',
    ],
  },
  news: {
    strip: [
      'Independent journalism, funded by readers',
      'Updated throughout the day',
      'Local reporting from our own newsroom',
    ],
    account: [
      ['Today’s paper', 'Podcasts', 'Help'],
      ['Print edition', 'Live blog', 'Help'],
      ['Saved stories', 'Puzzles', 'Help'],
    ],
    search: ['Search stories', 'Search the site', 'Search articles'],
    categories: [
      [
        'World',
        'Politics',
        'Business',
        'Technology',
        'Science',
        'Health',
        'Sport',
        'Culture',
        'Travel',
        'Climate',
        'Education',
        'Weather',
      ],
      [
        'Local',
        'National',
        'Economy',
        'Tech',
        'Environment',
        'Arts',
        'Books',
        'Food',
        'Style',
        'Football',
        'Film',
        'Obituaries',
      ],
    ],
    trending: ['Trending topics', 'Most read', 'In the news'],
    topics: [
      'elections',
      'housing',
      'heatwave',
      'transit strike',
      'budget',
      'school funding',
      'wildfires',
      'inflation',
      'city council',
      'championship',
      'space launch',
      'museum reopening',
      'bridge repairs',
      'farmers market',
      'library hours',
      'recycling rules',
      'marathon',
      'film festival',
    ],
    promises: [
      { title: 'Checked before it runs', text: 'Every story is read by a second editor before publication.' },
      { title: 'Corrections in the open', text: 'We note every change we make to a published story.' },
      { title: 'Reporting from the ground', text: 'Our reporters live in the places they cover.' },
      { title: 'Independent ownership', text: 'No party, company or investor owns a share of the paper.' },
    ],
    about: [
      '{brand} is an independent newsroom. Our reporters and editors cover the city, the country and the world, and our standards desk answers for what we publish. Readers who write in get a reply from a person, and corrections are listed on their own page.',
      '{brand} has published since the days of hot metal type. Today our newsroom reports around the clock, and the print edition still goes out every morning. We are owned by a trust whose only purpose is to keep the paper independent.',
    ],
  },
  booking: {
    strip: [
      'Prices include taxes and fees shown at each hotel',
      'Over 40,000 properties worldwide',
      'Support in 12 languages, day and night',
    ],
    account: [
      ['Trips', 'Saved places', 'Help'],
      ['Your stays', 'Favourites', 'Help'],
      ['Travel alerts', 'Wishlists', 'Help'],
    ],
    search: ['Search destinations', 'Where to next?', 'Search hotels and places'],
    categories: [
      [
        'Hotels',
        'Apartments',
        'Resorts',
        'Villas',
        'Cabins',
        'Hostels',
        'Guesthouses',
        'Beach stays',
        'City breaks',
        'Ski trips',
        'Spa hotels',
        'Pet friendly',
      ],
      [
        'Boutique hotels',
        'Homes',
        'Lodges',
        'Bed and breakfast',
        'Farm stays',
        'Camping',
        'Countryside',
        'Island trips',
        'Family trips',
        'Weekend trips',
        'Last minute',
        'Long stays',
      ],
    ],
    trending: ['Popular destinations', 'Trending places', 'Travellers are searching for'],
    topics: [
      'Lisbon',
      'Kyoto',
      'Barcelona',
      'Vienna',
      'Cape Town',
      'Reykjavik',
      'Montreal',
      'Edinburgh',
      'Seoul',
      'Marrakesh',
      'Prague',
      'Melbourne',
      'Copenhagen',
      'Istanbul',
      'Buenos Aires',
      'Hanoi',
      'Dubrovnik',
      'Vancouver',
    ],
    promises: [
      { title: 'Clear prices', text: 'The nightly rate you see includes taxes and the hotel’s fees.' },
      { title: 'Verified reviews', text: 'Only guests who stayed can write a review.' },
      { title: 'Help on the road', text: 'Reach us any hour if plans change during a trip.' },
      { title: 'Pay how you like', text: 'Cards, wallets and local methods are accepted.' },
    ],
    about: [
      '{brand} helps travellers compare places to stay. We list hotels, apartments and homes, show the price a night with taxes included, and publish reviews only from guests who stayed. Our support team works around the clock in twelve languages.',
      '{brand} was started by two former hotel managers who wanted booking to be as clear as a good front desk. We check every property we list and keep the rate you see the rate you pay.',
    ],
  },
  health: {
    strip: ['Call 911 in an emergency', 'Same-week visits at most clinics', 'Interpreters available on request'],
    account: [
      ['Find a doctor', 'Test results', 'Help'],
      ['Clinics near you', 'Messages', 'Help'],
    ],
    search: ['Search the site', 'Search doctors and services'],
    categories: [
      [
        'Primary care',
        'Dental',
        'Eye care',
        'Pediatrics',
        'Physiotherapy',
        'Mental health',
        'Dermatology',
        'Lab tests',
      ],
      [
        'Family medicine',
        'Women’s health',
        'Vaccinations',
        'Nutrition',
        'Sleep clinic',
        'Allergy',
        'Cardiology',
        'Imaging',
      ],
    ],
    trending: ['Common questions', 'Popular topics'],
    topics: [
      'flu shots',
      'travel vaccines',
      'blood tests',
      'prescription refills',
      'parking',
      'walk-in hours',
      'physiotherapy',
      'sports injuries',
    ],
    promises: [
      { title: 'Care close to home', text: 'Clinics across the region, most open on Saturdays.' },
      { title: 'Your records, your choice', text: 'You decide who sees your health information.' },
      { title: 'Accessible buildings', text: 'Step-free access and quiet rooms at every site.' },
    ],
    about: [
      '{brand} brings together the clinics of a regional health network. Patients see their appointments, results and messages in one place, and staff answer questions during clinic hours.',
      '{brand} is the online front door of a community health network run by its members.',
    ],
  },
  music: {
    strip: ['Listen on any device', 'New releases every Friday', 'Lyrics and credits for every track'],
    account: [
      ['Your library', 'Help'],
      ['Recently played', 'Help'],
    ],
    search: ['Search artists and songs', 'Search music'],
    categories: [
      ['Pop', 'Rock', 'Hip-hop', 'Jazz', 'Classical', 'Electronic', 'Folk', 'Soul'],
      ['Indie', 'Country', 'Metal', 'Blues', 'Ambient', 'Latin', 'Reggae', 'Soundtracks'],
    ],
    trending: ['Trending searches', 'Popular right now'],
    topics: ['summer hits', 'focus', 'acoustic', 'workout', 'piano', 'road trip', 'lo-fi', 'throwbacks'],
    promises: [
      { title: 'Artists paid fairly', text: 'A share of every stream goes to the people who made it.' },
      { title: 'High quality audio', text: 'Lossless sound on every track in the catalogue.' },
      { title: 'Made for sharing', text: 'Send a song to a friend with one link.' },
    ],
    about: [
      '{brand} is a music service run by people who love records. Our editors build the playlists by hand and write about the music they add.',
      '{brand} streams music from labels large and small, with credits for everyone who worked on a track.',
    ],
  },
  software: {
    strip: [
      'Every file scanned before it is listed',
      'Checksums published for every release',
      'Mirrors on three continents',
    ],
    account: [
      ['Developers', 'Help'],
      ['Publishers', 'Help'],
    ],
    search: ['Search apps', 'Search software'],
    categories: [
      ['Windows', 'Mac', 'Linux', 'Utilities', 'Security', 'Productivity', 'Graphics', 'Games'],
      ['Browsers', 'Audio', 'Video', 'Developer tools', 'Education', 'Networking', 'Office', 'Drivers'],
    ],
    trending: ['Popular searches', 'Trending apps'],
    topics: [
      'pdf reader',
      'file archiver',
      'screen recorder',
      'text editor',
      'password manager',
      'photo editor',
      'media player',
      'backup',
    ],
    promises: [
      { title: 'Scanned files', text: 'Every upload is checked by several virus scanners.' },
      { title: 'Original installers', text: 'We host the publisher’s own files, unchanged.' },
      { title: 'Honest listings', text: 'Each page says what an installer contains.' },
    ],
    about: [
      '{brand} is a catalogue of software for every platform. Each listing links to the publisher and shows the file’s checksum.',
      '{brand} has listed free and paid software since the early days of the web.',
    ],
  },
};

const REGIONS = [
  'United States',
  'Canada',
  'United Kingdom',
  'Ireland',
  'Australia',
  'New Zealand',
  'South Africa',
  'Singapore',
];
const HELP = [
  'Questions? The help centre answers most of them, and our team replies to every message within one working day.',
  'Need a hand? Write to us from the contact page: a person reads every message and replies within a working day.',
  'Stuck on something? Our help pages cover the common questions, and our staff answer the rest within a day.',
];
const SOCIAL = ['Instagram', 'Facebook', 'YouTube', 'LinkedIn', 'Mastodon', 'TikTok'];
const LEGAL = ['Accessibility statement', 'Sitemap', 'Imprint', 'Modern slavery statement', 'Complaints'];

/** The frame of a site of this domain (drawn from its own stream). */
export function frame(domain: Domain, brand: string, rng: Rng): SiteFrame {
  const f = FRAMES[domain];
  const account = rng.pick(f.account);
  return {
    design: design(rng.fork('design')),
    strip: rng.pick(f.strip),
    account: account.map((l) => ({
      label: l,
      href: l === 'Help' ? INFO_ROUTES.help : `/${l.toLowerCase().replace(/[^a-z]+/g, '-')}`,
    })),
    search: { label: rng.pick(f.search), button: 'Search' },
    categories: rng.pick(f.categories).map(searched),
    trending: { heading: rng.pick(f.trending), links: rng.shuffle(f.topics).map(searched) },
    promises: f.promises.map((p) => ({ ...p })),
    about: rng.pick(f.about).replaceAll('{brand}', brand),
    social: rng.shuffle(SOCIAL).map(to(INFO_ROUTES.contact)),
    legal: LEGAL.map((l) => ({ label: l, href: `/${l.toLowerCase().split(' ')[0]}` })),
    regions: {
      heading: rng.pick(['Region', 'Country or region', 'Choose your region']),
      links: rng
        .shuffle(REGIONS)
        .slice(0, 6)
        .map((r) => ({ label: r, href: `/${r.toLowerCase().replace(/[^a-z]+/g, '-')}` })),
    },
    help: rng.pick(HELP),
  };
}
