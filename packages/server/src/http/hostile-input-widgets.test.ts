import { describeHostileWalk } from '../test/hostile-walk.ts';

describeHostileWalk('widgets');
