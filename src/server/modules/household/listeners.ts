import { sharingRules } from '../flexi-data/index.ts';
import { suspensionHolds } from '../lines/index.ts';
import { pausedAll } from './controls/controls.service.ts';
import { sharingAllowed } from './controls/under-18.ts';

/**
 * What the household rules in other domains, listened to when the module loads (its face imports
 * this file): an under-18 line whose household keeps its data within it spots and shares only with
 * the household's lines; a line whose service it paused stays suspended when a lost SIM is unblocked.
 */
sharingRules.add(sharingAllowed);
suspensionHolds.add(pausedAll);
