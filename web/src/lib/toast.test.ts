import { TOAST_MS, TOAST_POSITION } from './toast';

describe('toasts (spec 000 §1, §9)', () => {
  it('sit at the bottom centre and close after 2 seconds', () => {
    expect(TOAST_POSITION).toBe('bottom-center');
    expect(TOAST_MS).toBe(2000);
  });
});
