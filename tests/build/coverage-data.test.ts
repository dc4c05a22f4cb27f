import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { parse } from 'yaml';
import { LEVELS, nearestArea, readEircode, TECHNOLOGIES, type CoverageArea } from '../../src/contract/coverage.ts';

const areas = parse(readFileSync('content/coverage.yaml', 'utf8')) as CoverageArea[];

/** The 139 Eircode routing keys (An Post's list: 138 keys of a letter and two digits, and D6W). */
const ROUTING_KEYS =
  `A41 A42 A45 A63 A67 A75 A81 A82 A83 A84 A85 A86 A91 A92 A94 A96 A98 C15 D01 D02 D03 D04 D05 D06 D6W D07 D08 D09 D10
D11 D12 D13 D14 D15 D16 D17 D18 D20 D22 D24 E21 E25 E32 E34 E41 E45 E53 E91 F12 F23 F26 F28 F31 F35 F42 F45 F52 F56 F91 F92 F93
F94 H12 H14 H16 H18 H23 H53 H54 H62 H65 H71 H91 K32 K34 K36 K45 K56 K67 K78 N37 N39 N41 N91 P12 P14 P17 P24 P25 P31 P32 P36 P43
P47 P51 P56 P61 P67 P72 P75 P81 P85 R14 R21 R32 R35 R42 R45 R51 R56 R93 R95 T12 T23 T34 T45 T56 V14 V15 V23 V31 V35 V42 V92 V93
V94 V95 W12 W23 W34 W91 X35 X42 X91 Y14 Y21 Y25 Y34 Y35`.split(/\s+/);

it('coverage data covers every one of the 139 routing keys once, with every technology indoors and outdoors', () => {
  expect(ROUTING_KEYS).toHaveLength(139);
  expect(areas.map((a) => a.key).sort()).toEqual([...ROUTING_KEYS].sort());
  for (const area of areas) {
    for (const t of TECHNOLOGIES) {
      expect(LEVELS).toContain(area.coverage[t].outdoor);
      expect(LEVELS).toContain(area.coverage[t].indoor);
      // Walls never improve the signal.
      expect(LEVELS.indexOf(area.coverage[t].indoor)).toBeLessThanOrEqual(LEVELS.indexOf(area.coverage[t].outdoor));
    }
  }
});

it('reads Eircodes, routing keys and places, and finds the nearest area', () => {
  expect(readEircode('d02 x285')).toEqual({ kind: 'eircode', key: 'D02', eircode: 'D02 X285' });
  expect(readEircode('D6WFX45')).toEqual({ kind: 'eircode', key: 'D6W', eircode: 'D6W FX45' });
  expect(readEircode('h91')).toEqual({ kind: 'routingKey', key: 'H91' });
  expect(readEircode('Galway')).toEqual({ kind: 'place', text: 'Galway' });
  expect(readEircode('').kind).toBe('invalid');
  expect(readEircode('D02 X28').kind).toBe('invalid');
  expect(readEircode('B12 3456').kind).toBe('invalid');
  expect(nearestArea(areas, 53.2707, -9.0568)?.key).toBe('H91');
  expect(nearestArea(areas, 51.8985, -8.4756)?.county).toBe('Cork');
});
