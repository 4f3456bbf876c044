import net from 'node:net';
import { crc32, deflateRawSync } from 'node:zlib';

// Files made to hurt a server that reads them whole, built small in memory at test time.

/** `declared`: the size the ZIP's headers give for the entry, when it is to lie */
type Entry = { name: string; data: Buffer; declared?: number };

/** A ZIP of deflated entries (no zip64, no data descriptors): enough for an .xlsx. */
export function zip(entries: Entry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data, declared = data.length } of entries) {
    const packed = deflateRawSync(data, { level: 9 });
    const fileName = Buffer.from(name);
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(8, 8);
    head.writeUInt32LE(crc32(data), 14);
    head.writeUInt32LE(packed.length, 18);
    head.writeUInt32LE(declared, 22);
    head.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(head, fileName, packed);
    centrals.push(central, fileName);
    offset += head.length + fileName.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const NS = 'http://schemas.openxmlformats.org/';
const xml = (s: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${s}`);

/** An .xlsx of one sheet whose `<sheetData>` holds `rows` (the XML of its rows). */
export function workbook(rows: string): Buffer {
  const sheet = Buffer.concat([
    xml(`<worksheet xmlns="${NS}spreadsheetml/2006/main"><sheetData>`),
    Buffer.from(rows),
    Buffer.from('</sheetData></worksheet>'),
  ]);
  return zip([
    {
      name: '[Content_Types].xml',
      data: xml(
        `<Types xmlns="${NS}package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
      ),
    },
    {
      name: '_rels/.rels',
      data: xml(
        `<Relationships xmlns="${NS}package/2006/relationships"><Relationship Id="rId1" Type="${NS}officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    },
    {
      name: 'xl/workbook.xml',
      data: xml(
        `<workbook xmlns="${NS}spreadsheetml/2006/main" xmlns:r="${NS}officeDocument/2006/relationships"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: xml(
        `<Relationships xmlns="${NS}package/2006/relationships"><Relationship Id="rId1" Type="${NS}officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      ),
    },
    { name: 'xl/worksheets/sheet1.xml', data: sheet },
  ]);
}

/** Line n of a schedule sheet: a date, off and on times as Excel numbers. */
export const dayRow = (n: number) =>
  `<row r="${n}"><c r="A${n}"><v>45658</v></c><c r="B${n}"><v>0.25</v></c><c r="C${n}"><v>0.75</v></c></row>`;

/** Lines 1..n of a schedule sheet. */
export const dayRows = (n: number) => Array.from({ length: n }, (_, i) => dayRow(i + 1)).join('');

/**
 * `n` connections that each announce a CONNECT of `announced` bytes and send `sent` of it, never the rest:
 * a broker that buffers what it is sent before any sign-in holds n × sent.
 */
export async function halfConnects(url: string, n: number, announced: number, sent: number) {
  const { hostname, port } = new URL(url);
  const length: number[] = [];
  for (let rest = announced; ;) {
    const byte = rest % 128;
    rest = Math.floor(rest / 128);
    length.push(rest > 0 ? byte | 128 : byte);
    if (rest === 0) break;
  }
  const head = Buffer.from([0x10, ...length, 0, 4, 0x4d, 0x51, 0x54, 0x54, 4, 2, 0, 60]);
  const body = Buffer.alloc(sent - head.length, 0x41);
  const sockets: net.Socket[] = [];
  for (let i = 0; i < n; i += 200) {
    await Promise.all(
      Array.from({ length: Math.min(200, n - i) }, async () => {
        const socket = net.connect(Number(port), hostname);
        sockets.push(socket);
        socket.on('error', () => {});
        await new Promise((resolve) => socket.once('connect', resolve).once('close', resolve));
        socket.write(head);
        socket.write(body);
      }),
    );
  }
  return sockets;
}
