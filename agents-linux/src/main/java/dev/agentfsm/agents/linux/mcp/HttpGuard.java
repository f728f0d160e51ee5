package dev.agentfsm.agents.linux.mcp;

import dev.agentfsm.runtime.internal.SafeText;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Stands in front of the SDK's servlet and decides, for every request, before any MCP session
 * exists: the {@code Host} and the {@code Origin} must name this machine's loopback names, the
 * address the request came in on, the bound address or one the user allowed (a DNS-rebinding page
 * names its own host: 403); the bearer token must match (401); a body must fit its cap (413); a
 * malformed JSON-RPC body gets its JSON-RPC error (400); a new session needs a free place (503), and
 * a request naming a session that is not live is refused (404).
 */
final class HttpGuard implements Filter {
    /** The header that carries a session's id, both ways. */
    static final String SESSION_HEADER = "Mcp-Session-Id";

    /** JSON-RPC's implementation-defined server error: here, a server with no room for a session. */
    private static final int SERVER_FULL = -32000;

    private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");
    private static final int MAX_OCTET = 255;
    private static final String BEARER = "bearer ";
    /** The most of a header value a refusal shows. */
    private static final int SHOWN_CHARS = 100;

    private static final List<String> LOOPBACK_NAMES = List.of("localhost", "127.0.0.1", "::1");

    private final HttpServerOptions options;
    private final Optional<InetAddress> bound;
    private final SessionRegistry sessions;
    private final McpJsonMapper mapper;
    private final Optional<byte[]> tokenDigest;
    private final int maxInitializeBytes;

    /**
     * @param bound the address the server listens on; empty for a wildcard address (0.0.0.0, ::)
     */
    HttpGuard(HttpServerOptions options, Optional<InetAddress> bound, SessionRegistry sessions, McpJsonMapper mapper) {
        this.options = Objects.requireNonNull(options, "options");
        this.bound = Objects.requireNonNull(bound, "bound");
        this.sessions = Objects.requireNonNull(sessions, "sessions");
        this.mapper = Objects.requireNonNull(mapper, "mapper");
        this.tokenDigest = options.token().map(HttpGuard::digest);
        this.maxInitializeBytes = Math.min(HttpServerOptions.MAX_INITIALIZE_BYTES, options.maxBodyBytes());
    }

    @Override
    public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
            throws IOException, ServletException {
        HttpServletRequest request = (HttpServletRequest) req;
        HttpServletResponse response = (HttpServletResponse) res;
        Optional<String> forbidden = hostRefusal(request).or(() -> originRefusal(request));
        if (forbidden.isPresent()) {
            text(response, HttpServletResponse.SC_FORBIDDEN, forbidden.get());
            return;
        }
        Optional<String> unauthorized = tokenRefusal(request);
        if (unauthorized.isPresent()) {
            response.setHeader("WWW-Authenticate", "Bearer realm=\"agents-linux mcp\"");
            text(response, HttpServletResponse.SC_UNAUTHORIZED, unauthorized.get());
            return;
        }
        String session = request.getHeader(SESSION_HEADER);
        if ("POST".equals(request.getMethod())) {
            post(request, response, chain, Optional.ofNullable(session));
        } else if (session != null) {
            inSession(request, response, chain, session);
        } else {
            chain.doFilter(request, response);
        }
    }

    // ---- Host and Origin: what a DNS-rebinding page cannot fake ----

    private Optional<String> hostRefusal(HttpServletRequest request) {
        String host = request.getHeader("Host");
        if (host == null || host.isBlank()) {
            return Optional.of("refused: a request needs a Host header naming this server");
        }
        if (allowedHost(request, hostOf(host.strip()))) {
            return Optional.empty();
        }
        return Optional.of("refused: Host '" + shown(host) + "' is not this server's name (allowed: localhost, the"
                + " loopback and bound addresses" + allowedList() + "); if you reach it by that name, start it with"
                + " --allow-host " + shown(hostOf(host.strip())));
    }

    private Optional<String> originRefusal(HttpServletRequest request) {
        for (String origin : Collections.list(request.getHeaders("Origin"))) {
            Optional<String> key = HttpServerOptions.originKey(origin);
            boolean allowed = key.isPresent()
                    && (options.allowedOrigins().contains(key.get())
                            || allowedHost(
                                    request,
                                    hostOf(key.get().substring(key.get().indexOf("://") + 3))));
            if (!allowed) {
                return Optional.of("refused: Origin '" + shown(origin) + "' is not this machine's (allowed: pages on"
                        + " localhost, the loopback and bound addresses" + allowedList()
                        + "); to let that page in, start the server with --allow-origin " + shown(origin));
            }
        }
        return Optional.empty();
    }

    private String allowedList() {
        return Stream.concat(options.allowedHosts().stream(), options.allowedOrigins().stream())
                .sorted()
                .map(allowed -> ", " + allowed)
                .collect(Collectors.joining());
    }

    private boolean allowedHost(HttpServletRequest request, String host) {
        String key = HttpServerOptions.hostKey(host);
        if (key.endsWith(".")) {
            key = key.substring(0, key.length() - 1);
        }
        if (LOOPBACK_NAMES.contains(key) || options.allowedHosts().contains(key)) {
            return true;
        }
        Optional<InetAddress> address = literal(key);
        if (address.isEmpty()) {
            return false; // a name: only those listed above (it is never looked up)
        }
        if (address.get().isLoopbackAddress()
                && bound.map(InetAddress::isLoopbackAddress).orElse(false)) {
            return true;
        }
        return address.equals(bound)
                || address.equals(literal(HttpServerOptions.hostKey(request.getLocalAddr())))
                || options.allowedHosts().stream().map(HttpGuard::literal).anyMatch(address::equals);
    }

    /** The host of a {@code Host} value, without its port. */
    private static String hostOf(String hostAndPort) {
        if (hostAndPort.startsWith("[")) {
            int close = hostAndPort.indexOf(']');
            return close < 0 ? hostAndPort : hostAndPort.substring(0, close + 1);
        }
        int colon = hostAndPort.lastIndexOf(':');
        return colon >= 0 && hostAndPort.indexOf(':') == colon ? hostAndPort.substring(0, colon) : hostAndPort;
    }

    /** An IP address written out, parsed without any name lookup; empty for a name. */
    private static Optional<InetAddress> literal(String key) {
        boolean ipv4 = IPV4.matcher(key).matches()
                && Stream.of(key.split("\\.")).allMatch(octet -> Integer.parseInt(octet) <= MAX_OCTET);
        // InetAddress looks up what does not parse as an address, except text with a colon: so only these
        boolean ipv6 = key.contains(":") && key.matches("[0-9a-f:.]+");
        if (!(ipv4 || ipv6)) {
            return Optional.empty();
        }
        try {
            return Optional.of(InetAddress.getByName(key)); // a literal: parsed, not looked up
        } catch (UnknownHostException e) {
            return Optional.empty();
        }
    }

    // ---- the bearer token ----

    private Optional<String> tokenRefusal(HttpServletRequest request) {
        if (tokenDigest.isEmpty()) {
            return Optional.empty();
        }
        String authorization = request.getHeader("Authorization");
        if (authorization == null || !authorization.toLowerCase(Locale.ROOT).startsWith(BEARER)) {
            return Optional.of("refused: this MCP server needs 'Authorization: Bearer TOKEN', with the token it"
                    + " printed when it started (or the one in its --token-env variable)");
        }
        byte[] given = digest(authorization.substring(BEARER.length()).strip());
        // digests of equal length, compared in constant time: the answer's timing says nothing of the token
        if (!MessageDigest.isEqual(tokenDigest.get(), given)) {
            return Optional.of("refused: the bearer token is not this server's; use the one it printed when it"
                    + " started (or the one in its --token-env variable)");
        }
        return Optional.empty();
    }

    private static byte[] digest(String token) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this Java has no SHA-256, which every Java has to have", e);
        }
    }

    // ---- bodies and sessions ----

    private void post(
            HttpServletRequest request, HttpServletResponse response, FilterChain chain, Optional<String> session)
            throws IOException, ServletException {
        long declared = request.getContentLengthLong();
        if (declared > options.maxBodyBytes()) {
            text(response, HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE, tooLarge(declared));
            return;
        }
        Optional<byte[]> body = read(request.getInputStream(), options.maxBodyBytes());
        if (body.isEmpty()) {
            text(response, HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE, tooLarge(-1));
            return;
        }
        Charset charset = charset(request);
        JsonRpcCheck.Verdict verdict = JsonRpcCheck.check(mapper, new String(body.get(), charset));
        if (verdict instanceof JsonRpcCheck.Refusal refusal) {
            json(response, HttpServletResponse.SC_BAD_REQUEST, refusal);
            return;
        }
        HttpServletRequest replay = new Replay(request, body.get());
        if (((JsonRpcCheck.Message) verdict).isInitialize()) {
            initialize(replay, response, chain, body.get().length, (JsonRpcCheck.Message) verdict);
        } else if (session.isPresent()) {
            inSession(replay, response, chain, session.get());
        } else {
            chain.doFilter(replay, response); // the SDK asks for the session's id
        }
    }

    private String tooLarge(long declared) {
        return "refused: a request body is at most " + options.maxBodyBytes() + " bytes"
                + (declared >= 0 ? "; this one declares " + declared : "; this one is longer");
    }

    private void initialize(
            HttpServletRequest request,
            HttpServletResponse response,
            FilterChain chain,
            int bytes,
            JsonRpcCheck.Message message)
            throws IOException, ServletException {
        if (bytes > maxInitializeBytes) {
            text(
                    response,
                    HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE,
                    "refused: an initialize request is at most " + maxInitializeBytes + " bytes (a session keeps the"
                            + " client's information); this one has " + bytes);
            return;
        }
        if (!sessions.reserve()) {
            Object id = ((McpSchema.JSONRPCRequest) message.message()).id();
            json(
                    response,
                    HttpServletResponse.SC_SERVICE_UNAVAILABLE,
                    new JsonRpcCheck.Refusal(
                            Optional.ofNullable(id),
                            SERVER_FULL,
                            "the server already has " + sessions.max() + " sessions, its most (--max-sessions); end"
                                    + " one (HTTP DELETE with its " + SESSION_HEADER
                                    + ") or wait until one has been idle"
                                    + " for " + sessions.idle().toSeconds() + " s"));
            return;
        }
        NewSession made = new NewSession(response);
        try {
            chain.doFilter(request, made);
        } finally {
            if (made.id.isEmpty()) {
                sessions.unreserve();
            } else if (response.getStatus() != HttpServletResponse.SC_OK) {
                sessions.remove(made.id.get());
            }
        }
    }

    /**
     * The initialize answer, which takes the new session into the registry the moment the SDK names it in its
     * header: before the answer leaves, so a client that sends its next request as soon as it reads the id is
     * never refused as naming no session (which it was when the session was taken in after the SDK returned).
     */
    private final class NewSession extends HttpServletResponseWrapper {
        private Optional<String> id = Optional.empty();

        NewSession(HttpServletResponse response) {
            super(response);
        }

        @Override
        public void setHeader(String name, String value) {
            started(name, value);
            super.setHeader(name, value);
        }

        @Override
        public void addHeader(String name, String value) {
            started(name, value);
            super.addHeader(name, value);
        }

        private void started(String name, String value) {
            if (SESSION_HEADER.equalsIgnoreCase(name) && value != null && id.isEmpty()) {
                sessions.started(value);
                id = Optional.of(value);
            }
        }
    }

    private void inSession(HttpServletRequest request, HttpServletResponse response, FilterChain chain, String id)
            throws IOException, ServletException {
        if (!sessions.enter(id)) {
            json(
                    response,
                    HttpServletResponse.SC_NOT_FOUND,
                    new JsonRpcCheck.Refusal(
                            Optional.empty(),
                            JsonRpcCheck.INVALID_REQUEST,
                            "no such session: it ended, or expired after "
                                    + sessions.idle().toSeconds() + " s without a request; initialize a new one"));
            return;
        }
        AtomicBoolean left = new AtomicBoolean();
        Runnable leave = () -> {
            if (left.compareAndSet(false, true)) {
                sessions.leave(id);
            }
        };
        try {
            chain.doFilter(request, response);
        } finally {
            if (request.isAsyncStarted()) {
                leaveWhenDone(request, leave);
            } else {
                leave.run();
                int status = response.getStatus();
                if (status == HttpServletResponse.SC_NOT_FOUND
                        || ("DELETE".equals(request.getMethod()) && status == HttpServletResponse.SC_OK)) {
                    sessions.remove(id);
                }
            }
        }
    }

    /** A stream (an SSE answer, a listening GET) is in flight until it completes. */
    private static void leaveWhenDone(HttpServletRequest request, Runnable leave) {
        try {
            request.getAsyncContext().addListener(new AsyncListener() {
                @Override
                public void onComplete(AsyncEvent event) {
                    leave.run();
                }

                @Override
                public void onTimeout(AsyncEvent event) {
                    leave.run();
                }

                @Override
                public void onError(AsyncEvent event) {
                    leave.run();
                }

                @Override
                public void onStartAsync(AsyncEvent event) {
                    // the same stream goes on
                }
            });
        } catch (IllegalStateException e) { // it completed meanwhile
            leave.run();
        }
        if (!request.isAsyncStarted()) {
            leave.run();
        }
    }

    /** At most {@code limit} bytes; empty when there are more. */
    private static Optional<byte[]> read(InputStream in, int limit) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
            if (body.size() + n > limit) {
                return Optional.empty();
            }
            body.write(buffer, 0, n);
        }
        return Optional.of(body.toByteArray());
    }

    private static Charset charset(HttpServletRequest request) {
        String name = request.getCharacterEncoding();
        try {
            return name == null ? StandardCharsets.UTF_8 : Charset.forName(name);
        } catch (IllegalArgumentException e) {
            return StandardCharsets.UTF_8; // the SDK reads it so too: JSON is UTF-8
        }
    }

    /** A header value as a refusal may show it: one line, control and bidi characters escaped, short. */
    private static String shown(String value) {
        return SafeText.line(value, SHOWN_CHARS);
    }

    private static void text(HttpServletResponse response, int status, String line) throws IOException {
        response.setStatus(status);
        response.setContentType("text/plain;charset=utf-8");
        response.getWriter().write(line + "\n");
    }

    private void json(HttpServletResponse response, int status, JsonRpcCheck.Refusal refusal) throws IOException {
        response.setStatus(status);
        response.setContentType("application/json;charset=utf-8");
        response.getWriter().write(refusal.json(mapper));
    }

    /** The request with its body, already read here, to be read again by the SDK. */
    private static final class Replay extends HttpServletRequestWrapper {
        private final byte[] body;

        Replay(HttpServletRequest request, byte[] body) {
            super(request);
            this.body = body;
        }

        @Override
        public int getContentLength() {
            return body.length;
        }

        @Override
        public long getContentLengthLong() {
            return body.length;
        }

        @Override
        public ServletInputStream getInputStream() {
            ByteArrayInputStream in = new ByteArrayInputStream(body);
            return new ServletInputStream() {
                @Override
                public boolean isFinished() {
                    return in.available() == 0;
                }

                @Override
                public boolean isReady() {
                    return true;
                }

                @Override
                public void setReadListener(ReadListener listener) {
                    throw new IllegalStateException("the body was read already; read it blocking");
                }

                @Override
                public int read() {
                    return in.read();
                }

                @Override
                public int read(byte[] b, int off, int len) {
                    return in.read(b, off, len);
                }
            };
        }

        @Override
        public BufferedReader getReader() {
            return new BufferedReader(new InputStreamReader(getInputStream(), charset(this)));
        }
    }
}
