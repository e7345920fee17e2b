import { describe } from 'vitest';
import { naiveSweep } from './naive-sweep.ts';

describe('fake-next-step', () => naiveSweep('fake-next-step'));
