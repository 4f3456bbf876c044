/** Hands a file the console holds to the browser's download. */
export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  // revoked later: Chromium starts the download after the click handler returns
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
