package io.pgfast.testing;

/**
 * The client authentication methods the test server is set up for, one login role each.
 *
 * @see <a href="https://www.postgresql.org/docs/current/auth-methods.html">PostgreSQL: Authentication Methods</a>
 */
public enum AuthMethod {
    TRUST("pgfast_trust", "trust"),
    PASSWORD("pgfast_password", "password"),
    MD5("pgfast_md5", "md5"),
    SCRAM("pgfast_scram", "scram-sha-256"),
    /** Client certificate whose CN is the role name, over TLS only ({@code hostssl}). */
    CERT("pgfast_cert", "cert clientcert=verify-full");

    private final String roleName;
    private final String hbaMethod;

    AuthMethod(String roleName, String hbaMethod) {
        this.roleName = roleName;
        this.hbaMethod = hbaMethod;
    }

    /** The login role that pg_hba.conf maps to this method. */
    public String roleName() {
        return roleName;
    }

    /** The role's password: {@code <role>_pw}. Roles whose method ignores it still have one. */
    public String password() {
        return roleName + "_pw";
    }

    /** The method column (with options) of this role's pg_hba.conf line. */
    String hbaMethod() {
        return hbaMethod;
    }

    /** The {@code auth_method} that the pg_hba_file_rules view shows for this role's line. */
    String hbaRuleName() {
        int space = hbaMethod.indexOf(' ');
        return space < 0 ? hbaMethod : hbaMethod.substring(0, space);
    }
}
