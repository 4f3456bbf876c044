/**
 * A number per table that moves with every write to it. What is kept about a table (counts, pages) remembers
 * the number it was read at, and is not believed once the number has moved.
 */
export class TableVersions {
  private readonly versions = new Map<string, number>();

  of(table: string): number {
    return this.versions.get(table) ?? 0;
  }

  bump(table: string): void {
    this.versions.set(table, this.of(table) + 1);
  }
}
