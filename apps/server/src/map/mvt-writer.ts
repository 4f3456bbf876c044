// A Mapbox Vector Tile (spec 2.1) writer for point layers: the only geometry the map draws.

/** One point in tile coordinates (0..extent), with its id and numeric properties. */
export type TilePoint = { id?: number; x: number; y: number; properties: Record<string, number> };
export type TileLayer = { name: string; points: TilePoint[] };

export const EXTENT = 4096;

class ProtoWriter {
  private buf = new Uint8Array(1024);
  length = 0;

  private reserve(n: number) {
    if (this.length + n <= this.buf.length) return;
    const next = new Uint8Array(Math.max(this.buf.length * 2, this.length + n));
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
  }

  varint(value: number) {
    this.reserve(10);
    let v = value;
    while (v >= 0x80) {
      this.buf[this.length++] = (v % 0x80) | 0x80;
      v = Math.floor(v / 0x80);
    }
    this.buf[this.length++] = v;
  }

  tag(field: number, wireType: number) {
    this.varint(field * 8 + wireType);
  }

  bytes(field: number, data: Uint8Array) {
    this.tag(field, 2);
    this.varint(data.length);
    this.reserve(data.length);
    this.buf.set(data, this.length);
    this.length += data.length;
  }

  string(field: number, text: string) {
    this.bytes(field, new TextEncoder().encode(text));
  }

  double(field: number, value: number) {
    this.tag(field, 1);
    this.reserve(8);
    new DataView(this.buf.buffer, this.buf.byteOffset + this.length, 8).setFloat64(0, value, true);
    this.length += 8;
  }

  packed(field: number, values: number[]) {
    const inner = new ProtoWriter();
    for (const v of values) inner.varint(v);
    this.bytes(field, inner.finish());
  }

  finish() {
    return this.buf.slice(0, this.length);
  }
}

const zigzag = (n: number) => (n << 1) ^ (n >> 31);
const MOVE_TO_ONE = (1 & 0x7) | (1 << 3);

function encodeValue(v: number) {
  const w = new ProtoWriter();
  if (Number.isInteger(v) && v >= 0) {
    w.tag(5, 0); // uint_value
    w.varint(v);
  } else if (Number.isInteger(v)) {
    w.tag(6, 0); // sint_value
    w.varint(zigzag(v) >>> 0);
  } else w.double(3, v);
  return w.finish();
}

function encodeLayer(layer: TileLayer) {
  const keys = new Map<string, number>();
  const values = new Map<number, number>();
  const index = <K>(table: Map<K, number>, key: K) => {
    let i = table.get(key);
    if (i === undefined) table.set(key, (i = table.size));
    return i;
  };
  const w = new ProtoWriter();
  w.tag(15, 0);
  w.varint(2); // version
  w.string(1, layer.name);
  for (const p of layer.points) {
    const f = new ProtoWriter();
    if (p.id !== undefined) {
      f.tag(1, 0);
      f.varint(p.id);
    }
    const tags: number[] = [];
    for (const [k, v] of Object.entries(p.properties)) tags.push(index(keys, k), index(values, v));
    f.packed(2, tags);
    f.tag(3, 0);
    f.varint(1); // POINT
    f.packed(4, [MOVE_TO_ONE, zigzag(Math.round(p.x)) >>> 0, zigzag(Math.round(p.y)) >>> 0]);
    w.bytes(2, f.finish());
  }
  for (const k of keys.keys()) w.string(3, k);
  for (const v of values.keys()) w.bytes(4, encodeValue(v));
  w.tag(5, 0);
  w.varint(EXTENT);
  return w.finish();
}

/** The tile's bytes; layers without points are left out. */
export function encodeTile(layers: TileLayer[]): Uint8Array {
  const w = new ProtoWriter();
  for (const layer of layers) if (layer.points.length) w.bytes(3, encodeLayer(layer));
  return w.finish();
}
