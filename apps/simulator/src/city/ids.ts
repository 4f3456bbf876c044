// Deterministic identities. MACs are locally administered (first byte 02) and carry the network number, so two
// simulated cities, or two test runs, on one broker never share a topic.

const hex = (n: number, bytes: number) =>
  n
    .toString(16)
    .toUpperCase()
    .padStart(bytes * 2, '0');

/** EUI-48: 02 43 ('C') + network (2 bytes) + controller index (2 bytes). */
export const controllerMac = (network: number, index: number) => `0243${hex(network, 2)}${hex(index, 2)}`;

/** EUI-64, as radio modules carry: 02 4D ('M') + network (2 bytes) + module index (4 bytes). */
export const moduleMac = (network: number, index: number) => `024D${hex(network, 2)}${hex(index, 4)}`;

export const meterSerial = (network: number, index: number) =>
  `M${hex(network, 2)}${String(index + 1).padStart(5, '0')}`;

/** 15 digits: a made-up type code (35 + network), a serial (controller index) and the Luhn check digit. */
export function imei(network: number, index: number): string {
  const body = `35${String(network).padStart(6, '0')}${String(index).padStart(6, '0')}`;
  return body + luhn(body);
}

function luhn(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}
