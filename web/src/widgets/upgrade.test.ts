import { describe, expect, it } from 'vitest';
import { upgradeMessage } from './WidgetBody';
import { ApiRequestError } from '../api/client';

describe("a widget the tier does not include", () => {
  it('offers the upgrade for the server\'s upgrade_required answer only', () => {
    const msg = 'In order to use this widget, please upgrade the subscription to Volland 30 or higher.';
    expect(upgradeMessage(new ApiRequestError(403, 'upgrade_required', msg))).toBe(msg);
    expect(upgradeMessage(new ApiRequestError(403, 'forbidden', 'no'))).toBeNull();
    expect(upgradeMessage(new ApiRequestError(500, 'upgrade_required', msg))).toBeNull();
  });
});
