/**
 * Renders the card PNGs in assets/cards/ from the CC0 SVG deck shipped inside the npm package
 * @letele/playing-cards (Adrian Kennard's public-domain design, https://www.me.uk/cards/).
 *
 * The package only ships React components, so this script evaluates its bundle with a tiny
 * stand-in for React.createElement that builds an element tree, serialises that tree to plain
 * SVG, applies our few edits (a blue back, a corner index on the Jokers, no web address or QR code
 * on the Ace of Spades: credits belong in the README) and renders it with
 * resvg at the design's own 240x336 size.
 *
 * Usage (from the repository root):
 *   cd tools/cards && npm install --no-package-lock && node render_cards.mjs
 * Optional argument: the output folder (default ../../assets/cards). If `optipng` is installed
 * (Debian package optipng) the PNGs are then recompressed losslessly, about a third smaller;
 * they stay 8-bit RGBA so every file loads the same way.
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';

const here = dirname(fileURLToPath(import.meta.url));
const outDir = resolve(process.argv[2] ?? join(here, '..', '..', 'assets', 'cards'));
const WIDTH = 240; // the design's viewBox is 240x336 (5:7), so one SVG unit is one pixel

// ---------------------------------------------------------------------------------------------
// Loading the package: it is an ES module bundle that imports React and a Babel helper. Instead
// of pulling in React we strip the imports and hand the code a minimal createElement.

function loadDeck() {
  const require = createRequire(import.meta.url);
  const pkgDir = dirname(require.resolve('@letele/playing-cards/package.json'));
  const source = readFileSync(join(pkgDir, 'dist', 'index.esm.js'), 'utf8');
  const exportMatch = source.match(/^export \{([^}]*)\};?\s*$/m);
  if (!exportMatch) throw new Error('package layout changed: no export list found');
  // "SvgB1 as B1, ..." -> "B1: SvgB1, ..."
  const exported = exportMatch[1].split(',').map((s) => s.trim().split(/\s+as\s+/));
  const body = source
    .replace(/^import .*$/gm, '')
    .replace(exportMatch[0], `return { ${exported.map(([l, e]) => `${e}: ${l}`).join(', ')} };`);
  const React = {
    createElement: (type, props, ...children) => ({ type, props: props ?? {}, children }),
  };
  const extendsHelper = (...objects) => Object.assign({}, ...objects);
  // eslint-disable-next-line no-new-func
  return new Function('React', '_extends', body)(React, extendsHelper);
}

// ---------------------------------------------------------------------------------------------
// Serialising the element tree. Only the JSX prop names this package uses are mapped; anything
// new fails loudly rather than silently producing a wrong SVG.

const ATTRIBUTE_NAMES = {
  className: 'class',
  xlinkHref: 'xlink:href',
  xmlnsXlink: 'xmlns:xlink',
  strokeWidth: 'stroke-width',
  strokeLinecap: 'stroke-linecap',
  strokeLinejoin: 'stroke-linejoin',
  strokeMiterlimit: 'stroke-miterlimit',
  strokeDasharray: 'stroke-dasharray',
  fontFamily: 'font-family',
  fontSize: 'font-size',
  textAnchor: 'text-anchor',
};
const CAMEL_CASE_SVG_ATTRIBUTES = new Set(['viewBox', 'preserveAspectRatio', 'patternUnits']);

function escapeXml(text) {
  return String(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function attributeName(prop) {
  if (ATTRIBUTE_NAMES[prop]) return ATTRIBUTE_NAMES[prop];
  if (CAMEL_CASE_SVG_ATTRIBUTES.has(prop) || !/[A-Z]/.test(prop)) return prop;
  throw new Error(`unmapped JSX attribute: ${prop}`);
}

function toSvg(node) {
  if (node === null || node === undefined || node === false) return '';
  if (typeof node === 'string' || typeof node === 'number') return escapeXml(node);
  const attrs = Object.entries(node.props)
    .filter(([key, value]) => key !== 'children' && value !== undefined && value !== null)
    .map(([key, value]) => {
      if (typeof value === 'object') throw new Error(`object-valued attribute: ${key}`);
      return ` ${attributeName(key)}="${escapeXml(value)}"`;
    })
    .join('');
  const inner = node.children.map(toSvg).join('');
  return inner ? `<${node.type}${attrs}>${inner}</${node.type}>` : `<${node.type}${attrs}/>`;
}

/** Calls a card component and returns its root <svg> element (as a tree we can edit). */
function cardTree(component) {
  return component({});
}

function walk(node, visit) {
  if (!node || typeof node !== 'object') return;
  visit(node);
  for (const child of node.children ?? []) walk(child, visit);
}

const el = (type, props, ...children) => ({ type, props, children });

// ---------------------------------------------------------------------------------------------
// Edits.

/** The package has a black and a red back; the game wants one blue and one red pack. */
function recolourBack(tree, colour) {
  walk(tree, (node) => {
    if (node.type === 'pattern') {
      for (const child of node.children) if (child?.type === 'path') child.props.fill = colour;
    }
  });
  return tree;
}

// Where the Ace of Spades carries the design's web address as a QR code, in design units: the
// diamond in the middle of the big spade, painted over in the spade's own black.
const ACE_QR_DIAMOND = '120,130 149,158 120,186 91,158';

/** The Ace of Spades shows the design's web address under the spade and as a QR code inside
 * it; a card face is no place for a credit (the README and the About box give it). */
function removeCredit(tree) {
  walk(tree, (node) => {
    node.children = (node.children ?? []).filter((child) => child?.type !== 'text');
  });
  tree.children.push(el('polygon', { points: ACE_QR_DIAMOND, fill: '#000' }));
  return tree;
}

// Stroked letters drawn in the deck's own glyph style (a -500..500 box, square caps, serifs);
// J and K are copied from the deck's rank symbols so the index matches the other cards.
const JOKER_LETTERS = [
  'M50-460h200m-100 0v710a100 100 0 0 1-400 0v-30', // J
  'M-175 0v-285a175 175 0 0 1 350 0v570a175 175 0 0 1-350 0Z', // O
  'M-285-460h200m-100 0v920m-100 0h200M85-460h200m-100 20-355 595M85 460h200m-100-20L-10-70', // K
  'M-260-460H230v110M-260 460H230v-110M-160-460V460M-160 0H110', // E
  'M-285 460h200m-100 0V-460H60a215 215 0 0 1 0 430H-185M40-30l205 490', // R
];

function starPath(cx, cy, outer, inner) {
  const points = [];
  for (let i = 0; i < 10; i += 1) {
    const r = i % 2 === 0 ? outer : inner;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push(`${(cx + r * Math.cos(a)).toFixed(2)} ${(cy + r * Math.sin(a)).toFixed(2)}`);
  }
  return `M${points.join('L')}Z`;
}

/**
 * The source Jokers fill the whole card and have no index, so a fanned hand would hide them.
 * Shrink the picture to the court-card frame (leaving the margins free) and add "JOKER" stacked
 * vertically plus a star in the top-left corner and, rotated, in the bottom-right one.
 */
function addJokerIndex(tree, colour) {
  const pictureHeight = 260.8; // the court cards' picture height in this design
  const pictureWidth = pictureHeight * (1300 / 2000); // the Joker symbols' own aspect ratio
  walk(tree, (node) => {
    if (node.type === 'use' && node.props.width === 202.8) {
      Object.assign(node.props, {
        width: pictureWidth, height: pictureHeight, x: -pictureWidth / 2, y: -pictureHeight / 2,
      });
    }
  });
  const letterSize = 18; // px per glyph box; the deck's ranks use 32 but five letters must fit
  const pitch = 19.5;
  const centreX = -98.4; // centre of the deck's rank symbols (x -114.4, width 32)
  const top = -156; // where the deck's rank symbols start
  const letters = JOKER_LETTERS.map((d, i) => el('path', {
    d,
    transform: `translate(${centreX} ${top + letterSize / 2 + i * pitch}) `
      + `scale(${letterSize / 1000})`,
    stroke: colour,
    strokeWidth: 105,
    strokeLinecap: 'square',
    strokeMiterlimit: 1.5,
    fill: 'none',
  }));
  const starY = top + 5 * pitch + 8;
  const star = el('path', { d: starPath(centreX, starY, 8, 3.4), fill: colour });
  const index = el('g', {}, ...letters, star);
  const rotated = el('g', { transform: 'rotate(180)' }, ...structuredClone([...letters, star]));
  tree.children.push(index, rotated);
  return tree;
}

// ---------------------------------------------------------------------------------------------

// The package names cards suit first with lower-case letters (Sa, H10, Dq); we use rank first.
const RANKS = {
  a: 'A', 2: '2', 3: '3', 4: '4', 5: '5', 6: '6', 7: '7', 8: '8', 9: '9', 10: '10',
  j: 'J', q: 'Q', k: 'K',
};
const SUITS = ['S', 'H', 'D', 'C'];

function cardsToRender(deck) {
  const cards = {};
  for (const suit of SUITS) {
    for (const [src, rank] of Object.entries(RANKS)) {
      const component = deck[`${suit}${src}`];
      if (!component) throw new Error(`package has no ${suit}${src}`);
      cards[`${rank}${suit}`] = cardTree(component);
    }
  }
  cards.AS = removeCredit(cards.AS);
  cards.JK_1 = addJokerIndex(cardTree(deck.J1), 'red'); // the coloured Joker: red index
  cards.JK_2 = addJokerIndex(cardTree(deck.J2), '#000'); // the black-and-white Joker
  cards.back_1 = recolourBack(cardTree(deck.B1), '#1f4fa8');
  cards.back_2 = recolourBack(cardTree(deck.B2), '#c8102e');
  return cards;
}

function render(svg) {
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'width', value: WIDTH },
    // Any text left in the design is set in "Bariol"; any sans face will do.
    font: {
      loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans',
    },
  });
  return resvg.render().asPng();
}

function main() {
  const deck = loadDeck();
  mkdirSync(outDir, { recursive: true });
  const cards = cardsToRender(deck);
  for (const [name, tree] of Object.entries(cards)) {
    const svg = toSvg(tree)
      .replace(/font-family="Bariol"/g, 'font-family="Bariol, DejaVu Sans, sans-serif"');
    writeFileSync(join(outDir, `${name}.png`), render(svg));
  }
  console.log(`wrote ${Object.keys(cards).length} cards to ${outDir}`);
  optimise(Object.keys(cards).map((name) => join(outDir, `${name}.png`)));
}

/** Lossless recompression; -nc/-nb keep the colour type RGBA rather than switching to a palette. */
function optimise(paths) {
  const args = ['-quiet', '-o2', '-nc', '-nb', ...paths];
  const result = spawnSync('optipng', args, { stdio: 'inherit' });
  if (result.error) console.warn('optipng not found: PNGs left as resvg wrote them (still valid)');
  else if (result.status !== 0) throw new Error(`optipng failed with status ${result.status}`);
  else console.log('recompressed with optipng');
}

main();
