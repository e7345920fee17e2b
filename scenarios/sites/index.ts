import type { Domain, SiteSpec } from '../model.ts';
import type { Rng } from '../rng.ts';
import type { SignupLabels } from './common.ts';
import { bookingSite } from './booking.ts';
import { healthSite } from './health.ts';
import { musicSite } from './music.ts';
import { newsSite } from './news.ts';
import { shopSite } from './shop.ts';
import { softwareSite } from './software.ts';

/** The base site of a domain with the labels every domain has. */
export function baseSite(domain: Domain, rng: Rng): { site: SiteSpec; signup: SignupLabels } {
  switch (domain) {
    case 'shopping': {
      const { site, labels } = shopSite(rng);
      return { site, signup: labels.signup };
    }
    case 'news':
    case 'health': {
      const { site, labels } = domain === 'news' ? newsSite(rng) : healthSite(rng);
      return { site, signup: labels.signup };
    }
    case 'music': {
      const { site, labels } = musicSite(rng);
      return { site, signup: labels.signup };
    }
    case 'booking': {
      const { site, labels } = bookingSite(rng);
      return { site, signup: labels.signup };
    }
    case 'software': {
      const { site, signup } = softwareSite(rng);
      return { site, signup };
    }
  }
}
