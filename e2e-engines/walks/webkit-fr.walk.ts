import { walkInWebKit } from './webkit';

/** WebKit in French, as a customer in France on an iPhone. */
await walkInWebKit('webkit-fr', 'fr-FR', 'fr');
