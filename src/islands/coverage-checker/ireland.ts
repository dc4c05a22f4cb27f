/**
 * The island of Ireland's coastline, clockwise from Malin Head, as [longitude, latitude] points:
 * enough for a recognisable outline at the coverage checker's size, drawn as SVG (no tile server).
 */
export const COAST: [number, number][] = [
  [-7.37, 55.38],
  [-7.0, 55.22],
  [-6.65, 55.2],
  [-6.15, 55.22],
  [-5.8, 54.85],
  [-5.9, 54.65],
  [-5.45, 54.45],
  [-5.55, 54.3],
  [-5.85, 54.2],
  [-6.15, 54.03],
  [-6.35, 53.95],
  [-6.2, 53.8],
  [-6.18, 53.6],
  [-6.05, 53.38],
  [-6.2, 53.33],
  [-6.1, 53.27],
  [-6.0, 52.97],
  [-6.13, 52.8],
  [-6.2, 52.55],
  [-6.36, 52.17],
  [-6.93, 52.12],
  [-7.6, 52.07],
  [-7.85, 51.95],
  [-8.25, 51.8],
  [-8.52, 51.68],
  [-8.95, 51.53],
  [-9.8, 51.45],
  [-9.5, 51.68],
  [-10.1, 51.6],
  [-10.3, 51.8],
  [-10.35, 51.9],
  [-9.8, 52.05],
  [-10.45, 52.1],
  [-9.9, 52.27],
  [-9.95, 52.42],
  [-9.93, 52.56],
  [-9.65, 52.68],
  [-9.47, 52.95],
  [-9.27, 53.15],
  [-9.05, 53.27],
  [-9.6, 53.25],
  [-10.23, 53.4],
  [-9.9, 53.62],
  [-10.2, 53.95],
  [-10.05, 54.25],
  [-9.35, 54.32],
  [-9.2, 54.22],
  [-8.6, 54.3],
  [-8.45, 54.47],
  [-8.2, 54.6],
  [-8.75, 54.62],
  [-8.78, 54.72],
  [-8.28, 55.15],
  [-7.98, 55.2],
  [-7.63, 55.27],
  [-7.5, 55.1],
];

const SCALE = 60;
const ASPECT = Math.cos((53.4 * Math.PI) / 180);
/** Longitude/latitude to the map's SVG coordinates (equirectangular, squeezed by the cosine of Ireland's latitude). */
export const project = (lon: number, lat: number): [number, number] => [
  Math.round((lon + 10.7) * SCALE * ASPECT * 10) / 10,
  Math.round((55.5 - lat) * SCALE * 10) / 10,
];
export const MAP_WIDTH = Math.ceil(5.4 * SCALE * ASPECT);
export const MAP_HEIGHT = Math.ceil(4.2 * SCALE);
export const COAST_PATH = `M${COAST.map(([lon, lat]) => project(lon, lat).join(' ')).join(' L')} Z`;
