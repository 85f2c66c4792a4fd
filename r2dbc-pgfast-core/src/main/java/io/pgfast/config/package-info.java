/**
 * The connection configuration: {@link io.pgfast.config.PgfastConnectionConfiguration} with its builder
 * and validation, the typed option values (SSL modes, target server types, channel binding, host lists)
 * and how URL option strings are coerced into them.
 *
 * <p>Every option is declared once, in {@link io.pgfast.config.PgOptions} (the pool's in
 * {@code io.pgfast.pool.PoolOptions}): name, other spellings, default, coercion ({@link io.pgfast.config.OptionCoercion}),
 * check and documentation ({@link io.pgfast.config.PgOption}). The builder stores values through
 * {@code set(option, value)}, which runs the check; the configuration answers {@code get(option)}; the URL provider
 * applies every declared option found in {@code ConnectionFactoryOptions} under its name or an alias. The typed builder
 * methods and getters, the provider's {@code Option} constants and OPTIONS.md's tables are generated from the
 * declarations, between {@code BEGIN GENERATED} and {@code END GENERATED} lines; the test {@code OptionSourcesTest}
 * rewrites them and fails while they differ.
 *
 * <p><b>How to add an option.</b> (1) Declare it in {@code PgOptions}, for instance
 * {@code public static final PgOption<Integer> FETCH_SIZE = PgOption.integer("fetchSize", 0, 0, "must be 0 (all rows) or
 * positive", "Rows per Execute of a portal; 0 fetches all rows at once").example("1000")}, with
 * {@code .withLibpqName("keyword")} where libpq spells it otherwise and {@code .details("...")} for what the doc line
 * leaves out; {@code PgOption.of} takes any type with an {@code OptionCoercion} method and a check. (2) Read it where it
 * is used with {@code configuration.get(PgOptions.FETCH_SIZE)}; the transport and the flows sit below the configuration
 * and never read it, so an option they use reaches them in the value {@code io.pgfast.connect} derives once
 * ({@code TransportSettings}, the startup parameters). (3) Run the tests: {@code OptionSourcesTest} writes its builder
 * method, getter, provider constant and OPTIONS.md row. A code-only option is declared
 * {@code .withForm(PgOption.Form.CODE)}, a secret {@code .sensitive()}; a builder method or getter written by hand
 * (other types, more to do) is declared {@code .withoutGeneratedSetter()} or {@code .withoutGeneratedGetter()}.
 *
 * <p>Pure values: nothing here opens a socket or runs a query. May import the codecs (custom codecs are
 * configured here), {@code io.pgfast.observation} and the R2DBC SPI; never the packages that use the
 * configuration (connect, r2dbc) nor the transport.
 */
package io.pgfast.config;
