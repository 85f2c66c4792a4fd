/**
 * The connection configuration: {@link io.pgfast.config.PgfastConnectionConfiguration} with its builder
 * and validation, the typed option values (SSL modes, target server types, channel binding, host lists)
 * and how URL option strings are coerced into them.
 *
 * <p>Every option is declared once, in {@link io.pgfast.config.PgOptions}: name, other spellings, default,
 * coercion ({@link io.pgfast.config.OptionCoercion}), check and doc line ({@link io.pgfast.config.PgOption}).
 * The builder stores values through {@code set(option, value)}, which runs the check; the configuration
 * answers {@code get(option)}; the URL provider applies every declared option found in
 * {@code ConnectionFactoryOptions} under its name or an alias; tests hold OPTIONS.md's table and the
 * provider's {@code Option} constants to the declarations. The typed builder methods and accessors are
 * one-line doors to {@code set} and {@code get}.
 *
 * <p><b>How to add an option.</b> (1) Declare it in {@code PgOptions}, for instance
 * {@code public static final PgOption<Duration> MAX_IDLE_TIME = PgOption.duration("maxIdleTime",
 * Duration.ofMinutes(30), Long.MAX_VALUE, "How long a connection may stay idle in the pool")}, with
 * {@code .withAlias("libpq_keyword")} where libpq spells it otherwise; {@code PgOption.of} takes any type
 * with an {@code OptionCoercion} method and a check. (2) If you like, a typed builder method
 * {@code maxIdleTime(Duration d) { return set(PgOptions.MAX_IDLE_TIME, d); }}. (3) Read it where it is used
 * with {@code configuration.get(PgOptions.MAX_IDLE_TIME)}; the transport and the flows sit below the
 * configuration and never read it, so an option they use reaches them in the value {@code io.pgfast.connect}
 * derives once ({@code TransportSettings}, the startup parameters). A URL-form option also gets its row in OPTIONS.md
 * (and README.md), which {@code OptionDeclarationsTest} demands; a code-only one is declared
 * {@code .withForm(PgOption.Form.CODE)}, a secret {@code .sensitive()}.
 *
 * <p>Pure values: nothing here opens a socket or runs a query. May import the codecs (custom codecs are
 * configured here), {@code io.pgfast.observation} and the R2DBC SPI; never the packages that use the
 * configuration (connect, r2dbc) nor the transport.
 */
package io.pgfast.config;
