import { defineWebModule } from '../../app-route.ts';
import { jobPaths } from './job.paths.ts';

export const jobsWebModule = defineWebModule({
  name: 'jobs',
  routes: [
    { path: jobPaths.list, page: () => import('./job-centre.page.tsx'), permission: 'system', menu: { section: 'system', label: 'Job Centre', order: 5 } },
  ],
});
