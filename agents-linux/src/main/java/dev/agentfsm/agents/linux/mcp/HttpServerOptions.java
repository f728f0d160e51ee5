package dev.agentfsm.agents.linux.mcp;

import java.net.URI;
import java.net.URISyntaxException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * How the shell's Streamable HTTP server ({@link ShellMcpServer#serveHttp}) guards itself: the bearer
 * token every request must carry (or none, on a loopback address only), the {@code Host} and
 * {@code Origin} names it answers besides this machine's loopback names and the address it was reached
 * on, and its caps: the bytes of a request body and of an {@code initialize} (whose client
 * information a session keeps), the sessions alive at once, and how long an idle session lives.
 *
 * <p>Start from {@link #requireToken} or {@link #noToken}; {@link #generateToken} makes a token.
 */
public final class HttpServerOptions {
    /** Sessions alive at once unless set otherwise. */
    public static final int DEFAULT_MAX_SESSIONS = 16;
    /** How long a session may go without a request, unless set otherwise. */
    public static final Duration DEFAULT_SESSION_IDLE = Duration.ofMinutes(10);
    /** The largest request body taken, unless set otherwise: a tool call is a few hundred bytes. */
    public static final int DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
    /** The largest {@code initialize} body taken: a session keeps its client information. */
    public static final int MAX_INITIALIZE_BYTES = 64 * 1024;
    /** The shortest token accepted. */
    public static final int MIN_TOKEN_CHARS = 16;

    private static final Pattern TOKEN = Pattern.compile("[\\x21-\\x7e]+");
    private static final Pattern HOST_NAME =
            Pattern.compile("[a-z0-9]([a-z0-9-]*[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*");
    private static final Pattern IPV6 = Pattern.compile("[0-9a-f:.]+");
    private static final int TOKEN_BYTES = 32;
    private static final int MIN_BODY_BYTES = 4 * 1024;

    private final Optional<String> token;
    private final Set<String> allowedHosts;
    private final Set<String> allowedOrigins;
    private final int maxSessions;
    private final Duration sessionIdle;
    private final int maxBodyBytes;
    private final Clock clock;

    private HttpServerOptions(Builder builder) {
        this.token = builder.token;
        this.allowedHosts = Set.copyOf(builder.allowedHosts);
        this.allowedOrigins = Set.copyOf(builder.allowedOrigins);
        this.maxSessions = builder.maxSessions;
        this.sessionIdle = builder.sessionIdle;
        this.maxBodyBytes = builder.maxBodyBytes;
        this.clock = builder.clock;
    }

    /**
     * Every request must carry {@code Authorization: Bearer <token>}.
     *
     * @throws IllegalArgumentException when the token is shorter than {@value #MIN_TOKEN_CHARS}
     *     characters or has a character that a header cannot carry (a space, a control character)
     */
    public static Builder requireToken(String token) {
        Objects.requireNonNull(token, "token");
        if (token.length() < MIN_TOKEN_CHARS) {
            throw new IllegalArgumentException("the bearer token has " + token.length() + " characters; use at least "
                    + MIN_TOKEN_CHARS + " (e.g. the output of 'openssl rand -hex 32')");
        }
        if (!TOKEN.matcher(token).matches()) {
            throw new IllegalArgumentException(
                    "the bearer token has a space or a control character, which a header cannot carry; use printable"
                            + " ASCII only (e.g. the output of 'openssl rand -hex 32')");
        }
        return new Builder(Optional.of(token));
    }

    /**
     * No token: any program that can reach the server may use it. {@link ShellMcpServer#serveHttp}
     * accepts this only on a loopback address, where that means any program of any user of this machine.
     */
    public static Builder noToken() {
        return new Builder(Optional.empty());
    }

    /** A random token: {@value #TOKEN_BYTES} bytes from {@link SecureRandom}, in URL-safe Base64. */
    public static String generateToken() {
        byte[] bytes = new byte[TOKEN_BYTES];
        new SecureRandom().nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    Optional<String> token() {
        return token;
    }

    Set<String> allowedHosts() {
        return allowedHosts;
    }

    Set<String> allowedOrigins() {
        return allowedOrigins;
    }

    int maxSessions() {
        return maxSessions;
    }

    Duration sessionIdle() {
        return sessionIdle;
    }

    int maxBodyBytes() {
        return maxBodyBytes;
    }

    Clock clock() {
        return clock;
    }

    /** A host name or address as the checks compare it: lower case, an IPv6 address without brackets. */
    static String hostKey(String host) {
        String key = host.toLowerCase(Locale.ROOT);
        return key.startsWith("[") && key.endsWith("]") ? key.substring(1, key.length() - 1) : key;
    }

    /**
     * An origin as the checks compare it, {@code scheme://host[:port]} in lower case without a default
     * port; empty when {@code origin} is not an http(s) origin.
     */
    static Optional<String> originKey(String origin) {
        URI uri;
        try {
            uri = new URI(origin.strip());
        } catch (URISyntaxException e) {
            return Optional.empty();
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!(scheme.equals("http") || scheme.equals("https"))
                || uri.getHost() == null
                || uri.getRawUserInfo() != null
                || !(uri.getRawPath() == null
                        || uri.getRawPath().isEmpty()
                        || uri.getRawPath().equals("/"))
                || uri.getRawQuery() != null
                || uri.getRawFragment() != null) {
            return Optional.empty();
        }
        int defaultPort = scheme.equals("http") ? 80 : 443;
        String host = uri.getHost().toLowerCase(Locale.ROOT);
        return Optional.of(
                scheme + "://" + host + (uri.getPort() < 0 || uri.getPort() == defaultPort ? "" : ":" + uri.getPort()));
    }

    /** Sets the rest of the options; each has a default. */
    public static final class Builder {
        private final Optional<String> token;
        private final Set<String> allowedHosts = new LinkedHashSet<>();
        private final Set<String> allowedOrigins = new LinkedHashSet<>();
        private int maxSessions = DEFAULT_MAX_SESSIONS;
        private Duration sessionIdle = DEFAULT_SESSION_IDLE;
        private int maxBodyBytes = DEFAULT_MAX_BODY_BYTES;
        private Clock clock = Clock.systemUTC();

        private Builder(Optional<String> token) {
            this.token = token;
        }

        /**
         * Also answer requests whose {@code Host} (and {@code Origin}) names this host, e.g. the
         * machine's DNS name when it is reached by name.
         *
         * @throws IllegalArgumentException when {@code host} is not a bare host name or address
         */
        public Builder allowHost(String host) {
            String key = hostKey(Objects.requireNonNull(host, "host").strip());
            if (!(HOST_NAME.matcher(key).matches()
                    || (key.contains(":") && IPV6.matcher(key).matches()))) {
                throw new IllegalArgumentException("allowed host '" + host
                        + "' is not a host name or address; give the name alone, e.g. 'build-box.lan' (no scheme, port"
                        + " or path)");
            }
            allowedHosts.add(key);
            return this;
        }

        /**
         * Also answer requests from web pages of this origin ({@code Origin} header), e.g.
         * {@code https://inspector.example:6274}.
         *
         * @throws IllegalArgumentException when {@code origin} is not {@code http(s)://host[:port]}
         */
        public Builder allowOrigin(String origin) {
            allowedOrigins.add(originKey(Objects.requireNonNull(origin, "origin"))
                    .orElseThrow(() -> new IllegalArgumentException("allowed origin '" + origin
                            + "' is not an origin; give scheme, host and port only, e.g. 'http://localhost:6274'")));
            return this;
        }

        /**
         * The sessions alive at once; an {@code initialize} beyond them is refused with 503 until one
         * ends (DELETE) or expires.
         *
         * @throws IllegalArgumentException when below 1
         */
        public Builder maxSessions(int sessions) {
            if (sessions < 1) {
                throw new IllegalArgumentException("the most sessions must be at least 1, got " + sessions);
            }
            this.maxSessions = sessions;
            return this;
        }

        /**
         * How long a session may go without a request (and without an open stream) before it expires.
         *
         * @throws IllegalArgumentException when shorter than a second
         */
        public Builder sessionIdle(Duration idle) {
            if (idle.compareTo(Duration.ofSeconds(1)) < 0) {
                throw new IllegalArgumentException("a session's idle time must be at least 1 s, got " + idle);
            }
            this.sessionIdle = idle;
            return this;
        }

        /**
         * The largest request body taken; a larger one is refused with 413.
         *
         * @throws IllegalArgumentException when below 4 KiB
         */
        public Builder maxBodyBytes(int bytes) {
            if (bytes < MIN_BODY_BYTES) {
                throw new IllegalArgumentException(
                        "the largest request body must be at least " + MIN_BODY_BYTES + " bytes, got " + bytes);
            }
            this.maxBodyBytes = bytes;
            return this;
        }

        /** The clock that idle times are measured on (a test's own). */
        Builder clock(Clock clock) {
            this.clock = Objects.requireNonNull(clock, "clock");
            return this;
        }

        public HttpServerOptions build() {
            return new HttpServerOptions(this);
        }
    }
}
