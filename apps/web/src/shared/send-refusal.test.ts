import { CONVERSATION_MESSAGES } from '@karya/domain/whatsapp-conversations';
import { WHATSAPP_TEMPLATE_MESSAGES } from '@karya/domain/whatsapp-templates';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { offersOwnWhatsapp } from './send-refusal';

describe("a refused send's fallback to the sender's own WhatsApp", () => {
  it('is offered when there is no template and the window is closed', () => {
    expect(offersOwnWhatsapp(new ApiError(409, WHATSAPP_TEMPLATE_MESSAGES.windowClosed))).toBe(
      true,
    );
  });

  it('is not offered to a customer who replied STOP', () => {
    expect(offersOwnWhatsapp(new ApiError(409, CONVERSATION_MESSAGES.optedOut))).toBe(false);
  });

  it('is not offered for any other refusal or failure', () => {
    expect(offersOwnWhatsapp(new ApiError(409, CONVERSATION_MESSAGES.notConfigured))).toBe(false);
    expect(offersOwnWhatsapp(new ApiError(502, WHATSAPP_TEMPLATE_MESSAGES.windowClosed))).toBe(
      false,
    );
    expect(offersOwnWhatsapp(new Error(WHATSAPP_TEMPLATE_MESSAGES.windowClosed))).toBe(false);
  });
});
