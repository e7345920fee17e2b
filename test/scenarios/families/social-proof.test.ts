import { describe } from 'vitest';
import { naiveSweep } from './naive-sweep.ts';

describe('social-proof', () => naiveSweep('social-proof'));
