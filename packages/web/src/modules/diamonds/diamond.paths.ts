/**
 * The diamond screens (document 2 §2: /diamonds and /diamond, `?type=gemstone` for gemstones) and the
 * two the spec names without routes (Pull Diamond, Sold Diamond), under /diamonds where a jeweller
 * looks for them.
 */
export const diamondPaths = {
  list: '/diamonds',
  alias: '/diamond',
  /** The gemstones list: the same screen with the spec's query parameter. */
  gemstonesSearch: '?type=gemstone',
  pull: '/diamonds/pull',
  sold: '/diamonds/sold',
} as const;

/**
 * System > Nivoda Logs and System > Service (document 3 §2.1), and the feed's settings beside the
 * service screen (route not in the spec): the Nivoda connection, the schedule and the exchange rate.
 */
export const nivodaPaths = { logs: '/system/nivoda-logs', service: '/system/service', settings: '/system/service/settings' } as const;
