// The reach tree (GET /api/reach-tree): the way `path` finds to every place at one altitude,
// decoded once into typed arrays, so the page answers "the way to the place under the pointer"
// without asking the server again. The layout is docs/json.md's "The reach tree"; the Python
// side is wingbeat/rules/tree.py. No dependencies.
//
//   import { decodeReachTree } from "/static/reachtree.js";
//   const tree = decodeReachTree(await (await fetch(url)).arrayBuffer());
//   tree.wayTo("U35")  // {moves: "U35 down", cost: "2", canAct: false, checks: [], end: {...}}

import { t } from "./i18n.js";
const MAGIC = "WBRT";
const VERSION = 1;
const TYPES = { u8: Uint8Array, u16: Uint16Array, u32: Uint32Array, i32: Int32Array };
const LITTLE = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

function gcd(a, b) {
  while (b) [a, b] = [b, a % b];
  return a;
}

/** A whole number of ticks as JSON writes a cost: exact, "7/2" or "4". */
function costText(ticks, num, den) {
  const n = ticks * num;
  const g = gcd(n, den) || 1;
  const top = n / g;
  const bottom = den / g;
  return bottom === 1 ? String(top) : `${top}/${bottom}`;
}

function readArray(view, buffer, at, type, length) {
  const Kind = TYPES[type];
  if (!Kind) throw new Error(t("reach tree: unknown array type {type}", { type }));
  if (LITTLE) return new Kind(buffer, at, length);  // aligned to 4 bytes: a view, no copy
  const out = new Kind(length);  // a big-endian machine: read each value little-endian
  const size = Kind.BYTES_PER_ELEMENT;
  for (let i = 0; i < length; i++) {
    const p = at + i * size;
    out[i] = size === 1 ? view.getUint8(p) : size === 2 ? view.getUint16(p, true)
      : type === "i32" ? view.getInt32(p, true) : view.getUint32(p, true);
  }
  return out;
}

export class ReachTree {
  constructor(header, arrays) {
    this.header = header;
    Object.assign(this, arrays);  // parent, token, ticks, label, node, flags, checks, end
    this.strings = header.strings;
    const [num, den] = String(header.tick).split("/").map(Number);
    this.tickNum = num;
    this.tickDen = den || 1;
    this.placeOf = new Map();
    for (let p = 0; p < this.label.length; p++) this.placeOf.set(this.strings[this.label[p]], p);
  }

  /** The places it answers for, cheapest first. */
  places() {
    return Array.from(this.label, (i) => this.strings[i]);
  }

  /** The running cost at a node, exact ("7/2"). */
  costAt(node) {
    return costText(this.ticks[node], this.tickNum, this.tickDen);
  }

  /**
   * The way to a place as `path` answers it: {moves (the notation `check` takes), cost (exact,
   * as JSON writes it), canAct, checks (the saves with their chances), end (the end state)};
   * null when the place is out of reach. O(the way's length).
   */
  wayTo(label) {
    const p = this.placeOf.get(label);
    if (p === undefined) return null;
    const moves = [];
    let n = this.node[p];
    const last = n;
    while (this.parent[n] >= 0) {
      moves.push(this.strings[this.token[n]]);
      n = this.parent[n];
    }
    moves.reverse();
    return {
      moves: moves.join(" "),
      cost: this.costAt(last),
      canAct: (this.flags[p] & 1) === 1,
      checks: this.header.checks[this.checks[p]],
      end: { at: label, ...this.header.ends[this.end[p]] },
    };
  }
}

/** Decodes the bytes of GET /api/reach-tree (an ArrayBuffer) into a ReachTree. */
export function decodeReachTree(buffer) {
  const view = new DataView(buffer);
  const magic = String.fromCharCode(...new Uint8Array(buffer, 0, 4));
  if (magic !== MAGIC) throw new Error(t("reach tree: not a wingbeat reach tree"));
  const version = view.getUint32(4, true);
  if (version !== VERSION) {
    throw new Error(t("reach tree: layout version {version}, not {wanted}", { version,
      wanted: VERSION }));
  }
  const size = view.getUint32(8, true);
  const header = JSON.parse(new TextDecoder().decode(new Uint8Array(buffer, 12, size)));
  let at = 12 + size;
  const arrays = {};
  for (const { name, type, length } of header.arrays) {
    arrays[name] = readArray(view, buffer, at, type, length);
    at += length * TYPES[type].BYTES_PER_ELEMENT;
    at += (4 - (at % 4)) % 4;
  }
  return new ReachTree(header, arrays);
}
