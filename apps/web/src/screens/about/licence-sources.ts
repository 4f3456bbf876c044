// Build-time readers for the Licensing screen: what a package.json says of its licence, and what the
// inventories README says of each bundled data file. The build writes their result to /licenses.json.

export type PackageLicence = { name: string; version: string; license: string };
export type DataLicence = { file: string; title: string; licence: string };
export type Licences = { packages: PackageLicence[]; data: DataLicence[] };

type PackageJson = { name?: string; version?: string; license?: unknown; licenses?: unknown };

export function packageLicence(pkg: PackageJson): PackageLicence | undefined {
  if (!pkg.name || !pkg.version) return undefined;
  const stated = pkg.license ?? pkg.licenses;
  const license =
    typeof stated === 'string'
      ? stated
      : Array.isArray(stated)
        ? stated.map((l: { type?: string }) => l.type ?? '?').join(' OR ')
        : ((stated as { type?: string } | undefined)?.type ?? 'UNKNOWN');
  return { name: pkg.name, version: pkg.version, license };
}

/** Sections `## file: title` with a line `- Licence…: text` (continued on indented lines). */
export function dataLicences(readme: string): DataLicence[] {
  const out: DataLicence[] = [];
  for (const section of readme.split(/^## /m).slice(1)) {
    const heading = /^([\w.-]+\.\w+): (.+)$/m.exec(section.split('\n')[0]!);
    const licence = /^- Licence[^:]*: ((?:.+)(?:\n {2,}.+)*)/m.exec(section);
    if (heading && licence)
      out.push({
        file: heading[1]!,
        title: heading[2]!,
        licence: licence[1]!.replace(/\s*\n\s+/g, ' ').replace(/\*\*|`/g, ''),
      });
  }
  return out;
}
