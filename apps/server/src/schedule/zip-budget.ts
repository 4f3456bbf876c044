import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';

const inflate = promisify(inflateRaw);
const END = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

export type Fit = 'fits' | 'tooLarge' | 'unreadable';

/**
 * Whether a ZIP (an .xlsx) expands to at most `budget` bytes in at most `maxEntries` entries. Each entry is
 * inflated, not its declared size believed, and the inflating stops at the budget: a ZIP bomb is refused at the cost
 * of the budget, before a reader expands it. What this cannot follow (ZIP64, a broken directory) is unreadable.
 */
export async function fitsBudget(file: Buffer, budget: number, maxEntries: number): Promise<Fit> {
  const end = file.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || end + 22 > file.length || file.readUInt32LE(end) !== END) return 'unreadable';
  const entries = file.readUInt16LE(end + 10);
  if (entries > maxEntries) return 'tooLarge';
  let at = file.readUInt32LE(end + 16);
  let left = budget;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > file.length || file.readUInt32LE(at) !== CENTRAL) return 'unreadable';
    const method = file.readUInt16LE(at + 10);
    const packed = file.readUInt32LE(at + 20);
    const local = file.readUInt32LE(at + 42);
    at += 46 + file.readUInt16LE(at + 28) + file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32);
    if (local + 30 > file.length || file.readUInt32LE(local) !== LOCAL) return 'unreadable';
    const start = local + 30 + file.readUInt16LE(local + 26) + file.readUInt16LE(local + 28);
    if (start + packed > file.length) return 'unreadable';
    const data = file.subarray(start, start + packed);
    if (method === 0) left -= packed;
    else if (method === 8) {
      try {
        left -= (await inflate(data, { maxOutputLength: Math.max(1, left) })).length;
      } catch (err) {
        return (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? 'tooLarge' : 'unreadable';
      }
    } else return 'unreadable';
    if (left < 0) return 'tooLarge';
  }
  return 'fits';
}
