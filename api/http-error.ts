// Errors the API raises itself (not domain rules): the error handler sends their status and text.
export class HttpError extends Error {
  constructor(
    readonly statusCode: 401 | 403 | 404 | 409 | 400 | 429 | 503,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notAuthenticated = () => new HttpError(401, 'User not authenticated');
