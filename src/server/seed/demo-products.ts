// The products of the demo account: `--seed demo` turns them on unless `--products` says otherwise,
// so that `cdn-tui --demo` and `cdn-tui serve --seed demo` hold the same data. Apart from
// demo-data.ts so that the command line can name them without loading the data set.
import type { Product } from '../../schema/types.js';

export const DEMO_PRODUCTS: readonly Product[] = ['application_acceleration', 'raw_logs'];
