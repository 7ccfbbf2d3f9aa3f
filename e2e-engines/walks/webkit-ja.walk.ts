import { walkInWebKit } from './webkit';

/** WebKit in Japanese, as a customer in Japan on an iPhone. */
await walkInWebKit('webkit-ja', 'ja-JP', 'jp');
