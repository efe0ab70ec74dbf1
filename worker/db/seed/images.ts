// Generated product and category images: one flat SVG illustration per image kind and colour, in three
// views (front, turned, close-up). The build writes them to dist/client/images/products/<fileName>.
import { DRAWINGS, type Paint } from './images-draw';
import type { ColorKey } from './vocabulary';

/** Intrinsic size of every generated image (product_images.width/height). */
export const IMAGE_SIZE = 600;
export const IMAGE_VIEWS = 3;

const PAINTS: Record<ColorKey, Paint> = {
  blue: { b: '#2563B8', d: '#1A4785', l: '#7FA8E0' },
  black: { b: '#2B2B2E', d: '#121214', l: '#6B6B70' },
  red: { b: '#D23B32', d: '#9E2A23', l: '#F08A84' },
  green: { b: '#2E9950', d: '#1F6E39', l: '#86CF9C' },
  yellow: { b: '#F2C519', d: '#C49A0C', l: '#FAE38A' },
  orange: { b: '#EF8A2B', d: '#BD6614', l: '#F8C18F' },
  pink: { b: '#E8679F', d: '#B8457A', l: '#F6B3D0' },
  purple: { b: '#8659C2', d: '#5F3C93', l: '#C2A7E6' },
  grey: { b: '#8A9099', d: '#5F656D', l: '#C5CAD0' },
  white: { b: '#FAFAF8', d: '#D4D4CE', l: '#FFFFFF' },
  brown: { b: '#A0703F', d: '#74502C', l: '#D2B08A' },
  turquoise: { b: '#1DB2AD', d: '#138581', l: '#8ADBD8' },
  silver: { b: '#C3C8CE', d: '#8E959D', l: '#E4E7EA' },
  transparent: { b: '#DCEAF4', d: '#A9C3D6', l: '#F0F7FB' },
  cyan: { b: '#00A0DC', d: '#0077A8', l: '#7FD0F0' },
  magenta: { b: '#D6007E', d: '#A0005E', l: '#EE7FBF' },
  tricolor: { b: '#00A0DC', d: '#0077A8', l: '#7FD0F0', tri: true },
  assorted: { b: '#2563B8', d: '#1A4785', l: '#7FA8E0', multi: true },
};

/** Colour variants drawn for each kind; the first is the kind's default (category images). */
export const IMAGE_COLORS = {
  ballpoint: ['blue', 'black', 'red', 'green', 'purple', 'silver', 'assorted'],
  gelpen: ['blue', 'black', 'red', 'green', 'pink', 'purple', 'orange', 'turquoise'],
  pencil: ['yellow', 'green', 'grey', 'blue', 'black'],
  mechpencil: ['black', 'blue', 'red', 'silver', 'grey', 'pink'],
  colorpencils: ['assorted'],
  marker: ['black', 'blue', 'red', 'green', 'assorted'],
  highlighter: ['yellow', 'green', 'pink', 'orange', 'blue', 'purple', 'turquoise', 'assorted'],
  fountainpen: ['black', 'blue', 'red', 'yellow', 'green', 'white', 'silver', 'grey', 'pink'],
  paper: ['white', 'yellow', 'blue', 'pink', 'green', 'orange'],
  notebook: ['black', 'blue', 'red', 'green', 'yellow', 'orange', 'pink', 'turquoise', 'grey'],
  pad: ['blue', 'red', 'yellow', 'green', 'grey'],
  stickynotes: ['yellow', 'pink', 'green', 'blue', 'orange', 'assorted'],
  envelope: ['white', 'brown'],
  labels: ['white', 'yellow', 'green', 'blue', 'pink'],
  binder: ['blue', 'black', 'red', 'green', 'yellow', 'grey', 'white', 'pink', 'purple', 'turquoise', 'orange'],
  sleeves: ['transparent'],
  folder: ['blue', 'pink', 'green', 'purple', 'turquoise', 'yellow', 'orange', 'black', 'red', 'grey'],
  dividers: ['assorted', 'grey', 'white'],
  archivebox: ['brown', 'white', 'blue', 'black'],
  stapler: ['black', 'blue', 'red', 'pink', 'turquoise', 'purple', 'grey', 'white', 'silver', 'green'],
  holepunch: ['black', 'blue', 'red', 'grey', 'white', 'green'],
  scissors: ['orange', 'black', 'grey', 'blue', 'red', 'green'],
  tape: ['transparent', 'brown'],
  ruler: ['transparent', 'silver', 'blue', 'pink', 'green', 'purple'],
  eraser: ['white', 'black'],
  clips: ['silver', 'black', 'assorted'],
  glue: ['red', 'yellow', 'blue', 'green'],
  correction: ['blue', 'green', 'pink', 'red'],
  calculator: ['black', 'white', 'blue', 'pink', 'green', 'grey'],
  labelprinter: ['grey', 'black', 'white'],
  ink: ['black', 'cyan', 'magenta', 'yellow', 'tricolor'],
  mouse: ['black', 'grey', 'blue', 'red', 'white', 'pink'],
  keyboard: ['black', 'grey', 'white', 'pink'],
  headset: ['black', 'white', 'pink'],
  shredder: ['black', 'grey', 'silver'],
  whiteboard: ['white', 'grey', 'blue', 'green', 'pink', 'yellow'],
  wbmarker: ['black', 'blue', 'red', 'green', 'assorted'],
  noticeboard: ['brown', 'grey', 'blue', 'green', 'pink'],
  flipchart: ['grey', 'black', 'white'],
  organizer: ['black', 'grey', 'pink', 'blue', 'green', 'purple', 'yellow', 'orange', 'white', 'red'],
  storagebox: ['transparent', 'blue', 'pink', 'green', 'white', 'black', 'grey'],
  lettertray: ['black', 'blue', 'red', 'grey', 'white', 'transparent'],
  coffee: ['red', 'black', 'brown', 'green', 'purple', 'blue'],
  tea: ['yellow', 'green', 'blue'],
  cups: ['white', 'black'],
  napkins: ['white', 'red', 'blue', 'green', 'yellow', 'black'],
  spray: ['blue', 'yellow', 'green'],
  gloves: ['blue', 'black', 'white', 'green', 'transparent'],
  papertowel: ['white'],
  chair: ['black', 'grey', 'blue', 'red'],
  footrest: ['black', 'grey', 'blue', 'green', 'yellow'],
  wristrest: ['black', 'blue', 'grey', 'green', 'yellow'],
  laptopstand: ['black', 'silver'],
} satisfies Record<keyof typeof DRAWINGS, readonly ColorKey[]>;

export type ImageKind = keyof typeof IMAGE_COLORS;

/** Kinds whose drawing shows several colours itself; the others show three items for 'assorted'. */
const DRAWS_OWN_ASSORTMENT: ReadonlySet<ImageKind> = new Set(['colorpencils', 'dividers']);
const ASSORTMENT: readonly ColorKey[] = ['blue', 'red', 'yellow'];

const VIEW_BACKGROUNDS = ['#F4F2EE', '#EEF1F4', '#F6F1EA'];
const VIEW_TRANSFORMS = [
  '',
  'translate(300 300) rotate(12) scale(.86) translate(-300 -300)',
  'translate(300 300) scale(1.45) translate(-300 -300)',
];

/** The colour actually drawn for a kind: the requested one if drawn, else the kind's default. */
export function imageColor(kind: ImageKind, color: ColorKey | undefined): ColorKey {
  const colors: readonly ColorKey[] = IMAGE_COLORS[kind];
  return color && colors.includes(color) ? color : (colors[0] as ColorKey);
}

/** File name of one image: view 1 is the front view, 2 a turned view, 3 a close-up. */
export function productImageFile(kind: ImageKind, color: ColorKey | undefined, view = 1): string {
  return `${kind}-${imageColor(kind, color)}${view > 1 ? `-${view}` : ''}.svg`;
}

function drawItem(kind: ImageKind, color: ColorKey): string {
  const draw = DRAWINGS[kind];
  if (!draw) throw new Error(`No drawing for image kind ${kind}`);
  if (color === 'assorted' && !DRAWS_OWN_ASSORTMENT.has(kind)) {
    // Three smaller items side by side: scale .6 around the centre, moved left, up and right.
    return ASSORTMENT.map(
      (c, i) => `<g transform="matrix(.6 0 0 .6 ${i * 120} ${(i === 1 ? -30 : 20) + 120})">${draw(PAINTS[c])}</g>`,
    ).join('');
  }
  return draw(PAINTS[color]);
}

function svg(kind: ImageKind, color: ColorKey, view: number): string {
  const shadow = '<ellipse cx="300" cy="500" rx="190" ry="20" fill="#000" opacity=".08"/>';
  const item = shadow + drawItem(kind, color);
  const transform = VIEW_TRANSFORMS[view - 1];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_SIZE}" height="${IMAGE_SIZE}" viewBox="0 0 ${IMAGE_SIZE} ${IMAGE_SIZE}">` +
    `<rect width="${IMAGE_SIZE}" height="${IMAGE_SIZE}" fill="${VIEW_BACKGROUNDS[view - 1]}"/>` +
    (transform ? `<g transform="${transform}">${item}</g>` : item) +
    '</svg>'
  );
}

/** Every generated product/category image: file name (e.g. 'gelpen-blue-2.svg') and its SVG text. */
export function generateProductImages(): { fileName: string; svg: string }[] {
  const images: { fileName: string; svg: string }[] = [];
  for (const kind of Object.keys(IMAGE_COLORS) as ImageKind[]) {
    for (const color of IMAGE_COLORS[kind] as readonly ColorKey[]) {
      for (let view = 1; view <= IMAGE_VIEWS; view++) {
        images.push({ fileName: productImageFile(kind, color, view), svg: svg(kind, color, view) });
      }
    }
  }
  return images;
}
