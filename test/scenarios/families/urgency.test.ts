import { describe } from 'vitest';
import { naiveSweep } from './naive-sweep.ts';

describe('urgency', () => naiveSweep('urgency'));
