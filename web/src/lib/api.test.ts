// The headers every call carries: the page's language goes with it, so the server writes the
// person's e-mails in the language they use the app in.
import { requestHeaders } from './api';

afterEach(() => {
  document.documentElement.lang = '';
});

describe('requestHeaders', () => {
  it('sends the language the page is shown in, and JSON when there is a body', () => {
    document.documentElement.lang = 'pt-BR';
    expect(requestHeaders(true)).toEqual({ 'content-type': 'application/json', 'accept-language': 'pt-BR' });
    expect(requestHeaders(false)).toEqual({ 'accept-language': 'pt-BR' });
  });

  it('leaves the browser its own list before the language is known', () => {
    expect(requestHeaders(false)).toEqual({});
  });
});
