/** A GeoJSON Polygon of the box from (west, south) to (east, north): a district's boundary in tests. */
export const box = (west: number, south: number, east: number, north: number) => ({
  type: 'Polygon',
  coordinates: [
    [
      [west, south],
      [east, south],
      [east, north],
      [west, north],
      [west, south],
    ],
  ],
});
