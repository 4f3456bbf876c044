/** An answer in the standard's error form: the HTTP status and the `description` the client is shown. */
export class Open311Error extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 429,
    readonly description: string,
  ) {
    super(description);
  }
}
