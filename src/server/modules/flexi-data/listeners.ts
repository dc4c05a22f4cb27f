import { countUsageAtHome } from '../network/index.ts';
import { usedAtHome } from './usage-at-home.ts';

/**
 * What flexible data does when another module says something happened, and what it counts of the
 * network's use. Imported once, by flexible data's face.
 */

// Flexible data counts the use at home.
countUsageAtHome(usedAtHome);
