export const businessKeys = {
  profile: ['business-profile'] as const,
};
