import { describe } from 'vitest';
import { naiveSweep } from './naive-sweep.ts';

describe('coercive-decline', () => naiveSweep('coercive-decline'));
