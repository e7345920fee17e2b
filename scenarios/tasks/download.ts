import type { Goal, TaskDef } from '../model.ts';
import { PLATFORMS, softwareSite } from '../sites/software.ts';

/** One app for one platform. */
export interface DownloadGoal extends Goal {
  kind: 'download';
  app: string;
  appName: string;
  platform: string;
}

export const isDownload = (g: Goal): g is DownloadGoal => g.kind === 'download' && typeof g.app === 'string';

const PHRASINGS = [
  (app: string, p: string) => `Download "${app}" for "${p}".`,
  (app: string, p: string, site: string) => `Get the "${p}" download of "${app}" from ${site}.`,
  (app: string, p: string) => `I need "${app}" on my "${p}" computer. Please start the download.`,
  (app: string, p: string, site: string) => `On ${site}, download the "${app}" installer for "${p}".`,
  (app: string, p: string) => `Please download "${app}" (platform: "${p}") for me.`,
];

const download: TaskDef = {
  id: 'download',
  title: 'Download a named app for a given platform',
  domains: ['software'],
  capabilities: ['downloads'],
  build({ rng }) {
    const { site, apps, download: label } = softwareSite(rng);
    const app = rng.pick(apps);
    const platform = rng.pick(PLATFORMS);
    const goal: DownloadGoal = { kind: 'download', app: app.id, appName: app.name, platform };
    return {
      instruction: rng.pick(PHRASINGS)(app.name, platform, site.brand.name),
      goal,
      site,
      path: [
        { id: 'open-app', verb: 'click', target: { role: 'link', name: app.name } },
        { id: 'download', verb: 'click', target: { role: 'button', name: label(platform) } },
        { id: 'finish', verb: 'answer', text: `The download of ${app.name} for ${platform} has started.` },
      ],
    };
  },
  success(goal, events) {
    if (!isDownload(goal)) return false;
    return events.some((e) => {
      if (e.type !== 'download.started') return false;
      const f = (e.fields ?? {}) as Record<string, unknown>;
      return f.app === goal.app && f.platform === goal.platform;
    });
  },
};

export default download;
