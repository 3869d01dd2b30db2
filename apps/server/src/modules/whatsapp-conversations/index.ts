/**
 * The WhatsApp conversation (issue 40, decision 048): app.ts hands the signed webhook's
 * messages to recordInboundMessages and registers the desk's routes.
 */
export { conversationsRoutes } from './conversations.routes';
export { recordInboundMessages } from './inbound';
