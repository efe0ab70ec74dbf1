// Flat product illustrations on a 600×600 canvas, one function per image kind. Each draws around the
// centre (300, 300) in the given paint; images.ts adds background, shadow, views and colour variants.

/** Base, dark (shading, outlines) and light (highlights) shade of one product colour. */
export interface Paint {
  b: string;
  d: string;
  l: string;
  /** Set for the 'tricolor' ink variant. */
  tri?: boolean;
  /** Set for the 'assorted' variant of kinds that draw several colours themselves. */
  multi?: boolean;
}

const INK = '#2B2B2E';
const DARK = '#3A3A3E';
const METAL = '#C3C8CE';
const METAL_D = '#8E959D';
const WOOD = '#E8C48F';
const PAPER = '#FFFFFF';
const EDGE = '#D6D2C8';
const RAINBOW = ['#D23B32', '#EF8A2B', '#F2C519', '#2E9950', '#2563B8', '#8659C2'];

const rect = (x: number, y: number, w: number, h: number, fill: string, rx = 0, extra = '') =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}"${rx ? ` rx="${rx}"` : ''} fill="${fill}"${extra}/>`;
const circle = (cx: number, cy: number, r: number, fill: string, extra = '') =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"${extra}/>`;
const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra = '') =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}"${extra}/>`;
const path = (d: string, fill: string, extra = '') => `<path d="${d}" fill="${fill}"${extra}/>`;
const stroke = (d: string, color: string, width: number) =>
  `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`;
const group = (transform: string, ...children: string[]) => `<g transform="${transform}">${children.join('')}</g>`;
const outline = (color: string, width = 3) => ` stroke="${color}" stroke-width="${width}"`;
/** An elliptical ring (handle loops) that stays see-through on any background. */
const ring = (cx: number, cy: number, rx: number, ry: number, ix: number, iy: number, fill: string) =>
  path(
    `M${cx - rx} ${cy}a${rx} ${ry} 0 1 0 ${2 * rx} 0a${rx} ${ry} 0 1 0 ${-2 * rx} 0ZM${cx - ix} ${cy}a${ix} ${iy} 0 1 0 ${2 * ix} 0a${ix} ${iy} 0 1 0 ${-2 * ix} 0Z`,
    fill,
    ' fill-rule="evenodd"',
  );
/** Whether dark details read better than light ones on this paint. */
const isLight = (hex: string) => {
  const n = parseInt(hex.slice(1), 16);
  return ((n >> 16) & 255) * 0.299 + ((n >> 8) & 255) * 0.587 + (n & 255) * 0.114 > 150;
};
const lines = (x1: number, x2: number, y0: number, step: number, count: number) =>
  Array.from({ length: count }, (_, i) => `M${x1} ${y0 + i * step}H${x2}`).join('');

type Draw = (k: Paint) => string;

const pens: Record<string, Draw> = {
  ballpoint: (k) =>
    group(
      'rotate(-35 300 300)',
      rect(160, 282, 300, 36, k.b, 18),
      rect(150, 280, 80, 40, k.d, 12),
      path('M150 284L100 300L150 316Z', METAL),
      circle(100, 300, 4, INK),
      rect(455, 289, 42, 22, k.d, 8),
      rect(350, 272, 110, 10, METAL_D, 5),
    ),
  gelpen: (k) =>
    group(
      'rotate(-35 300 300)',
      path('M140 285L95 300L140 315Z', METAL),
      circle(95, 300, 4, k.b),
      rect(140, 280, 300, 40, '#E9EDF1', 18, outline('#C3CCD5', 2)),
      rect(190, 294, 230, 12, k.b, 6),
      rect(140, 279, 85, 42, DARK, 14),
      rect(410, 276, 95, 48, k.b, 14),
      rect(430, 266, 70, 12, k.d, 6),
    ),
  pencil: (k) =>
    group(
      'rotate(-35 300 300)',
      path('M170 278L105 300L170 322Z', WOOD),
      path('M124 293.5L105 300L124 306.5Z', INK),
      rect(170, 278, 270, 44, k.b),
      rect(170, 296, 270, 8, k.d),
      rect(440, 276, 34, 48, METAL),
      rect(474, 278, 34, 44, '#F29BB0', 8),
    ),
  mechpencil: (k) =>
    group(
      'rotate(-35 300 300)',
      stroke('M94 300H118', INK, 3),
      path('M160 286L116 297V303L160 314Z', METAL),
      rect(160, 284, 300, 32, k.b, 8),
      rect(160, 282, 110, 36, k.d, 8),
      stroke('M180 288V312M200 288V312M220 288V312M240 288V312', k.l, 3),
      rect(460, 288, 36, 24, METAL, 6),
      rect(380, 274, 90, 8, METAL_D, 4),
    ),
  colorpencils: () =>
    RAINBOW.map((color, i) =>
      group(
        `rotate(${-37.5 + i * 15} 300 470)`,
        rect(284, 190, 32, 260, color),
        path('M284 190L300 140L316 190Z', WOOD),
        path('M294 158L300 140L306 158Z', color),
      ),
    ).join(''),
  marker: (k) =>
    group(
      'rotate(-30 300 300)',
      rect(118, 284, 50, 32, k.d, 10),
      rect(160, 262, 240, 76, '#F1F1EF', 16, outline('#D0D0CC', 2)),
      rect(230, 262, 70, 76, k.b),
      rect(390, 256, 120, 88, k.b, 18),
      rect(400, 268, 90, 10, k.l, 5),
    ),
  highlighter: (k) =>
    group(
      'rotate(-30 300 300)',
      path('M150 270L110 284V316L150 330Z', k.d),
      rect(150, 256, 230, 88, k.b, 22),
      rect(165, 268, 120, 10, k.l, 5),
      rect(370, 252, 130, 96, k.d, 24),
    ),
  fountainpen: (k) =>
    group(
      'rotate(-28 300 300)',
      path('M152 285L84 300L152 315Z', '#D8B24A'),
      stroke('M100 300H140', '#8C6D1F', 2),
      rect(150, 284, 50, 32, INK, 8),
      rect(196, 278, 250, 44, k.b, 20),
      rect(430, 282, 40, 36, k.d, 14),
      rect(250, 390, 170, 50, k.b, 22),
      rect(275, 380, 120, 10, METAL, 5),
      rect(400, 390, 20, 50, k.d, 8),
    ),
  wbmarker: (k) =>
    group(
      'rotate(30 300 300)',
      rect(255, 160, 90, 290, '#F6F6F4', 20, outline('#D6D6D0', 2)),
      rect(255, 330, 90, 40, k.b),
      rect(248, 110, 104, 100, k.b, 24),
      rect(262, 122, 14, 70, k.l, 7),
      rect(272, 450, 56, 28, k.d, 8),
      path('M282 478L300 505L318 478Z', k.d),
    ),
};

const paper: Record<string, Draw> = {
  paper: (k) => {
    const white = k.b === '#FAFAF8';
    const [left, right] = white ? ['#2F6FC4', '#24579C'] : [k.b, k.d];
    return (
      path('M130 260L300 200L470 260L300 320Z', white ? PAPER : k.l, outline(EDGE, 2)) +
      path('M130 260L300 320V420L130 360Z', left) +
      path('M300 320L470 260V360L300 420Z', right) +
      (white
        ? path('M185 280L235 298V398L185 380Z', PAPER, ' opacity=".85"')
        : stroke('M140 290L300 348M140 320L300 378', k.l, 3))
    );
  },
  notebook: (k) =>
    rect(215, 128, 200, 330, '#EFE9DA', 12) +
    rect(190, 120, 210, 340, k.b, 14) +
    rect(190, 120, 26, 340, k.d, 10) +
    rect(362, 120, 12, 340, k.d) +
    path('M300 458V505L312 493L324 505V458Z', '#C0392B'),
  pad: (k) =>
    rect(180, 150, 240, 330, PAPER, 6, outline(EDGE, 2)) +
    stroke(lines(200, 400, 220, 30, 8), '#A9C8E8', 2) +
    stroke('M228 172V470', '#E89A9A', 2) +
    rect(180, 130, 240, 34, k.b, 6) +
    Array.from({ length: 9 }, (_, i) => rect(196 + i * 26, 116, 7, 30, METAL_D, 3)).join(''),
  stickynotes: (k) =>
    rect(200, 212, 230, 230, k.d, 4) +
    rect(190, 200, 230, 230, k.b, 4) +
    group(
      'rotate(-6 305 315)',
      rect(180, 188, 230, 230, k.b, 4, outline(k.d, 2)),
      path('M410 378Q395 405 370 418H410Z', k.l),
    ),
  envelope: (k) =>
    rect(120, 190, 360, 230, k.b, 8, outline(k.d, 3)) +
    stroke('M126 196L300 320L474 196', k.d, 4) +
    stroke('M126 414L252 304M474 414L348 304', k.d, 3),
  labels: (k) => {
    const fill = k.b === '#FAFAF8' ? '#F3F1EC' : k.b;
    const cells = Array.from({ length: 14 }, (_, i) =>
      rect(i % 2 ? 308 : 205, 128 + Math.floor(i / 2) * 50, 87, 40, fill, 8, outline(k.d, 1.5)),
    );
    return rect(190, 110, 220, 380, PAPER, 6, outline(EDGE, 2)) + cells.join('');
  },
  binder: (k) =>
    rect(210, 100, 200, 390, k.b, 8) +
    rect(170, 100, 60, 390, k.d, 8) +
    rect(180, 140, 40, 160, PAPER, 4) +
    stroke('M188 175H212M188 195H212M188 215H206', '#BDB8AD', 3) +
    ring(200, 420, 18, 18, 10, 10, DARK) +
    rect(395, 100, 15, 390, k.l, 0, ' opacity=".35"'),
  sleeves: (k) =>
    rect(232, 128, 200, 300, PAPER, 2, outline(EDGE, 1)) +
    stroke(lines(252, 410, 170, 28, 8), '#C9C4BA', 4) +
    [0, 1, 2]
      .map((i) => rect(200 - i * 14, 110 + i * 14, 240, 340, k.b, 4, ` opacity=".45"${outline(k.d, 2)}`))
      .join('') +
    Array.from({ length: 10 }, (_, i) => circle(186, 160 + i * 30, 5, PAPER, outline(k.d, 1.5))).join(''),
  folder: (k) =>
    rect(150, 170, 300, 260, k.d, 12) +
    rect(172, 150, 250, 60, PAPER, 2, outline(EDGE, 1)) +
    rect(150, 190, 300, 240, k.b, 12) +
    stroke('M150 232L192 190M408 430L450 388', INK, 7) +
    rect(170, 210, 120, 8, k.l, 4, ' opacity=".6"'),
  dividers: (k) => {
    const tabs = k.multi ? RAINBOW.slice(0, 5) : [k.b, k.b, k.b, k.b, k.b];
    return (
      rect(196, 136, 210, 350, PAPER, 6, outline(EDGE, 2)) +
      rect(186, 126, 210, 350, PAPER, 6, outline(EDGE, 2)) +
      tabs.map((color, i) => rect(388, 142 + i * 64, 42, 52, color, 6, outline(k.d, 1.5))).join('') +
      rect(176, 116, 212, 350, k.multi ? '#F7F5F0' : k.b, 6, outline(k.d, 2))
    );
  },
  archivebox: (k) =>
    path('M160 230L220 200H460L400 230Z', k.l) +
    rect(160, 230, 240, 220, k.b) +
    path('M400 230L460 200V420L400 450Z', k.d) +
    rect(160, 230, 240, 30, k.d, 0, ' opacity=".5"') +
    rect(250, 300, 60, 22, k.d, 11) +
    rect(190, 350, 100, 64, PAPER, 3, outline(EDGE, 1)),
};

const desk: Record<string, Draw> = {
  stapler: (k) =>
    rect(130, 425, 340, 28, DARK, 10) +
    rect(150, 395, 300, 32, METAL, 6) +
    path('M140 402Q140 330 210 325L450 335Q478 338 474 370L468 402Z', k.b) +
    stroke('M200 345L440 352', k.l, 6) +
    circle(445, 412, 14, k.d),
  holepunch: (k) =>
    rect(140, 390, 320, 50, DARK, 12) +
    path('M170 392L190 300H410L430 392Z', k.b) +
    path('M180 302Q190 260 230 255L430 270Q460 275 455 302Z', k.d) +
    circle(250, 415, 9, '#161618') +
    circle(350, 415, 9, '#161618') +
    rect(150, 440, 300, 10, METAL, 4),
  scissors: (k) =>
    path('M300 292L512 166L522 180L312 318Z', METAL, outline(METAL_D, 2)) +
    path('M296 306L520 262L522 278L306 324Z', METAL, outline(METAL_D, 2)) +
    ring(190, 380, 64, 46, 38, 24, k.b) +
    ring(262, 442, 46, 64, 24, 38, k.b) +
    path('M232 352L292 296L318 320L250 370Z', k.b) +
    path('M262 392L300 310L322 326L290 398Z', k.b) +
    circle(306, 312, 9, METAL_D),
  tape: (k) =>
    ring(300, 300, 150, 150, 76, 76, k.b) +
    ring(300, 300, 150, 150, 140, 140, k.d) +
    ring(300, 300, 76, 76, 58, 58, '#D9C7A6') +
    path('M418 392L470 470L440 484L392 412Z', k.b, outline(k.d, 2)),
  ruler: (k) =>
    group(
      'rotate(-25 300 300)',
      rect(80, 255, 440, 90, k.b, 8, outline(k.d, 2)),
      stroke(
        Array.from({ length: 41 }, (_, i) => `M${100 + i * 10} 255v${i % 10 === 0 ? 34 : i % 5 === 0 ? 24 : 14}`).join(
          '',
        ),
        DARK,
        2,
      ),
    ),
  eraser: (k) =>
    path('M190 280L250 245H430L370 280Z', k.l, outline(k.d, 2)) +
    rect(190, 280, 180, 110, k.b, 4, outline(k.d, 2)) +
    path('M370 280L430 245V355L370 390Z', k.d) +
    path('M270 278L330 243H430L370 278Z', '#3B7BD0') +
    rect(270, 278, 100, 114, '#2F6FC4') +
    path('M370 278L430 243V357L370 392Z', '#24579C'),
  clips: (k) => {
    const clip = 'M0 80V-80A30 30 0 0 1 60 -80V100A22 22 0 0 1 16 100V-60A8 8 0 0 1 32 -60V80';
    return (
      group('translate(170 330) rotate(-25)', stroke(clip, k.b === '#C3C8CE' ? METAL_D : k.b, 9)) +
      group('translate(290 300) rotate(8)', stroke(clip, k.b === '#C3C8CE' ? METAL_D : k.b, 9)) +
      group(
        'translate(420 360) rotate(20)',
        path('M-55 0H55L38 -80H-38Z', k.b === '#C3C8CE' ? DARK : k.b),
        stroke('M-25 -74L-42 -150H42L25 -74', METAL_D, 6),
      )
    );
  },
  glue: (k) =>
    rect(245, 200, 110, 270, '#F4F4F2', 16, outline('#D6D6D0', 2)) +
    rect(245, 270, 110, 120, k.b) +
    rect(238, 150, 124, 70, k.b, 18) +
    rect(238, 205, 124, 14, k.d, 4) +
    rect(255, 460, 90, 22, k.d, 6) +
    rect(258, 160, 14, 48, k.l, 7),
  correction: (k) =>
    path('M170 380Q160 250 300 230Q430 215 450 330L460 380Q455 400 430 400H190Q170 400 170 380Z', k.b) +
    circle(300, 312, 56, PAPER, outline(k.d, 4)) +
    circle(300, 312, 22, k.d) +
    path('M440 360L505 380V396L440 392Z', '#E6E6E2') +
    stroke('M300 256Q380 262 470 378', PAPER, 4),
};

const tech: Record<string, Draw> = {
  calculator: (k) => {
    const key = isLight(k.b) ? DARK : '#F1F1EE';
    const keys = Array.from({ length: 20 }, (_, i) =>
      rect(222 + (i % 4) * 42, 240 + Math.floor(i / 4) * 48, 34, 38, i % 4 === 3 ? '#EF8A2B' : key, 7),
    );
    return (
      rect(195, 100, 210, 390, k.b, 26, outline(k.d, 3)) +
      rect(290, 114, 90, 12, '#4A4A4E', 3) +
      rect(220, 136, 160, 72, '#C9D8B6', 8) +
      rect(290, 168, 74, 22, '#7D8C6A', 3) +
      keys.join('')
    );
  },
  labelprinter: (k) => {
    const key = isLight(k.b) ? DARK : '#F1F1EE';
    const keys = Array.from({ length: 20 }, (_, i) =>
      rect(234 + (i % 4) * 36, 262 + Math.floor(i / 4) * 34, 24, 24, key, 5),
    );
    return (
      rect(265, 70, 70, 90, PAPER, 4, outline(EDGE, 2)) +
      stroke('M280 100H320M280 116H308', INK, 4) +
      rect(200, 130, 200, 360, k.b, 40, outline(k.d, 3)) +
      rect(225, 165, 150, 60, '#C9D8B6', 8) +
      rect(220, 246, 160, 186, k.d, 14) +
      keys.join('')
    );
  },
  ink: (k) => {
    const drop = (x: number, color: string) =>
      path(
        `M${x} 262C${x + 18} 290 ${x + 30} 304 ${x + 30} 320A30 30 0 0 1 ${x - 30} 320C${x - 30} 304 ${x - 18} 290 ${x} 262Z`,
        color,
      );
    return (
      path('M210 170L260 140H400L350 170Z', '#55555A') +
      rect(210, 170, 140, 260, DARK, 8) +
      path('M350 170L400 140V400L350 430Z', INK) +
      rect(225, 240, 110, 120, PAPER, 6) +
      (k.tri
        ? drop(252, '#00A0DC') + drop(308, '#D6007E') + group('translate(0 28)', drop(280, '#F2C519'))
        : drop(280, k.b)) +
      rect(255, 430, 50, 18, '#161618', 3)
    );
  },
  mouse: (k) =>
    path(
      'M300 130C390 130 420 220 420 320C420 420 370 470 300 470C230 470 180 420 180 320C180 220 210 130 300 130Z',
      k.b,
      outline(k.d, 3),
    ) +
    stroke('M300 132V258M186 262Q300 282 414 262', k.d, 4) +
    rect(288, 176, 24, 56, k.d, 12) +
    stroke('M214 310C214 240 236 180 276 154', k.l, 8),
  keyboard: (k) => {
    const key = isLight(k.b) ? '#4A4A4E' : '#F1F1EE';
    return (
      `<defs><pattern id="keys" x="98" y="238" width="36" height="36" patternUnits="userSpaceOnUse">${rect(3, 3, 30, 30, key, 5)}</pattern></defs>` +
      rect(80, 220, 440, 220, k.b, 18, outline(k.d, 3)) +
      rect(98, 238, 396, 144, 'url(#keys)') +
      rect(200, 392, 200, 28, key, 5)
    );
  },
  headset: (k) =>
    stroke('M190 330C190 160 410 160 410 330', k.b, 22) +
    rect(160, 300, 70, 120, k.b, 30, outline(k.d, 2)) +
    rect(370, 300, 70, 120, k.b, 30, outline(k.d, 2)) +
    rect(214, 312, 26, 96, k.d, 12) +
    rect(360, 312, 26, 96, k.d, 12) +
    stroke('M196 412C200 470 260 482 300 470', k.d, 8) +
    circle(306, 468, 14, k.d),
  shredder: (k) =>
    rect(240, 110, 120, 120, PAPER, 3, outline(EDGE, 2)) +
    stroke(lines(258, 340, 135, 20, 4), '#C9C4BA', 4) +
    rect(180, 250, 240, 240, k.b, 14, outline(k.d, 2)) +
    rect(220, 320, 160, 110, '#1E1E22', 8, ' opacity=".35"') +
    stroke('M240 330V420M262 330V412M284 330V424M306 330V416M328 330V422M350 330V414', PAPER, 6) +
    rect(165, 205, 270, 60, k.d, 14) +
    rect(215, 222, 170, 8, '#111113', 4),
};

const office: Record<string, Draw> = {
  whiteboard: (k) => {
    const glass = k.b !== '#FAFAF8';
    return (
      (glass
        ? rect(100, 130, 400, 280, k.b, 10, outline(k.d, 3)) + rect(120, 145, 80, 240, k.l, 6, ' opacity=".35"')
        : rect(100, 130, 400, 280, METAL, 6) + rect(112, 142, 376, 256, PAPER, 2)) +
      stroke('M150 210Q200 176 250 212T350 204', '#2563B8', 5) +
      stroke('M150 262H300M150 292H262', '#D23B32', 5) +
      stroke('M338 244H438V324H338Z', '#2E9950', 5) +
      rect(180, 410, 240, 14, METAL_D, 4) +
      rect(220, 398, 64, 12, '#D23B32', 6)
    );
  },
  noticeboard: (k) => {
    const cork = k.b === '#A0703F';
    return (
      rect(110, 130, 380, 300, cork ? '#8B5E34' : METAL_D, 10) +
      rect(126, 146, 348, 268, cork ? '#C99E6A' : k.b, 4) +
      group('rotate(-6 205 225)', rect(160, 180, 90, 90, '#F2C519', 2)) +
      group('rotate(4 345 210)', rect(290, 170, 110, 80, PAPER, 2)) +
      rect(220, 300, 120, 80, '#86CF9C', 2) +
      rect(370, 290, 70, 90, '#F6B3D0', 2) +
      circle(205, 190, 8, '#D23B32') +
      circle(345, 180, 8, '#2563B8') +
      circle(280, 308, 8, INK) +
      circle(405, 298, 8, '#2E9950')
    );
  },
  flipchart: (k) => {
    const frame = k.b === '#FAFAF8' ? METAL_D : k.b;
    return (
      stroke('M232 300L160 500M368 300L440 500M300 300V480', frame, 12) +
      rect(190, 110, 220, 270, frame, 8) +
      rect(202, 126, 196, 246, PAPER, 2) +
      stroke('M222 330L270 282L310 302L372 222', '#2563B8', 6) +
      rect(230, 340, 24, 20, '#EF8A2B') +
      rect(262, 326, 24, 34, '#EF8A2B') +
      rect(294, 316, 24, 44, '#EF8A2B') +
      rect(186, 104, 228, 26, INK, 6)
    );
  },
  organizer: (k) =>
    stroke('M262 300L222 140', '#2563B8', 12) +
    stroke('M300 300V120', '#D23B32', 12) +
    stroke('M342 300L386 150', INK, 12) +
    stroke('M282 300L258 162', '#F2C519', 12) +
    path('M220 280H380L365 470H235Z', k.b, outline(k.d, 3)) +
    rect(214, 270, 172, 20, k.d, 8) +
    rect(236, 300, 16, 150, k.l, 8, ' opacity=".45"'),
  storagebox: (k) => {
    const clear = k.b === '#DCEAF4';
    return (
      (clear ? rect(200, 330, 90, 110, '#F2C519', 6) + rect(300, 300, 100, 140, '#D23B32', 6) : '') +
      path('M150 240H450L430 470H170Z', k.b, (clear ? ' opacity=".7"' : '') + outline(k.d, 3)) +
      rect(135, 205, 330, 45, clear ? '#C7D7E4' : k.d, 10) +
      rect(118, 222, 30, 60, clear ? '#2563B8' : k.d, 8) +
      rect(452, 222, 30, 60, clear ? '#2563B8' : k.d, 8)
    );
  },
  lettertray: (k) =>
    [200, 330]
      .map(
        (y) =>
          rect(170, y - 14, 260, 24, PAPER, 2, outline(EDGE, 1)) +
          path(`M130 ${y}H470L450 ${y + 100}H150Z`, k.b, outline(k.d, 3)) +
          path(`M250 ${y}Q300 ${y + 40} 350 ${y}Z`, k.d),
      )
      .join('') +
    rect(170, 300, 14, 30, k.d) +
    rect(416, 300, 14, 30, k.d),
  coffee: (k) =>
    path('M200 150H400L420 470H180Z', k.b) +
    rect(200, 120, 200, 40, k.d, 4) +
    rect(220, 260, 160, 140, '#F3E7D3', 10) +
    ellipse(300, 330, 34, 46, '#6B4423') +
    stroke('M300 290Q284 330 300 370', '#F3E7D3', 5) +
    circle(300, 205, 10, k.d),
  tea: (k) =>
    stroke('M378 280C452 280 452 400 378 400', EDGE, 30) +
    stroke('M378 280C452 280 452 400 378 400', PAPER, 22) +
    rect(200, 230, 180, 220, PAPER, 20, outline(EDGE, 3)) +
    ellipse(290, 244, 82, 13, '#9C5B2E') +
    stroke('M330 244Q350 180 400 170', '#B8B2A6', 2) +
    rect(395, 150, 50, 40, k.b, 4) +
    stroke('M262 196Q246 168 262 140M306 196Q290 168 306 140', '#C9C4BA', 5),
  cups: (k) =>
    ellipse(300, 190, 86, 14, k.d) +
    ellipse(300, 220, 86, 14, k.d) +
    path('M214 250H386L360 470H240Z', k.b, outline(k.d, 3)) +
    ellipse(300, 250, 86, 14, k.l, outline(k.d, 3)) +
    path('M228 330H372L366 384H234Z', k.d),
  napkins: (k) =>
    group(
      'rotate(-8 300 300)',
      rect(182, 420, 236, 10, k.b, 3, outline(k.d, 1)),
      rect(176, 410, 248, 12, k.d, 3),
      rect(170, 150, 260, 262, k.b, 6, outline(k.d, 2)),
      stroke('M172 280H428M300 152V410', k.d, 2),
    ),
  spray: (k) =>
    path('M230 260H370Q380 260 380 275V470Q380 480 370 480H230Q220 480 220 470V275Q220 260 230 260Z', k.b) +
    rect(270, 220, 60, 45, k.d, 6) +
    path('M250 140H360L380 175L360 225H250Z', INK) +
    rect(206, 154, 48, 22, INK, 4) +
    path('M300 225L285 290L305 295L320 225Z', INK) +
    rect(240, 320, 120, 110, PAPER, 10) +
    stroke('M260 352H340M260 378H320', k.d, 6),
  gloves: (k) =>
    group(
      'rotate(-10 300 300)',
      rect(235, 140, 32, 150, k.b, 16),
      rect(272, 118, 32, 170, k.b, 16),
      rect(309, 124, 32, 165, k.b, 16),
      rect(346, 150, 30, 140, k.b, 15),
      group('rotate(-40 240 330)', rect(200, 300, 36, 110, k.b, 18)),
      rect(230, 255, 150, 180, k.b, 40, outline(k.d, 2)),
      rect(240, 420, 130, 60, k.d, 10),
    ),
  papertowel: () =>
    path('M380 250L430 262L424 480L374 468Z', PAPER, outline(EDGE, 2)) +
    stroke('M378 330L428 340M376 410L426 420', EDGE, 3) +
    rect(220, 150, 160, 300, PAPER, 0, outline(EDGE, 3)) +
    ellipse(300, 450, 80, 20, PAPER, outline(EDGE, 3)) +
    rect(222, 430, 156, 20, PAPER) +
    ellipse(300, 150, 80, 22, '#F4F2EE', outline(EDGE, 3)) +
    ellipse(300, 150, 26, 8, '#C8B08A'),
  chair: (k) =>
    stroke('M300 460L190 482M300 460L410 482M300 460L252 500M300 460L360 500', DARK, 14) +
    circle(190, 486, 12, INK) +
    circle(410, 486, 12, INK) +
    circle(252, 505, 11, INK) +
    circle(360, 505, 11, INK) +
    rect(290, 360, 20, 100, '#5A5A60') +
    rect(290, 296, 20, 40, '#5A5A60') +
    rect(215, 110, 190, 200, k.b, 40, outline(k.d, 2)) +
    rect(240, 130, 140, 18, k.l, 9, ' opacity=".5"') +
    rect(200, 320, 220, 50, k.b, 20, outline(k.d, 2)) +
    rect(186, 284, 70, 14, DARK, 7) +
    rect(344, 284, 70, 14, DARK, 7) +
    rect(190, 290, 16, 44, DARK, 6) +
    rect(394, 290, 16, 44, DARK, 6),
  footrest: (k) =>
    path('M160 450H440L420 470H180Z', DARK) +
    stroke('M220 452L262 386M380 452L338 386', '#5A5A60', 12) +
    path('M130 360L470 330L480 380L140 410Z', k.b, outline(k.d, 3)) +
    stroke('M180 366L188 398M240 361L248 393M300 356L308 388M360 350L368 382M420 345L428 377', k.d, 4),
  wristrest: (k) =>
    rect(120, 336, 360, 22, k.d, 10) +
    rect(110, 270, 380, 80, k.b, 40, outline(k.d, 3)) +
    rect(150, 282, 300, 18, k.l, 9, ' opacity=".6"'),
  laptopstand: (k) =>
    path('M150 450H450V430L430 420H170L150 430Z', k.b) +
    path('M190 424L330 270H356L220 424Z', k.b, outline(k.d, 2)) +
    path('M410 424L350 270H376L436 424Z', k.d) +
    path('M120 300L470 220L478 244L128 324Z', '#5A5A60') +
    path('M470 220L520 70L538 78L486 236Z', INK) +
    path('M476 214L518 92L528 96L488 222Z', '#3E5E8C'),
};

export const DRAWINGS = { ...pens, ...paper, ...desk, ...tech, ...office };
