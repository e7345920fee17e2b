import type { Domain, SiteSpec } from '../model.ts';
import type { Rng } from '../rng.ts';
import type { SignupLabels } from './common.ts';
import { healthSite } from './health.ts';
import { newsSite } from './news.ts';
import { shopSite } from './shop.ts';

/** The base site of a domain with the labels every domain has. */
export function baseSite(domain: Domain, rng: Rng): { site: SiteSpec; signup: SignupLabels } {
  switch (domain) {
    case 'shopping': {
      const { site, labels } = shopSite(rng);
      return { site, signup: labels.signup };
    }
    case 'news': {
      const { site, labels } = newsSite(rng);
      return { site, signup: labels.signup };
    }
    case 'health': {
      const { site, labels } = healthSite(rng);
      return { site, signup: labels.signup };
    }
  }
}
